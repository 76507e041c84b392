// The server and the browser of a browser-test file: the real server (as `npm start` runs it) and
// Chromium through playwright-core (processes.ts). Nothing here is mocked.
//
// ONE SERVER AND ONE BROWSER FOR ALL FILES. global-setup.ts starts, once per run, the shared
// server (SHARED_SERVER_ENV in processes.ts, a fresh SQLite data directory) and Chromium
// (`chromium.launchServer()`), and hands their addresses to the files (vitest's provide/inject).
// A new e2e file does:
//
//   beforeAll(async () => {
//     server = await startServer();      // the shared server; its stop() leaves it running
//     browser = await launchBrowser();   // a connection to the shared Chromium
//   });
//   afterAll(async () => {
//     await browser?.close();            // closes every context this file opened, then disconnects
//     await server?.stop();
//   });
//
// Other files' data is on the shared server too: sign your own owner up (flows.ts ownerWithBoard
// and ownerWithApp do) and use the subdomain the API answers, never a guessed one (every sign-up
// makes a 'Sales board', so names repeat as sales-board-2, -3...). Rate limits count per IP and
// every file comes from 127.0.0.1: a file that runs into a limit on purpose takes its own server.
// `server.logs` holds only what the server printed since the file's startServer().
// A file that needs settings of its own (SMTP_URL, DNS_SERVERS, PLAN, map URLs, limits...) passes
// them, `startServer({ SMTP_URL: ... })`, and gets a server of its own (a few seconds to start),
// stopped by its stop(); so does `startServer({}, { fresh: true })`, for an empty database.
// Settings equal to SHARED_SERVER_ENV's still share the server.
// Through the shared browser a download's path() throws (playwright treats a connected browser as
// remote): read it with download.saveAs(file) or createReadStream(), or take a Chromium of the
// file's own with `launchBrowser({ own: true })` (a second or two to start).
import { readFileSync, statSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumOptions, SHARED_SERVER_ENV, spawnServer, type SharedServerInfo } from './processes';

export { CHROMIUM } from './processes';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared server (global-setup.ts). */
    e2eServer: SharedServerInfo;
    /** The ws endpoint of the shared Chromium (global-setup.ts). */
    e2eBrowser: string;
  }
}

export interface RunningServer {
  port: number;
  baseUrl: string;
  dataDir: string;
  /** What the server printed (on the shared server: since this file's startServer()). */
  readonly logs: string[];
  stop: () => Promise<void>;
}

/** Whether `env` asks for nothing the shared server does not have already. */
function sharedServerFits(env: Record<string, string>): boolean {
  return Object.entries(env).every(([key, value]) => SHARED_SERVER_ENV[key] === value);
}

/**
 * The server of a test file: the shared one (see the top of this file) when `env` asks for nothing
 * else and `fresh` is not set; otherwise a server of the file's own with `env` (and none of
 * SHARED_SERVER_ENV), stopped by `stop()`.
 */
export async function startServer(env: Record<string, string> = {}, opts: { fresh?: boolean } = {}): Promise<RunningServer> {
  const shared = inject('e2eServer');
  if (shared && !opts.fresh && sharedServerFits(env)) {
    const from = statSync(shared.logFile).size;
    return {
      port: shared.port,
      baseUrl: shared.baseUrl,
      dataDir: shared.dataDir,
      get logs() {
        return [readFileSync(shared.logFile).subarray(from).toString('utf8')];
      },
      stop: async () => {},
    };
  }
  const own = await spawnServer(env);
  return {
    port: own.port,
    baseUrl: own.baseUrl,
    dataDir: own.dataDir,
    get logs() {
      return [own.logs()];
    },
    stop: own.stop,
  };
}

/**
 * The file's browser: a connection to the shared Chromium (see the top of this file), or, with
 * `own` or outside the e2e project, a Chromium of its own. `close()` closes every context opened
 * through it.
 */
export async function launchBrowser(opts: { own?: boolean } = {}): Promise<Browser> {
  const endpoint = inject('e2eBrowser');
  if (endpoint && !opts.own) return chromium.connect(endpoint);
  return chromium.launch(chromiumOptions());
}
