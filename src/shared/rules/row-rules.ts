// What a row rule means (issue 34), for the server that enforces it and the editor that words it:
// one compiled test of a cell value, given who is asking. The server turns it into a column mask
// (the same masks board filters use, sheets/sheet-query.ts columnFilterMask).
import type { RowRule, RowRules } from '../api/row-rules';

/** Who a rule is asked about: the signed-in app user's e-mail and groups (none for a guest). */
export interface RuleIdentity {
  email: string | null;
  groups: readonly string[];
}

export const NO_RULES: RowRules = { rules: [], hidden: [] };

/** The stored rules of an app (apps.row_rules), whatever the text holds. */
export function rowRulesOf(stored: unknown): RowRules {
  if (!stored || typeof stored !== 'object') return NO_RULES;
  const s = stored as Partial<RowRules>;
  return { rules: Array.isArray(s.rules) ? s.rules : [], hidden: Array.isArray(s.hidden) ? s.hidden : [] };
}

/** The rule of one sheet, if any (one per sheet). */
export function ruleOfSheet(rules: RowRules, sheet: string): RowRule | undefined {
  return rules.rules.find((r) => r.sheet === sheet);
}

const norm = (v: unknown): string => (v === null || v === undefined ? '' : String(v)).trim().toLowerCase();

/** The items of a multi-value cell ('a, b' as multi-selects store them). */
function items(v: unknown): string[] {
  return (Array.isArray(v) ? v : String(v ?? '').split(',')).map(norm).filter(Boolean);
}

/** What the identity offers the rule: their e-mail, or their groups (lower case, no blanks). */
export function ruleKeys(rule: Pick<RowRule, 'value'>, who: RuleIdentity): string[] {
  const keys = rule.value === 'user_email' ? (who.email ? [who.email] : []) : who.groups;
  return [...new Set(keys.map(norm).filter(Boolean))].sort();
}

/**
 * Whether a cell gives the row to the identity: the cell equals one of their keys, or (contains)
 * one of its comma-separated items does. No keys (a guest, a user without groups): no row.
 */
export function compileRuleTest(rule: Pick<RowRule, 'match' | 'value'>, who: RuleIdentity): (value: unknown) => boolean {
  const keys = new Set(ruleKeys(rule, who));
  if (keys.size === 0) return () => false;
  if (rule.match === 'equals') return (v) => keys.has(norm(v));
  return (v) => items(v).some((i) => keys.has(i));
}

/** The rule in words, for the editor ("Rows whose Email is the signed-in user's e-mail"). */
export function ruleInWords(rule: RowRule): string {
  if (rule.value === 'user_email') return rule.match === 'equals' ? `Rows whose ${rule.column} is the signed-in user's e-mail` : `Rows whose ${rule.column} includes the signed-in user's e-mail`;
  return rule.match === 'equals' ? `Rows whose ${rule.column} is one of the signed-in user's groups` : `Rows whose ${rule.column} includes one of the signed-in user's groups`;
}
