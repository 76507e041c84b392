// The mapping step's state (bind a cloned app to the buyer's own spreadsheet): for each sheet the
// app's blocks use, a sheet of the buyer's spreadsheet, and for each used column one of that
// sheet's columns or null ("leave as is"). Starts from the server's suggestion; a sheet chosen by
// hand gets its columns guessed the same way (by name, then by type).
import type { MappingBody, MappingChoice, MappingPlan } from '../../../shared/api/templates';
import { guessColumns, nameKey } from '../../../shared/rules/column-guess';
import { TEMPLATE_MESSAGES } from '../../../shared/rules/templates';

type Plan = MappingPlan;

export interface SheetChoice {
  /** The buyer's sheet (null: not chosen yet). */
  to: string | null;
  /** Used column → the buyer's column, or null to leave it as it is. */
  columns: Record<string, string | null>;
}
/** By used sheet title. */
export type MappingState = Record<string, SheetChoice>;

export { guessColumns, nameKey };

const targetSheet = (plan: Plan, title: string | null) => (title === null ? undefined : plan.target?.sheets.find((s) => s.title === title));

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

/** A block the mapping would break: it names `column` of `sheet` (the template's names), left unmapped and missing from the chosen sheet. */
export interface BrokenRef {
  sheet: string;
  column: string;
  blockId: string;
  block: string;
}

/** What the owner chose for a broken block (by brokenKey). */
export type BrokenChoices = Record<string, MappingChoice['choice']>;

export const brokenKey = (r: Pick<BrokenRef, 'sheet' | 'column' | 'blockId'>): string => JSON.stringify([r.sheet, r.column, r.blockId]);

/**
 * The blocks each unmapped column would break, as the server's integrity check finds them: a
 * column left as it is keeps its name, so the blocks naming it break when the chosen sheet has
 * no column of that name.
 */
export function brokenRefs(state: MappingState, plan: Plan): BrokenRef[] {
  const out: BrokenRef[] = [];
  for (const u of plan.used) {
    const choice = state[u.sheet];
    const sheet = targetSheet(plan, choice?.to ?? null);
    if (!choice || !sheet) continue;
    const names = new Set(sheet.columns.map((c) => c.name));
    for (const c of u.columns) {
      if (choice.columns[c.name] || names.has(c.name)) continue;
      for (const b of c.named_by) out.push({ sheet: u.sheet, column: c.name, blockId: b.block_id, block: b.block });
    }
  }
  return out;
}

/** The broken blocks nothing was chosen for, in words. */
export function unresolvedProblems(state: MappingState, plan: Plan, choices: BrokenChoices): string[] {
  return brokenRefs(state, plan)
    .filter((r) => !choices[brokenKey(r)])
    .map((r) => `Choose a column for “${r.column}”, or what happens to “${r.block}” without it.`);
}

/** The body of POST /api/apps/:appId/column-mapping (used sheets in the plan's order; a choice for each broken block chosen). */
export function mappingBody(state: MappingState, plan: Plan, spreadsheetId: string, choices: BrokenChoices = {}): MappingBody {
  const chosen = brokenRefs(state, plan).flatMap((r) => {
    const choice = choices[brokenKey(r)];
    return choice ? [{ block_id: r.blockId, sheet: r.sheet, column: r.column, choice }] : [];
  });
  return {
    ...(chosen.length ? { choices: chosen } : {}),
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
