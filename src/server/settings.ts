// Every environment variable the server reads, with its default and what it does: the one list
// config.ts reads the environment through (a name not listed here is a type error there) and
// docs/settings.md is generated from (`npx tsx scripts/settings-doc.ts`;
// tests/unit/settings-doc.test.ts fails when the two differ).
//
// `names`: one row of the reference (variables that only make sense together share a row).
// `default`: what the reference shows (Markdown). `value`: the same default as a value, when it
// is one; the test checks that setting it explicitly changes nothing, so the two cannot drift.
// `use`: 'server' for settings, 'test' for what only the server's own tests read.

export interface SettingGroup {
  title: string;
  /** A sentence under the group's heading (Markdown), if any. */
  intro?: string;
  settings: readonly Setting[];
}

export interface Setting {
  names: readonly string[];
  default: string;
  value?: string;
  description: string;
  use?: 'server' | 'test';
}

export const SETTING_GROUPS = [
  {
    title: 'Server and database',
    settings: [
      { names: ['PORT'], default: '`3000`', value: '3000', description: 'Port to listen on.' },
      {
        names: ['HOST'],
        default: '`::`',
        value: '::',
        description: 'Interface to listen on (`::` takes IPv6 and IPv4; falls back to `0.0.0.0` where IPv6 is off).',
      },
      {
        names: ['DATA_DIR'],
        default: '`./data`',
        description:
          'Where the SQLite file `sheetboard.db` lives (WAL, foreign keys on), and uploaded files (`uploads/`, `blog-media/`) unless `S3_BUCKET` is set. Also holds derived files: sheet snapshots, imports in progress, the generated Google token key.',
      },
      {
        names: ['DATABASE_URL'],
        default: '(none)',
        description: '`postgres://user@host:5432/db` selects PostgreSQL instead of SQLite.',
      },
      {
        names: ['DATABASE_SCHEMA'],
        default: '(none)',
        description:
          'With PostgreSQL: the schema to use (several instances in one database). It must exist, and must be a lowercase identifier (letters, digits, `_`).',
      },
      { names: ['LOG_LEVEL'], default: '`info`', value: 'info', description: 'Fastify/pino log level.' },
      { names: ['WEB_DIR'], default: '`./dist/web`', description: 'Built web app to serve.' },
    ],
  },
  {
    title: 'Stopping, slow clients and health checks',
    intro:
      'On SIGTERM or SIGINT the server answers `GET /readyz` "not ready", stops accepting connections, lets requests in flight and background work finish within the grace period, then closes every connection left and exits 0. Probes: [self-hosting](self-hosting.md#health-checks-and-stopping).',
    settings: [
      {
        names: ['SHUTDOWN_GRACE_SECONDS'],
        default: '`10`',
        value: '10',
        description:
          'How long requests in flight and background work (imports, snapshot files, Google pulls and pushes, template copies) get to finish once the server stops accepting connections. Then every connection left (keep-alive, unfinished uploads, streams) is closed; work cut short is resumed or cleanly failed by the next start, and the log says which. Keep it below your process manager\'s own limit (Kubernetes: `terminationGracePeriodSeconds`, 30 by default, minus `SHUTDOWN_DELAY_SECONDS`).',
      },
      {
        names: ['SHUTDOWN_DELAY_SECONDS'],
        default: '`0`',
        value: '0',
        description:
          'After the signal, how long the server keeps serving while `GET /readyz` already answers "not ready", before it stops accepting connections: the time a load balancer needs to notice and send no one new (Kubernetes: a little more than the readiness probe\'s `periodSeconds` × `failureThreshold`). `0`: stop accepting at once.',
      },
      {
        names: ['HEADERS_TIMEOUT_SECONDS'],
        default: '`15`',
        value: '15',
        description:
          'A client must send a request\'s headers within this time of its first byte, or the connection is closed (slow clients sending a byte every few seconds hold nothing for long).',
      },
      {
        names: ['REQUEST_TIMEOUT_SECONDS'],
        default: '`300`',
        value: '300',
        description:
          'A client must send a whole request, body included, within this time (a 100 MB spreadsheet upload needs about 2.7 Mbit/s for the default); then the answer is 408 and the connection closed. At least `HEADERS_TIMEOUT_SECONDS`.',
      },
      {
        names: ['KEEP_ALIVE_TIMEOUT_SECONDS'],
        default: '`72`',
        value: '72',
        description:
          'An idle keep-alive connection is closed after this long without a request. Behind a load balancer or proxy that reuses connections, keep it above the proxy\'s own idle timeout (AWS ALB 60 s, nginx 60 s), or the proxy may send a request on a connection the server is closing.',
      },
    ],
  },
  {
    title: 'Addresses and e-mail',
    settings: [
      {
        names: ['BASE_HOST'],
        default: '`localhost:{PORT}`',
        description:
          'Host (with port) boards hang under: a board is `http://{subdomain}.{BASE_HOST}/` and `http://{BASE_HOST}/{subdomain}`. Magic links, Stripe return addresses and Open Graph addresses point here too.',
      },
      {
        names: ['APP_ORIGINS'],
        default: '`subdomains`',
        value: 'subdomains',
        description:
          "`subdomains`: every published app has an origin of its own, `{subdomain}.{BASE_HOST}`, and a visitor who opens the base host's `/{subdomain}` address (anyone but the app's owner and the workspace's editors, for whom it is the editor) is redirected there, so an app's pages never run beside the product's sessions (/dashboard, /admin, /blog-admin); needs a wildcard DNS name `*.{BASE_HOST}` (and certificate). `off`: apps are also shown at `/{subdomain}` on the base host, on the product's origin; only for a server whose apps are all trusted. A `BASE_HOST` that is an IP address has no subdomains and behaves as `off`. [Self-hosting](self-hosting.md#apps-on-their-own-origin).",
      },
      {
        names: ['PUBLIC_SCHEME'],
        default: '`http`',
        value: 'http',
        description:
          'Scheme of `BOARD_BASE_URL` (`https` behind TLS). Magic links use `https` when this is `https` or the request came over https; never anything else `X-Forwarded-Proto` says. Live Stripe needs `https` for its return addresses.',
      },
      {
        names: ['SMTP_URL'],
        default: '(none)',
        description:
          'e.g. `smtp://user:pass@smtp.example.com:587`. Without it, e-mails (magic links, password resets) are written to the server log, an invitation answers the inviting owner its link to pass on (`invitation_link`), and a new owner\'s address counts as verified at sign-up (no mail could prove it, and publishing waits for a proved address).',
      },
      {
        names: ['MAIL_FROM'],
        default: '`Sheetboard <no-reply@{BASE_HOST name}>`',
        description: 'Sender of e-mails.',
      },
      {
        names: ['DNS_SERVERS'],
        default: "(system's)",
        description: 'Name servers (`ip[:port]`, comma-separated) that custom-domain verification asks for the TXT record.',
      },
      {
        names: ['TRUST_PROXY'],
        default: '`false`',
        value: 'false',
        description:
          'Which peers may say who the client is (`X-Forwarded-For`, `-Proto`, `-Host`): `false` trusts none (per-IP limits count the connection\'s address), a comma-separated list of proxy addresses or CIDR ranges (`127.0.0.1`, `10.0.0.0/8,::1`) trusts those, `true` trusts any peer (only when nothing but the proxy can reach the server). A hop count is refused. Needed for the `Secure` session cookie behind an https proxy.',
      },
    ],
  },
  {
    title: 'Imports, uploads and visitors\' writes',
    settings: [
      {
        names: ['MAX_IMPORT_MB'],
        default: '`100`',
        value: '100',
        description:
          'Largest spreadsheet upload (and JSON spreadsheet body). Uploads are saved to `DATA_DIR/imports` while they are imported, then removed.',
      },
      {
        names: ['MAX_IMPORT_CELLS'],
        default: '`20000000`',
        value: '20000000',
        description:
          'Most cells (rows × columns, header included) one CSV import may hold. XLSX files and JSON bodies, which are read whole into memory, keep 5,000,000 (or this, if lower).',
      },
      {
        names: ['UPLOADS_PER_IP'],
        default: '`20`',
        value: '20',
        description:
          'Uploads (`POST /api/uploads`) one client address may send per window, whoever is signed in; the next one is refused (429).',
      },
      {
        names: ['UPLOADS_PER_APP'],
        default: '`200`',
        value: '200',
        description:
          "Files visitors may store through one app per window, from all addresses together; the app's owner and editors are not counted.",
      },
      {
        names: ['UPLOADS_WINDOW_MINUTES'],
        default: '`60`',
        value: '60',
        description: 'The window of both upload budgets.',
      },
      {
        names: ['UPLOAD_QUOTA_MB'],
        default: '`1024`',
        value: '1024',
        description:
          "Uploaded files one workspace on the free plan may store (paid plans get their plan's quota, never less than this) (visitors' files and the editor's images alike); an upload that would go over is refused (413) and nothing is written.",
      },
      {
        names: ['UNATTACHED_UPLOAD_HOURS'],
        default: '`24`',
        value: '24',
        description: "A visitor's upload that no saved row uses after this long is deleted (file and record), checked hourly.",
      },
      {
        names: ['ROW_WRITES_PER_IP'],
        default: '`600`',
        value: '600',
        description:
          "Row writes (form submits, Add Row, edits, deletes) one client address may send through apps per window, whatever their answer; the next is refused (429). The spreadsheet's owner and the workspace's editors are not counted.",
      },
      {
        names: ['ROW_WRITES_WINDOW_MINUTES'],
        default: '`10`',
        value: '10',
        description: 'The window of that budget.',
      },
    ],
  },
  {
    title: 'Memory and caches',
    settings: [
      {
        names: ['SHEET_CACHE_MB'],
        default: '`512`',
        value: '512',
        description:
          'Memory the per-process sheet cache may use (least recently used sheets leave first). This is what bounds the server\'s memory with big sheets in use.',
      },
      {
        names: ['ANSWER_CACHE_MB'],
        default: '`32`',
        value: '32',
        description:
          'Memory the finished answers of sheet reads (rows, charts, one row) may use, kept by their ETag with their brotli and gzip forms, so guests opening the same board get bytes already made (least recently used leave first; an answer over an eighth of it is not kept). `0`: off.',
      },
      {
        names: ['SHEET_SNAPSHOT_MIN_ROWS'],
        default: '`20000`',
        value: '20000',
        description:
          'Sheets of this many rows or more are also kept as snapshot files under `DATA_DIR/sheet-snapshots` (derived data: safe to delete), so a restarted server answers its first query on them without reading every row again. `off`: never.',
      },
      {
        names: ['SHEET_SNAPSHOT_THREAD_MB'],
        default: '`256`',
        value: '256',
        description:
          'Cap of the JavaScript heap of the thread that writes snapshot files (a 1,000,000-row, 5-column sheet needs about 100). A sheet that would need more gets no snapshot (a warning in the log) and is read from the database after a restart.',
      },
      {
        names: ['SESSION_DAYS'],
        default: '`30`',
        value: '30',
        description: 'Lifetime of a sign-in session (cookie and database row).',
      },
    ],
  },
  {
    title: 'Blocks: API calls, maps and live chat',
    settings: [
      {
        names: ['ALLOW_PRIVATE_ACTION_TARGETS'],
        default: '`false`',
        value: 'false',
        description:
          "`true` lets API-call actions reach loopback, private, link-local and metadata addresses (self-hosted targets on your own network). Leave it off on a server that hosts other people's boards.",
      },
      {
        names: ['GEOCODER_URL'],
        default: '`https://nominatim.openstreetmap.org`',
        value: 'https://nominatim.openstreetmap.org',
        description:
          'Geocoding service of the map block, speaking the Nominatim search protocol (`{url}/search?q=…&format=json&limit=1`): the public Nominatim, your own, or a hosted one. `off`: no lookups (rows need coordinates).',
      },
      {
        names: ['GEOCODER_KEY'],
        default: '(none)',
        description: 'Sent to the geocoder as the `key` parameter (LocationIQ-style hosted Nominatim). Stays on the server.',
      },
      {
        names: ['GEOCODER_INTERVAL_MS'],
        default: '`1000`',
        value: '1000',
        description: 'Least time between two lookups (the public Nominatim allows one per second).',
      },
      {
        names: ['GEOCODER_MAX_PER_REQUEST'],
        default: '`50`',
        value: '50',
        description: 'New addresses one map request may queue; the rest are reported pending and queued by the next load.',
      },
      {
        names: ['MAP_TILE_URL'],
        default: '`https://tile.openstreetmap.org/{z}/{x}/{y}.png`',
        value: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        description:
          'Leaflet tile template of the map block; `{accessToken}` is replaced by `MAPS_ACCESS_TOKEN` (e.g. `https://api.mapbox.com/styles/v1/mapbox/streets-v12/tiles/{z}/{x}/{y}?access_token={accessToken}`).',
      },
      {
        names: ['MAP_ATTRIBUTION'],
        default: 'OpenStreetMap contributors (linked)',
        value: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
        description: 'Credit line under the map (HTML). Name your tile provider as its terms ask.',
      },
      {
        names: ['MAPS_ACCESS_TOKEN'],
        default: '(none)',
        description: "The tile provider's **public** token (it reaches browsers through `GET /api/getENV/MAPS_ACCESS_TOKEN`).",
      },
      {
        names: ['CHATWOOT_URL'],
        default: '(none)',
        description:
          'Origin of a Chatwoot server (`https://chat.example.com`, no path): the live-chat widget on /, /dashboard, /admin, /marketplace, /dashboard/auth and /dashboard/signup. Set with `CHATWOOT_WEBSITE_TOKEN`, or neither (no chat). The page policy then allows this origin\'s scripts and connections.',
      },
      {
        names: ['CHATWOOT_WEBSITE_TOKEN'],
        default: '(none)',
        description: "The Chatwoot inbox's website token (public: it reaches browsers through `GET /api/getENV/CHATWOOT_WEBSITE_TOKEN`).",
      },
    ],
  },
  {
    title: 'Provider admins',
    settings: [
      {
        names: ['ADMIN_EMAIL', 'ADMIN_PASSWORD'],
        default: '(none)',
        description:
          "Create the first provider admin (the reviewers' account) at start-up when no admin exists; the name comes from the e-mail's local part. An existing admin is never changed. A password the owners' rules refuse stops the start-up with the reason. More admins, and new passwords: `npm run admin -- create --email x --name y --password z`, `npm run admin -- reset-password --email x --password z` (on the server's database: `DATA_DIR` / `DATABASE_URL`; exit 0 done, 1 refused, 2 arguments not understood).",
      },
      {
        names: ['ADMIN_SESSION_HOURS'],
        default: '`8`',
        value: '8',
        description: 'How long an admin stays signed in (the `sb_admin` cookie: HttpOnly, SameSite Lax, Secure on https).',
      },
    ],
  },
  {
    title: 'Plans and Stripe',
    settings: [
      {
        names: ['PLAN'],
        default: '`free`',
        value: 'free',
        description:
          '`pro` puts every workspace on the Pro plan (`is_free_plan: false`; embedding, unlimited apps): for self-hosters who want everything unlocked, no Stripe needed.',
      },
      {
        names: ['STRIPE_SECRET_KEY'],
        default: '(none)',
        description:
          "The platform's Stripe secret key (`sk_live_…` / `sk_test_…`). Without it paid templates are off: the billing page says so and a paid submission is refused with the reason.",
      },
      {
        names: ['STRIPE_WEBHOOK_SECRET'],
        default: '(none)',
        description:
          'Signing secret(s) (`whsec_…`, comma separated) of the webhook endpoints that point at `https://{BASE_HOST}/api/stripe/webhook`. Stripe signs events of the platform and of connected accounts on two different endpoints, each with its own secret, so set both: `whsec_platform,whsec_connect`. Without a secret the webhook answers 503: no purchase can be granted, and account changes are picked up only when the seller comes back from onboarding. The events each endpoint needs: [self-hosting](self-hosting.md#stripe).',
      },
      {
        names: ['STRIPE_PRO_PRICE_ID'],
        default: '(none)',
        description:
          'The recurring Stripe Price (`price_…`) Upgrade sells. Without it Checkout sends `PRO_PRICE_CENTS` a month as inline price data.',
      },
      {
        names: ['PRO_PRICE_CENTS'],
        default: '`1900`',
        value: '1900',
        description: "Pro's monthly price in USD cents when no `STRIPE_PRO_PRICE_ID` is set (at least 50).",
      },
      {
        names: ['MARKETPLACE_FEE_PERCENT'],
        default: '`10`',
        value: '10',
        description:
          "The provider's share of each paid template sale, 0 to 50: Stripe Checkout takes it as the application fee (`round(price × percent / 100)` cents) and the rest goes to the seller's connected account.",
      },
      {
        names: ['STRIPE_API_URL'],
        default: "Stripe's API",
        description:
          'An http(s) address without a path where the Stripe SDK sends its calls (a proxy; tests use a local server that speaks Stripe\'s protocol). Live Stripe needs `PUBLIC_SCHEME=https` for its return addresses.',
      },
    ],
  },
  {
    title: 'Google Sheets',
    settings: [
      {
        names: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
        default: '(none)',
        description:
          'The OAuth client (type "Web application") owners connect their Google account with (live Google Sheets). Set both or neither; checked with Google at start-up (a malformed or unknown client, or a wrong secret, stops the start naming the setting). Register the redirect URI `{PUBLIC_SCHEME}://{BASE_HOST}/api/google/callback`. Without them connecting by consent is off (a service account still works).',
      },
      {
        names: ['GOOGLE_SERVICE_ACCOUNT_KEY'],
        default: '(none)',
        description:
          "A service account's JSON key (the text, or a path to the file), checked at start-up. Owners then share a sheet with its e-mail (as Editor to let the app write back) instead of connecting their own account.",
      },
      {
        names: ['GOOGLE_TOKEN_KEY'],
        default: 'generated',
        description:
          '32 bytes (hex or base64) that encrypt stored Google tokens (AES-256-GCM). Without it a key is generated once in `DATA_DIR/google-token.key`; servers sharing one PostgreSQL database must set the same key. Losing it means owners reconnect.',
      },
      {
        names: ['GOOGLE_API_URL'],
        default: "Google's",
        description: 'Root URL for the Sheets and Drive APIs (tests point it at `src/server/testing/google.ts`).',
      },
      {
        names: ['GOOGLE_OAUTH_URL', 'GOOGLE_TOKEN_URL'],
        default: '`https://accounts.google.com/o/oauth2/v2/auth`, `https://oauth2.googleapis.com/token`',
        description: "Google's consent page and token endpoint (the same for tests).",
      },
      {
        names: ['GOOGLE_QUOTA_PER_MINUTE', 'GOOGLE_USER_QUOTA_PER_MINUTE'],
        default: '`300`, `60`',
        description: 'Sheets API requests per minute the sync stays under, for the project and per Google user.',
      },
      {
        names: ['GOOGLE_POLL_SECONDS'],
        default: '`30`',
        value: '30',
        description:
          'How often a connected Google sheet is checked for changes (one Drive call; a pull only when the file changed) while an app over it or its data editor was viewed in the last 10 minutes. At least 5; `0` turns the background sync off (checks, scheduled pulls and retries of edits waiting for Google).',
      },
      {
        names: ['GOOGLE_IDLE_POLL_SECONDS'],
        default: '`600`',
        value: '600',
        description: 'The same check when nobody looked lately. At least 5 and not below `GOOGLE_POLL_SECONDS`; `0`: only viewed sheets are checked.',
      },
      {
        names: ['GOOGLE_FULL_REFRESH_HOURS'],
        default: '`6`',
        value: '6',
        description:
          "A full pull whatever the file's version, for formula results that change without an edit (`NOW()`, `IMPORTRANGE`). At least 0.25; `0`: never.",
      },
    ],
  },
  {
    title: 'Uploaded files in object storage',
    intro: 'Every `S3_` setting but the bucket is refused unless `S3_BUCKET` is set.',
    settings: [
      {
        names: ['S3_BUCKET'],
        default: '(none)',
        description:
          'Keep uploaded files (uploads, blog media) in this S3 or S3-compatible bucket instead of `DATA_DIR`: what servers sharing one database need. The bucket must exist; the server only puts, gets, copies and deletes objects in it. Files stay private in the bucket: the server streams them through, under the same access rules and headers as from disk. Files already in `DATA_DIR` are not moved.',
      },
      {
        names: ['S3_REGION'],
        default: '`AWS_REGION`, else `us-east-1`',
        description: "The bucket's region (`auto` for Cloudflare R2).",
      },
      {
        names: ['AWS_REGION'],
        default: '(none)',
        description: 'The region `S3_REGION` falls back to (the AWS SDK\'s usual variable).',
      },
      {
        names: ['S3_ENDPOINT'],
        default: 'AWS',
        description:
          'An S3-compatible server, as an http(s) address without a path: MinIO (`http://127.0.0.1:9000`), Cloudflare R2 (`https://{account}.r2.cloudflarestorage.com`), Backblaze B2, Wasabi...',
      },
      {
        names: ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
        default: '(none)',
        description:
          "The key to sign requests with; set both or neither. Without them the AWS SDK's default chain finds credentials (`AWS_ACCESS_KEY_ID`/`AWS_SECRET_ACCESS_KEY`, `~/.aws`, an instance or task role).",
      },
      {
        names: ['S3_FORCE_PATH_STYLE'],
        default: '`false`',
        description: '`true` addresses `{endpoint}/{bucket}/{key}` instead of `{bucket}.{endpoint}/{key}`: MinIO and most self-hosted servers need it.',
      },
      {
        names: ['S3_PREFIX'],
        default: '(none)',
        description:
          'Put before every key (`sheetboard/prod` → `sheetboard/prod/uploads/{id}`), so several servers or environments can share a bucket.',
      },
    ],
  },
  {
    title: 'Start-up',
    settings: [
      {
        names: ['JOB_LEASE_SECONDS'],
        default: '`60`',
        value: '60',
        description:
          'How long an operation in progress (an import, a re-import, a column rename or delete, a template copy, an upload) counts as running after its server last said so (every third of this). Past it, the server is taken for stopped: any server on the database removes what the operation left half done and tells its owner, checked at start-up and every half of this. Longer than the longest pause a busy server may take.',
      },
      {
        names: ['SKIP_WEB_BUILD'],
        default: '(unset)',
        description: '`1`: `npm start` does not rebuild the web app.',
      },
    ],
  },
  {
    title: 'Only for the server\'s tests',
    intro: 'Read by `src/server/testing/app.ts`, never by a running server; but for `TEST_PAUSE_AT`, which only the crash tests set on the servers they start and kill.',
    settings: [
      {
        names: ['TEST_DB'],
        default: '`sqlite`',
        description: '`sqlite` or `postgres`: the database every test app uses (set by the Vitest projects).',
        use: 'test',
      },
      {
        names: ['TEST_DATABASE_URL'],
        default: '`postgres://postgres@127.0.0.1:5432/test`',
        description: 'The PostgreSQL database of the tests; every test app creates and drops its own schema in it.',
        use: 'test',
      },
      {
        names: ['TEST_PAUSE_AT'],
        default: '(unset)',
        description:
          'Read by a running server, only for the crash tests (`src/server/crash-points.ts`): the name of a point in an import, a column rewrite, a copy, an upload or a snapshot file write where the server prints `crash-point {name}` and stops, to be killed there. Never set it on a real server.',
        use: 'test',
      },
      {
        names: ['TEST_STORAGE'],
        default: '(disk)',
        description: '`s3`: each test server keeps its files in a local S3 of its own (`src/server/testing/s3.ts`).',
        use: 'test',
      },
    ],
  },
] as const satisfies readonly SettingGroup[];

/** Every variable of the list. */
export type SettingName = (typeof SETTING_GROUPS)[number]['settings'][number]['names'][number];

/** The environment as config.ts may read it: only the variables listed above. */
export type SettingsEnv = Readonly<Partial<Record<SettingName, string>>>;

/** Every setting of the list, flattened. */
export function allSettings(): Setting[] {
  return SETTING_GROUPS.flatMap((g): readonly Setting[] => g.settings);
}

/** Picks the listed variables out of an environment; nothing else reaches config.ts. */
export function readSettings(source: NodeJS.ProcessEnv): SettingsEnv {
  const env: Partial<Record<string, string>> = {};
  for (const setting of allSettings()) for (const name of setting.names) if (source[name] !== undefined) env[name] = source[name];
  return env as SettingsEnv;
}
