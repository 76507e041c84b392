// Apps (boards and multipage apps): listing, creation, update and the host-name lookup.
import { z } from 'zod';
import { BoardSettings } from './board-settings';

export const AppKind = z.enum(['board', 'multipage']);
export const SignInMethod = z.enum(['No sign in', 'Use password set by user']);

export const App = z.object({
  id: z.string(),
  name: z.string(),
  subdomain: z.string(),
  kind: AppKind,
  public: z.boolean(),
  sign_in_method: z.string(),
  spreadsheetId: z.string().nullable(),
  created_at: z.string().optional(),
  /** The app's public address (its own host, or a custom host name that then serves the app). */
  publishUrl: z.string().optional(),
  /** GET /api/apps: true for an app of another owner's workspace the caller edits (a workspace editor). */
  shared: z.boolean().optional(),
  /** With `shared`: the name of the workspace's owner. */
  owner_name: z.string().optional(),
});
export type App = z.infer<typeof App>;

/** POST /api/app/app-info: the app named by the first label of the host name (shell §5). */
export const AppInfoBody = z.object({ appName: z.string().trim().min(1, 'Unable to determine app name').max(63) });

export const CreateAppBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  subdomain: z.string().trim().optional(),
  kind: AppKind.default('board'),
  spreadsheetId: z.string().nullable().optional(),
  /** New boards and apps are private unless the caller asks for a public one. */
  public: z.boolean().optional(),
});
export const AppResponse = z.object({ app: App });
/**
 * PUT /api/apps/:id: the app, and when the change puts it live (Push to Live) while blocks name
 * sheets or columns its data lacks, a warning naming them (publishing is not refused).
 */
export const UpdateAppResponse = AppResponse.extend({ warnings: z.array(z.string()).optional() });

/** GET /api/apps/:id/integrity: the blocks naming a sheet or column the app's data lacks, each problem in words. */
export const AppIntegrityResponse = z.object({
  broken: z.array(z.object({ block_id: z.string(), block: z.string(), problems: z.array(z.string()) })),
  warning: z.string().nullable(),
});
export type AppIntegrityResponse = z.infer<typeof AppIntegrityResponse>;
export const AppsResponse = z.object({ apps: z.array(App) });

/** `PUT /api/apps/{id}`: any subset; board settings may travel at the top level. */
export const UpdateAppBody = BoardSettings.extend({
  name: z.string().trim().min(1, 'Name is required').max(100).optional(),
  subdomain: z.string().trim().optional(),
  spreadsheetId: z.string().nullable().optional(),
  public: z.boolean().optional(),
  sign_in_method: SignInMethod.optional(),
  publishUrl: z.string().max(500).optional(),
});
export type UpdateAppBody = z.infer<typeof UpdateAppBody>;

/**
 * `GET /api/apps/{id}/custom-domain` and `POST /api/apps/{id}/custom-domain/verify` (the owner's):
 * the domain of the Publish URL when it is not ours, and the DNS record that proves it is the
 * owner's. Until `verified`, the domain does not serve the app. null: no domain of the owner's.
 */
export const CustomDomain = z.object({
  host: z.string(),
  verified: z.boolean(),
  record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
  /** After a Verify that did not prove it: why, and what to do. */
  problem: z.string().optional(),
});
export type CustomDomain = z.infer<typeof CustomDomain>;
export const CustomDomainResponse = z.object({ customDomain: CustomDomain.nullable() });
