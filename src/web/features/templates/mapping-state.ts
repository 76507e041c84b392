// The mapping step's state (bind a cloned app to the buyer's own spreadsheet): for each sheet the
// app's blocks use, a sheet of the buyer's spreadsheet, and for each used column one of that
// sheet's columns or null ("leave as is"). Starts from the server's suggestion; a sheet chosen by
// hand gets its columns guessed the same way (by name, then by type).
import type { MappingBody, MappingPlan } from '../../../shared/api/templates';
import { TEMPLATE_MESSAGES } from '../../../shared/rules/templates';

type Plan = MappingPlan;
type Column = { name: string; type: string };

export interface SheetChoice {
  /** The buyer's sheet (null: not chosen yet). */
  to: string | null;
  /** Used column → the buyer's column, or null to leave it as it is. */
  columns: Record<string, string | null>;
}
/** By used sheet title. */
export type MappingState = Record<string, SheetChoice>;

/** Names compared without case, spaces, underscores or hyphens ('Order Date' ≈ 'order_date'). */
export const nameKey = (s: string): string => s.toLowerCase().replace(/[\s_-]+/g, '');

const targetSheet = (plan: Plan, title: string | null) => (title === null ? undefined : plan.target?.sheets.find((s) => s.title === title));

/** Each used column's guess among `target`: the same name first, then an unclaimed column of the same type. */
export function guessColumns(used: readonly Column[], target: readonly Column[]): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  const claimed = new Set<string>();
  for (const c of used) {
    const hit = target.find((t) => !claimed.has(t.name) && nameKey(t.name) === nameKey(c.name));
    out[c.name] = hit?.name ?? null;
    if (hit) claimed.add(hit.name);
  }
  for (const c of used) {
    if (out[c.name] !== null) continue;
    const hit = target.find((t) => !claimed.has(t.name) && t.type === c.type);
    out[c.name] = hit?.name ?? null;
    if (hit) claimed.add(hit.name);
  }
  return out;
}

/** The state the page starts from: the server's suggestion, kept only where it names real sheets and columns. */
export function initialMapping(plan: Plan): MappingState {
  const state: MappingState = {};
  for (const u of plan.used) {
    const s = plan.suggestion.find((x) => x.from === u.sheet);
    const sheet = targetSheet(plan, s?.to ?? null);
    if (!sheet) {
      state[u.sheet] = { to: null, columns: Object.fromEntries(u.columns.map((c) => [c.name, null])) };
      continue;
    }
    const names = new Set(sheet.columns.map((c) => c.name));
    const guessed = guessColumns(u.columns, sheet.columns);
    state[u.sheet] = {
      to: sheet.title,
      columns: Object.fromEntries(
        u.columns.map((c) => {
          const suggested = s?.columns[c.name];
          return [c.name, suggested !== undefined ? (suggested !== null && names.has(suggested) ? suggested : null) : (guessed[c.name] ?? null)];
        }),
      ),
    };
  }
  return state;
}

/** Another target sheet for `from`: its columns are guessed again against that sheet. */
export function chooseSheet(state: MappingState, plan: Plan, from: string, to: string | null): MappingState {
  const used = plan.used.find((u) => u.sheet === from);
  if (!used) return state;
  const sheet = targetSheet(plan, to);
  const columns = sheet ? guessColumns(used.columns, sheet.columns) : Object.fromEntries(used.columns.map((c) => [c.name, null]));
  return { ...state, [from]: { to: sheet ? sheet.title : null, columns } };
}

export function chooseColumn(state: MappingState, from: string, column: string, to: string | null): MappingState {
  const cur = state[from];
  if (!cur) return state;
  return { ...state, [from]: { ...cur, columns: { ...cur.columns, [column]: to } } };
}

/** What stops Apply, in words (the server's own texts): a used sheet without a target, a column not in its sheet. */
export function mappingProblems(state: MappingState, plan: Plan): string[] {
  const problems: string[] = [];
  if (plan.used.some((u) => !targetSheet(plan, state[u.sheet]?.to ?? null))) problems.push(TEMPLATE_MESSAGES.mappingSheetMissing);
  for (const u of plan.used) {
    const choice = state[u.sheet];
    const sheet = targetSheet(plan, choice?.to ?? null);
    if (!choice || !sheet) continue;
    const names = new Set(sheet.columns.map((c) => c.name));
    for (const to of Object.values(choice.columns)) if (to !== null && !names.has(to)) problems.push(TEMPLATE_MESSAGES.mappingColumnUnknown(to, sheet.title));
  }
  return problems;
}

/** The body of POST /api/apps/:appId/column-mapping (used sheets in the plan's order). */
export function mappingBody(state: MappingState, plan: Plan, spreadsheetId: string): MappingBody {
  return {
    spreadsheet_id: spreadsheetId,
    sheets: plan.used.flatMap((u) => {
      const choice = state[u.sheet];
      if (!choice?.to) return [];
      return [{ from: u.sheet, to: choice.to, columns: Object.fromEntries(u.columns.map((c) => [c.name, choice.columns[c.name] ?? null])) }];
    }),
  };
}

/** Used columns that will read a column of the buyer's sheet, of all used columns. */
export function mappedCount(state: MappingState, plan: Plan): { mapped: number; total: number } {
  let mapped = 0;
  let total = 0;
  for (const u of plan.used)
    for (const c of u.columns) {
      total++;
      if (state[u.sheet]?.to && state[u.sheet]?.columns[c.name]) mapped++;
    }
  return { mapped, total };
}
