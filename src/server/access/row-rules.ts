// Row rules (issue 34): which rows of a sheet a viewer of an app reads and may change, and which
// columns an app user or a guest never gets. The owner decides (PUT /api/apps/{id}/row-rules);
// the owner and the workspace's editors are never held to a rule. A rule is compiled here, once
// per request, into a cell test on one column keyed by everything it depends on (the rule and the
// caller's e-mail and groups): spreadsheets/service.ts turns it into the same column mask the
// board filters use (sheets/sheet-query.ts columnFilterMask), so every read path that selects a
// viewer's rows (sheet data, one row, charts, maps, the app's data answer) is held to it, and
// every kept answer keyed by it. Row writes (rows/service.ts) ask rowAllowed of the stored row.
import type { RowRule, RowRules } from '../../shared/api/row-rules';
import { compileRuleTest, ruleKeys, ruleOfSheet, type RuleIdentity } from '../../shared/rules/row-rules';
import type { SignedInAppUser } from '../../shared/api/app-users';

/** The rule one reader of one sheet is held to, compiled. */
export interface ViewerRowRule {
  rule: RowRule;
  column: string;
  who: RuleIdentity;
  /** Names the rule and the caller's keys: the mask's cache key, and part of every kept answer's. */
  key: string;
  test: (value: unknown) => boolean;
}

/** What the rules need of a viewer: whether they own the app, and the app user signed in. */
export interface RuleViewer {
  owner: boolean;
  appUser?: Pick<SignedInAppUser, 'email' | 'groups'> | null;
}

/** Who the caller is to a rule: the signed-in app user's e-mail and groups (a guest has none). */
export function ruleIdentity(viewer: RuleViewer): RuleIdentity {
  const u = viewer.appUser;
  return { email: u?.email ?? null, groups: u?.groups ?? [] };
}

/** The rule `viewer` reads `sheetTitle` under, or null: the owner, or no rule for the sheet (everyone). */
export function viewerRowRule(app: { rowRules?: RowRules }, viewer: RuleViewer | null, sheetTitle: string): ViewerRowRule | null {
  if (!viewer || viewer.owner || !app.rowRules) return null;
  const rule = ruleOfSheet(app.rowRules, sheetTitle);
  if (!rule) return null;
  const who = ruleIdentity(viewer);
  const key = JSON.stringify(['row-rule', rule.column, rule.match, rule.value, ruleKeys(rule, who)]);
  return { rule, column: rule.column, who, key, test: compileRuleTest(rule, who) };
}

/** Whether the rule gives this stored row to its viewer (a row without the column never is). */
export function rowAllowed(rule: ViewerRowRule | null, row: Record<string, unknown>): boolean {
  return !rule || (Object.hasOwn(row, rule.column) && rule.test(row[rule.column]));
}

/**
 * The value the rule's column takes in a row its viewer adds (a form, Add Row, Duplicate),
 * whatever was sent: their e-mail; for a group rule, the group sent when it is one of theirs,
 * else their first group; nothing for a guest (no one's row, so no one else's either).
 */
export function ownerCell(rule: ViewerRowRule, sent: unknown): string {
  if (rule.rule.value === 'user_email') return rule.who.email ?? '';
  if (rule.test(sent)) return String(sent);
  return rule.who.groups[0] ?? '';
}

/** The columns of `sheetTitle` kept from this viewer: hidden from app users (and so from guests), or from guests. */
export function hiddenColumns(app: { rowRules?: RowRules }, viewer: RuleViewer, sheetTitle: string): Set<string> {
  const out = new Set<string>();
  if (viewer.owner || !app.rowRules) return out;
  const guest = !viewer.appUser;
  for (const h of app.rowRules.hidden) if (h.sheet === sheetTitle && (h.from === 'app_users' || guest)) out.add(h.column);
  return out;
}
