import { normalizeBlock } from '../../../shared/settings';
import { blockSchemas } from '../../../blocks/schemas';
import { exampleBoardBlocks } from '../../../blocks/starters';
import type { ServerContext } from '../../platform/context';
import { newId, nowIso } from '../../http';
import { createApp } from '../apps/service';
import { isFreePlan } from '../billing/plans';
import { insertBlocks } from '../blocks/service';
import { storeSpreadsheet } from '../spreadsheets/service';
import { currentWorkspace } from '../../identity/current-workspace';
import { workspaceRepo } from '../../data/workspace/repo';
import { SAMPLE_TITLE, sampleSheets } from './sample';

/** The plan of the account's current workspace (workspace/current.ts). */
export async function workspacePlan(ctx: ServerContext, user: { id: string }) {
  const ws = await currentWorkspace(ctx, user);
  return { is_free_plan: isFreePlan(ctx, ws.is_free_plan) };
}

/**
 * A new owner's workspace: the sample spreadsheet and an example board made from it, so the
 * dashboard is never empty. ctx.db must be the sign-up transaction.
 */
export async function setupWorkspace(ctx: ServerContext, user: { id: string; name: string; email: string }, attempt = 0) {
  const workspaceId = newId();
  await workspaceRepo(ctx.db).insert({
    id: workspaceId,
    owner_id: user.id,
    // The column holds 200 characters, as does a user's name: PostgreSQL would refuse more.
    name: `${user.name}'s workspace`.slice(0, 200),
    is_free_plan: ctx.config.plan !== 'pro',
    created_at: nowIso(),
  });
  const sheets = await sampleSheets(ctx.config.samplesDir);
  const spreadsheet = await storeSpreadsheet(ctx, workspaceId, SAMPLE_TITLE, sheets, 'sample', { inTransaction: true });
  const { app, pageId } = await createApp(ctx, { workspaceId }, { name: 'Sales board', kind: 'board', spreadsheetId: spreadsheet.id }, { inTransaction: true, attempt });
  await insertBlocks(ctx, pageId, exampleBlocks());
  return { workspaceId, spreadsheet, app };
}

/** The example board's blocks (src/blocks/starters.ts), each merged over its kind's defaults. */
export function exampleBlocks() {
  return exampleBoardBlocks.map(({ type, ...settings }) => normalizeBlock(blockSchemas[type], settings));
}
