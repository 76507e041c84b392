// The owner's row rules of an app (issue 34): GET/PUT /api/apps/{id}/row-rules. A rule or hidden
// column must name a sheet of the app's spreadsheet and one of its columns (refused in words
// otherwise), and a sheet has at most one rule. Enforcement lives where rows are read and
// written (access/row-rules.ts); this only keeps the owner's decision.
import type { HiddenColumn, RowRule, RowRules, RowRulesBody } from '../../../shared/api/row-rules';
import type { ServerContext } from '../../platform/context';
import { badRequest, type Issue } from '../../errors';
import { nowIso, parseJson } from '../../http';
import type { AppView } from '../../data/apps/record';
import { appsRepo } from '../../data/apps/repo';
import { spreadsheetsRepo } from '../../data/spreadsheets/repo';

/** The app's rules as stored. */
export function rowRulesOfApp(app: AppView): RowRules {
  return app.rowRules;
}

/** Checks every rule and hidden column against the app's sheets, then stores them (400 naming each problem). */
export async function saveRowRules(ctx: ServerContext, app: AppView, body: RowRulesBody): Promise<RowRules> {
  const sheets = app.spreadsheetId ? await spreadsheetsRepo(ctx.db).sheetsOf([app.spreadsheetId]) : [];
  const columnsOf = new Map(sheets.map((s) => [s.title, parseJson<string[]>(s.columns, [])]));
  const issues: Issue[] = [];
  const check = (entry: RowRule | HiddenColumn, path: string) => {
    const columns = columnsOf.get(entry.sheet);
    if (!columns) issues.push({ path: `${path}.sheet`, message: `This app has no sheet called '${entry.sheet}'. Choose one of its sheets.` });
    else if (!columns.includes(entry.column)) issues.push({ path: `${path}.column`, message: `The sheet '${entry.sheet}' has no column called '${entry.column}'. Choose one of its columns.` });
  };
  const seen = new Set<string>();
  body.rules.forEach((rule, i) => {
    check(rule, `rules.${i}`);
    if (seen.has(rule.sheet)) issues.push({ path: `rules.${i}.sheet`, message: `The sheet '${rule.sheet}' has two rules. Keep one rule per sheet.` });
    seen.add(rule.sheet);
  });
  const hidden = body.hidden ?? app.rowRules.hidden;
  if (body.hidden) body.hidden.forEach((h, i) => check(h, `hidden.${i}`));
  if (issues.length > 0) throw badRequest(issues.map((i) => i.message).join(' '), issues);
  const rules: RowRules = { rules: body.rules, hidden: dedupeHidden(hidden) };
  await appsRepo(ctx.db).update(app.id, { row_rules: JSON.stringify(rules), updated_at: nowIso() });
  return rules;
}

/** Each (sheet, column, from) once. */
function dedupeHidden(hidden: readonly HiddenColumn[]): HiddenColumn[] {
  const seen = new Set<string>();
  return hidden.filter((h) => {
    const key = JSON.stringify([h.sheet, h.column, h.from]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
