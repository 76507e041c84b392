// The owner's list of board filters while it is being edited: pure steps of the form (a new
// filter, changing sheet or condition, what is sent, where each problem is shown).
import type { Filter, FilterCondition } from '../../../shared/filters/conditions';
import type { FilterProblem } from '../../../shared/filters/board-filters';
import { boardFilterProblems } from '../../../shared/filters/schema';
import type { SheetInfo } from '../../viewer/board-state';
import { valueKind } from '../../viewer/filters/values';

/** A new filter: on, 'Is equal to', on the first sheet; the owner names it and picks a column. */
export function newFilter(sheets: readonly SheetInfo[]): Filter {
  return { name: '', active: true, condition: '=', sheet_column: { sheet: sheets[0]?.title ?? '', column: '' }, value: '' };
}

/** Another sheet: its columns differ, so the column is chosen again. */
export function withSheet(f: Filter, sheet: string): Filter {
  return sheet === f.sheet_column.sheet ? f : { ...f, sheet_column: { sheet, column: '' } };
}

/** Another condition: the value stays when it is of the same kind (text stays text), else starts empty. */
export function withCondition(f: Filter, condition: FilterCondition): Filter {
  const from = valueKind(f.condition);
  const to = valueKind(condition);
  if (to === 'none') return { ...f, condition, value: null };
  if (from === to || (from === 'text' && to === 'anyOf') || (from === 'anyOf' && to === 'text')) return { ...f, condition, value: f.value ?? '' };
  return { ...f, condition, value: '' };
}

/** What is saved: trimmed names and values; value-less conditions keep no value. */
export function cleanFilters(filters: readonly Filter[]): Filter[] {
  return filters.map((f) => ({
    name: f.name.trim(),
    active: f.active,
    condition: f.condition,
    sheet_column: { sheet: f.sheet_column.sheet, column: f.sheet_column.column },
    value: valueKind(f.condition) === 'none' ? null : f.value === null || f.value === undefined ? '' : String(f.value).trim(),
  }));
}

export interface FormErrors {
  /** Index → field ('name', 'condition', 'sheet_column.sheet', 'sheet_column.column', 'value') → message. */
  byFilter: Record<number, Record<string, string>>;
  /** Problems of the whole list (too many filters, not a list). */
  general: string[];
}

const FIELDS = ['name', 'active', 'condition', 'sheet_column.sheet', 'sheet_column.column', 'value'];

/** Problems as the server names them (`filters.<index>.<field>`) or as boardFilterProblems gives them. */
export function formErrors(issues: readonly ({ path: string; message: string } | FilterProblem)[]): FormErrors {
  const out: FormErrors = { byFilter: {}, general: [] };
  for (const issue of issues) {
    let index: number;
    let field: string;
    if ('index' in issue) {
      index = issue.index;
      field = issue.field;
    } else {
      const m = /^filters\.(\d+)(?:\.(.+))?$/.exec(issue.path);
      if (!m) {
        if (issue.path === 'filters' || issue.path === '') out.general.push(issue.message);
        continue;
      }
      index = Number(m[1]);
      field = m[2] ?? '';
    }
    // 'sheet_column' as a whole is shown on its column picker; other odd paths on the whole filter.
    const shown = field === 'sheet_column' ? 'sheet_column.column' : FIELDS.includes(field) ? field : '';
    if (shown === '') {
      out.general.push(issue.message);
      continue;
    }
    const at = (out.byFilter[index] ??= {});
    // The field is inside its filter's box: the "Filter 'Name': " prefix would only repeat it.
    at[shown] ??= issue.message.replace(/^Filter (?:'.*?'|#\d+): /, '');
  }
  return out;
}

/** The problems the server would refuse, checked before sending. */
export function localErrors(filters: readonly Filter[]): FormErrors {
  return formErrors(boardFilterProblems(cleanFilters(filters)));
}

export function hasErrors(e: FormErrors): boolean {
  return e.general.length > 0 || Object.keys(e.byFilter).length > 0;
}
