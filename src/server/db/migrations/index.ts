// Ordered list of migrations. A static provider (not a folder scan) so tsx, vitest and a
// bundler all see the same set.
import type { Migration } from 'kysely';
import { initial } from './0001_initial';
import { rows } from './0002_rows';
import { geocode } from './0003_geocode';
import { uploads } from './0004_uploads';
import { comments } from './0005_comments';
import { appUsers } from './0006_app_users';
import { uploadApps } from './0007_upload_apps';
import { workspaceEditors } from './0008_workspace_editors';
import { uploadAttachments } from './0009_upload_attachments';
import { customHostVerification } from './0010_custom_host_verification';
import { columnTypes } from './0011_column_types';
import { appFrame } from './0012_app_frame';
import { marketplace } from './0013_marketplace';
import { snapshotIndex } from './0014_snapshot_index';
import { templateMarket } from './0015_template_market';
import { googleSheets } from './0016_google_sheets';
import { googleRows } from './0017_google_rows';
import { googleConflicts } from './0018_google_conflicts';
import { blog } from './0019_blog';
import { accounts } from './0020_accounts';
import { plans } from './0021_plans';
import { apiTokens } from './0022_api_tokens';
import { workspaces } from './0023_workspaces';
import { cluster } from './0024_cluster';
import { templateData } from './0025_template_data';
import { jobs } from './0026_jobs';
import { templateUpdates } from './0027_template_updates';
import { rowRules } from './0028_row_rules';

export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_rows': rows,
  '0003_geocode': geocode,
  '0004_uploads': uploads,
  '0005_comments': comments,
  '0006_app_users': appUsers,
  '0007_upload_apps': uploadApps,
  '0008_workspace_editors': workspaceEditors,
  '0009_upload_attachments': uploadAttachments,
  '0010_custom_host_verification': customHostVerification,
  '0011_column_types': columnTypes,
  '0012_app_frame': appFrame,
  '0013_marketplace': marketplace,
  '0014_snapshot_index': snapshotIndex,
  '0015_template_market': templateMarket,
  '0016_google_sheets': googleSheets,
  '0017_google_rows': googleRows,
  '0018_google_conflicts': googleConflicts,
  '0019_blog': blog,
  '0020_accounts': accounts,
  '0021_plans': plans,
  '0022_api_tokens': apiTokens,
  '0023_workspaces': workspaces,
  '0024_cluster': cluster,
  '0025_template_data': templateData,
  '0026_jobs': jobs,
  '0027_template_updates': templateUpdates,
  '0028_row_rules': rowRules,
};
