// zod schemas of every HTTP request and response, one file per domain. The server validates with
// them; the web client types its calls with the inferred types. Field names are the spec's.
// The contracts added since (app users, comments, geo, workspace editors) are imported by path;
// this barrel keeps the older ones importable from `shared/api` as before.
export * from './errors';
export * from './auth';
export { WorkspaceResponse } from './workspace';
export * from './spreadsheets';
export * from './sheet-data';
export * from './rows';
export * from './apps';
export * from './pages';
export * from './blocks';
export * from './board-settings';
export * from './metadata';
export * from './actions';
export * from './uploads';
