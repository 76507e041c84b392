// `npm run admin -- create --email x --name y --password z` and
// `npm run admin -- reset-password --email x --password z`: admin accounts are made here (or from
// ADMIN_EMAIL / ADMIN_PASSWORD at start-up), never through a route. The database is the server's
// (DATA_DIR, DATABASE_URL, DATABASE_SCHEMA), migrated first. Exit codes: 0 done, 1 refused (a weak
// password, a taken or unknown e-mail), 2 not understood (usage).
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { migrateToLatest, openDb } from '../../db';
import { HttpError } from '../../errors';
import { createAdmin, resetAdminPassword } from './service';

export const USAGE = [
  'Usage:',
  '  npm run admin -- create --email <e-mail> --name <name> --password <password>',
  '  npm run admin -- reset-password --email <e-mail> --password <password>',
  '',
  'Passwords follow the owners\' rules: at least 8 characters, and not a common one.',
].join('\n');

export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

type Command = { kind: 'create'; email: string; name: string; password: string } | { kind: 'reset-password'; email: string; password: string };

/** The command the arguments name, or the reason they are not understood. */
export function parseCommand(args: string[]): Command | { problem: string } {
  const [command, ...rest] = args;
  let values: { email?: string; name?: string; password?: string };
  try {
    ({ values } = parseArgs({ args: rest, options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (e) {
    return { problem: (e as Error).message };
  }
  const missing = (names: string[]) => names.filter((n) => !values[n as keyof typeof values]).map((n) => `--${n}`);
  if (command === 'create') {
    const gone = missing(['email', 'name', 'password']);
    if (gone.length) return { problem: `create needs ${gone.join(', ')}` };
    return { kind: 'create', email: values.email!, name: values.name!, password: values.password! };
  }
  if (command === 'reset-password') {
    const gone = missing(['email', 'password']);
    if (gone.length) return { problem: `reset-password needs ${gone.join(', ')}` };
    if (values.name !== undefined) return { problem: 'reset-password takes no --name' };
    return { kind: 'reset-password', email: values.email!, password: values.password! };
  }
  return { problem: command ? `Unknown command '${command}'` : 'No command given' };
}

/** Runs one command against the database the environment names; the exit code. */
export async function runAdminCli(args: string[], env: NodeJS.ProcessEnv, out: CliOutput): Promise<number> {
  const command = parseCommand(args);
  if ('problem' in command) {
    out.error(`${command.problem}\n\n${USAGE}`);
    return 2;
  }
  let handle: ReturnType<typeof openDb>;
  try {
    handle = openDb(loadConfig(env));
    await migrateToLatest(handle.db, handle.schema);
  } catch (e) {
    out.error(`Cannot open the database: ${(e as Error).message}`);
    return 1;
  }
  try {
    if (command.kind === 'create') {
      const admin = await createAdmin({ db: handle.db }, command);
      out.log(`Created the admin ${admin.name} <${admin.email}>. They sign in at /admin-login.`);
    } else {
      const admin = await resetAdminPassword({ db: handle.db }, command);
      out.log(`New password set for the admin ${admin.name} <${admin.email}>; their open sessions were ended.`);
    }
    return 0;
  } catch (e) {
    if (e instanceof HttpError) {
      out.error(e.message);
      return 1;
    }
    out.error(`Failed: ${(e as Error).message}`);
    return 1;
  } finally {
    await handle.close();
  }
}
