// An app as the server's code sees it (booleans as booleans, settings parsed), and which app a
// request speaks for. Apart from the apps service so the access policy and the other services
// read apps through the repo without importing the service that writes them.
import type { App, BoardSettings } from '../../../shared/api';
import type { RowRules } from '../../../shared/api/row-rules';
import { rowRulesOf } from '../../../shared/rules/row-rules';
import type { ServerContext } from '../../platform/context';
import { parseJson } from '../../http';
import { customHostOf, hostSubdomain } from '../../platform/net/hosts';
import { appsRepo, type AppRow } from './repo';

export interface AppView extends App {
  workspaceId: string;
  settings: BoardSettings;
  /** The host name its Publish URL names when it is not ours (requests with that Host serve it once verified). */
  customHost: string | null;
  /** The value of the TXT record that proves customHost is the owner's. */
  customHostToken: string | null;
  customHostVerified: boolean;
  /** Who reads and changes which rows, and the columns kept from app users or guests (issue 34). */
  rowRules: RowRules;
}

/** What a new app's row is given; the rest is the same for every new app. */
export type NewAppFields = Omit<AppRow, 'publish_url' | 'custom_host' | 'custom_host_token' | 'custom_host_verified_at' | 'row_rules' | 'created_at' | 'updated_at'>;

/** The row of a new app (made or copied from a template): no Publish URL or custom host yet, made and changed `now`. */
export function newAppRow(fields: NewAppFields, now: string): AppRow {
  return { ...fields, publish_url: null, custom_host: null, custom_host_token: null, custom_host_verified_at: null, row_rules: '{}', created_at: now, updated_at: now };
}

export function appView(row: AppRow): AppView {
  return {
    id: row.id,
    name: row.name,
    subdomain: row.subdomain,
    kind: row.kind === 'multipage' ? 'multipage' : 'board',
    public: Number(row.public) === 1,
    sign_in_method: row.sign_in_method,
    spreadsheetId: row.spreadsheet_id,
    created_at: row.created_at,
    publishUrl: row.publish_url ?? '',
    workspaceId: row.workspace_id,
    settings: parseJson<BoardSettings>(row.settings, {}),
    customHost: row.custom_host,
    customHostToken: row.custom_host_token,
    customHostVerified: !!row.custom_host && !!row.custom_host_verified_at,
    rowRules: rowRulesOf(parseJson<unknown>(row.row_rules ?? '{}', {})),
  };
}

export interface AppRef {
  /** The spec's `board` param: an app id, a subdomain, a page path (`/my-board`, `/`) or a URL. */
  board?: string;
  /** Explicit app id or subdomain. */
  app?: string;
  host?: string;
}

/**
 * Which app a request speaks for. The app host wins (`sales.localhost:3000` is app `sales`
 * whatever the path); then `app`; then `board`, trying the whole value and each path segment as
 * an id or a subdomain (so `/sales`, `/sales/home` and editor paths ending in the id all work).
 */
export async function resolveApp(ctx: ServerContext, ref: AppRef): Promise<AppView | null> {
  const repo = appsRepo(ctx.db);
  const sub = hostSubdomain(ctx.config, ref.host);
  if (sub) {
    const row = await repo.findBySubdomain(sub);
    return row ? appView(row) : null;
  }
  const custom = customHostOf(ctx.config, ref.host);
  if (custom) {
    const row = await repo.findByCustomHost(custom);
    if (row) return appView(row);
  }
  const candidates: string[] = [];
  if (ref.app) candidates.push(ref.app.trim());
  if (ref.board) {
    let value = ref.board.trim();
    if (/^https?:\/\//i.test(value)) {
      try {
        const url = new URL(value);
        const fromHost = hostSubdomain(ctx.config, url.host);
        if (fromHost) candidates.push(fromHost);
        value = url.pathname;
      } catch {
        /* not a URL after all */
      }
    }
    if (value && !value.includes('/')) candidates.push(value);
    else for (const seg of value.split(/[?#]/)[0]!.split('/')) if (seg) candidates.push(safeDecode(seg));
  }
  const unique = [...new Set(candidates.filter((c) => c.length > 0 && c.length <= 63))];
  if (unique.length === 0) return null;
  const rows = await repo.findByIdsOrSubdomains(unique.flatMap((c) => [c, c.toLowerCase()]));
  for (const c of unique) {
    const row = rows.find((r) => r.id === c) ?? rows.find((r) => r.subdomain === c.toLowerCase());
    if (row) return appView(row);
  }
  return null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
