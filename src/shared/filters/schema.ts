// The zod shapes of board filters, for the server and the editor: the saved-filters check
// (boardFilterProblems) and the sheet route's `filters` parameter. Kept apart from the engine
// (./conditions.ts) so the browser's guest path, which only evaluates filters, never loads zod.
import { z } from 'zod';
import { filterLabel, filterValueProblem, MAX_BOARD_FILTERS, MAX_FILTER_NAME, type FilterProblem } from './board-filters';
import { FILTER_CONDITIONS, type Filter } from './conditions';

export const filterValueSchema = z.union([z.string(), z.number()]).nullable().optional();

export const filterSchema = z.object({
  name: z.string(),
  active: z.boolean(),
  condition: z.enum(FILTER_CONDITIONS),
  sheet_column: z.object({ sheet: z.string(), column: z.string() }),
  value: filterValueSchema,
});
export const filtersSchema = z.array(filterSchema);

// The schema's output is exactly the engine's Filter type (a compile error otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameFilter: Same<z.infer<typeof filterSchema>, Filter> = true;
void sameFilter;

/**
 * Every problem of a list of board filters, as the server checks it before saving: the Filter
 * shape (spec entity), a name (unique, trimmed, case-insensitive, no ',' — the address separates
 * filters with commas), a sheet and a column, and a value that fits the condition.
 */
export function boardFilterProblems(items: readonly unknown[]): FilterProblem[] {
  const out: FilterProblem[] = [];
  if (items.length > MAX_BOARD_FILTERS) {
    out.push({ index: MAX_BOARD_FILTERS, field: '', message: `A board may have at most ${MAX_BOARD_FILTERS} filters` });
    return out;
  }
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const who = `Filter ${filterLabel(item, index)}`;
    const shape = filterSchema.safeParse(item);
    if (!shape.success) {
      for (const issue of shape.error.issues) {
        const field = issue.path.map(String).join('.');
        out.push({ index, field, message: `${who}: ${field ? `${field}: ` : ''}${issue.message}` });
      }
      return;
    }
    const f = shape.data;
    const name = f.name.trim();
    if (name === '') out.push({ index, field: 'name', message: `${who}: A name is required` });
    else if (name.length > MAX_FILTER_NAME) out.push({ index, field: 'name', message: `${who}: The name may be at most ${MAX_FILTER_NAME} characters` });
    else if (name.includes(',')) out.push({ index, field: 'name', message: `${who}: The name may not contain a comma` });
    else {
      const key = name.toLowerCase();
      if (seen.has(key)) out.push({ index, field: 'name', message: `${who}: Another filter has the same name` });
      else seen.set(key, index);
    }
    if (f.sheet_column.sheet.trim() === '') out.push({ index, field: 'sheet_column.sheet', message: `${who}: Choose a sheet` });
    if (f.sheet_column.column.trim() === '') out.push({ index, field: 'sheet_column.column', message: `${who}: Choose a column` });
    const problem = filterValueProblem(f.condition, f.value);
    if (problem) out.push({ index, field: 'value', message: `${who}: ${problem}` });
  });
  return out;
}
