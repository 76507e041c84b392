// Row rules of an app (issue 34): GET/PUT /api/apps/{appId}/row-rules. Per sheet the app reads,
// at most one rule says which rows an app user reads and may change: those whose `column` equals
// (or, for a multi-value column, contains) the signed-in app user's e-mail, or one of their
// groups. No rule for a sheet: everyone reads every row. `hidden` keeps columns from app users
// (and so from guests too) or from guests only. The owner and the workspace's editors see all.
import { z } from 'zod';

export const ROW_RULE_MATCHES = ['equals', 'contains'] as const;
export type RowRuleMatch = (typeof ROW_RULE_MATCHES)[number];
export const ROW_RULE_VALUES = ['user_email', 'user_groups'] as const;
export type RowRuleValue = (typeof ROW_RULE_VALUES)[number];
export const HIDDEN_FROM = ['app_users', 'guests'] as const;
export type HiddenFrom = (typeof HIDDEN_FROM)[number];

const name = z.string().trim().min(1, 'Choose a sheet').max(200);
const column = z.string().trim().min(1, 'Choose a column').max(200);

export const RowRule = z
  .object({
    sheet: name,
    column,
    match: z.enum(ROW_RULE_MATCHES, { message: "Choose 'equals' or 'contains'" }),
    value: z.enum(ROW_RULE_VALUES, { message: "Choose the signed-in user's e-mail or their groups" }),
  })
  .strict();
export type RowRule = z.infer<typeof RowRule>;

export const HiddenColumn = z
  .object({
    sheet: name,
    column,
    from: z.enum(HIDDEN_FROM, { message: "Choose 'app_users' or 'guests'" }),
  })
  .strict();
export type HiddenColumn = z.infer<typeof HiddenColumn>;

/** At most one rule per sheet: more sheets than that an app never reads. */
export const MAX_ROW_RULES = 200;
export const MAX_HIDDEN_COLUMNS = 1000;

export const RowRulesBody = z
  .object({
    rules: z.array(RowRule).max(MAX_ROW_RULES),
    /** Left out: the hidden columns stay as they are. */
    hidden: z.array(HiddenColumn).max(MAX_HIDDEN_COLUMNS).optional(),
  })
  .strict();
export type RowRulesBody = z.infer<typeof RowRulesBody>;

export const RowRulesResponse = z.object({ rules: z.array(RowRule), hidden: z.array(HiddenColumn) });
export type RowRules = z.infer<typeof RowRulesResponse>;

/** Groups of an app user: names the owner types (row rules compare them without case). */
export const MAX_GROUPS = 20;
export const AppUserGroups = z
  .array(z.string().trim().min(1, 'A group needs a name').max(100, 'A group name is at most 100 characters'))
  .max(MAX_GROUPS, `At most ${MAX_GROUPS} groups per user`);
