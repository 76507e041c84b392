// The local Google (google.ts) through the official clients, unchanged: google-auth-library's
// OAuth2Client and JWT, @googleapis/sheets and @googleapis/drive. Not database-bound: it runs in
// both server projects alike. The API clients retry 429 and 5xx on their own by default (gaxios:
// 3 retries, GET/PUT/HEAD/OPTIONS/DELETE only); tests that look at a single answer build them with
// `retry: false`, and one test watches the client's own retry go through.
import { drive, type drive_v3 } from '@googleapis/drive';
import { auth as sheetsAuth, sheets, type sheets_v4 } from '@googleapis/sheets';
import { JWT, OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GOOGLE_TOKEN_URL, pointJwtAt, SCOPES, startFakeGoogle, type FakeGoogle } from './google';

let google: FakeGoogle;
const REDIRECT = 'http://127.0.0.1:9/api/gsheets/oauth/callback';

beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(async () => {
  await google.close();
});
beforeEach(() => {
  google.consent = { user: 'owner@example.com', deny: false };
  google.requests.length = 0;
  google.resetCounts();
});

function oauthClient(): OAuth2Client {
  return new OAuth2Client({
    clientId: google.oauthClient.clientId,
    clientSecret: google.oauthClient.clientSecret,
    redirectUri: REDIRECT,
    endpoints: { oauth2AuthBaseUrl: google.authUrl, oauth2TokenUrl: google.tokenUrl, oauth2RevokeUrl: google.revokeUrl },
  });
}

/** Follows the consent URL as the browser would: the 302's Location back to our redirect URI. */
async function consent(authUrl: string): Promise<URL> {
  const res = await fetch(authUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function connect(client: OAuth2Client, scope: string[] = [SCOPES.spreadsheets, SCOPES.driveReadonly], extra: { prompt?: string } = {}) {
  const back = await consent(client.generateAuthUrl({ access_type: 'offline', scope, state: 'st-1', ...extra }));
  return client.getToken(back.searchParams.get('code')!);
}

describe('OAuth', () => {
  it('consents with a code and state, exchanges it once, refresh token only on the first offline consent', async () => {
    google.consent.user = 'first@example.com';
    const client = oauthClient();
    const back = await consent(client.generateAuthUrl({ access_type: 'offline', scope: [SCOPES.spreadsheets, 'openid', 'email'], state: 'xyz' }));
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('xyz');
    const code = back.searchParams.get('code')!;
    const { tokens } = await client.getToken(code);
    expect(tokens.access_token).toMatch(/^ya29\./);
    expect(tokens.refresh_token).toMatch(/^1\/\//);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.scope).toContain(SCOPES.spreadsheets);
    expect(tokens.expiry_date).toBeGreaterThan(Date.now() + 3500_000);
    const idClaims = JSON.parse(Buffer.from(tokens.id_token!.split('.')[1]!, 'base64url').toString('utf8')) as { email: string; aud: string };
    expect(idClaims).toMatchObject({ email: 'first@example.com', aud: google.oauthClient.clientId });
    // A code is good once.
    await expect(client.getToken(code)).rejects.toMatchObject({ status: 400, response: { data: { error: 'invalid_grant' } } });
    // Consenting again: no new refresh token, unless prompt=consent.
    expect((await connect(oauthClient(), [SCOPES.spreadsheets])).tokens.refresh_token).toBeUndefined();
    expect((await connect(oauthClient(), [SCOPES.spreadsheets], { prompt: 'consent' })).tokens.refresh_token).toMatch(/^1\/\//);
  });

  it('answers access_denied when the person refuses, and rejects an unknown redirect URI', async () => {
    google.consent.deny = true;
    const back = await consent(oauthClient().generateAuthUrl({ access_type: 'offline', scope: [SCOPES.spreadsheets], state: 's' }));
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('s');
    expect(back.searchParams.has('code')).toBe(false);
    google.oauthClient.redirectUris = ['https://sheetboard.example/cb'];
    try {
      const res = await fetch(oauthClient().generateAuthUrl({ scope: [SCOPES.spreadsheets] }), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('redirect_uri_mismatch');
    } finally {
      google.oauthClient.redirectUris = [];
    }
  });

  it('refreshes without a new refresh token (the client keeps its own), and a revoked one is invalid_grant', async () => {
    google.consent.user = 'refresh@example.com';
    const client = oauthClient();
    const { tokens } = await connect(client);
    client.setCredentials(tokens);
    const refreshed = await client.refreshAccessToken();
    expect(refreshed.credentials.access_token).not.toBe(tokens.access_token);
    expect(refreshed.credentials.refresh_token).toBe(tokens.refresh_token);
    const tokenAnswer = google.requests.filter((r) => r.kind === 'oauth.token').at(-1)!;
    expect(tokenAnswer.body).toMatchObject({ grant_type: 'refresh_token' });
    google.revokeRefreshToken(tokens.refresh_token!);
    await expect(client.refreshAccessToken()).rejects.toMatchObject({ response: { status: 400, data: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' } } });
  });

  it('revokes a refresh token at the revoke endpoint (the person removed the app’s access)', async () => {
    google.consent.user = 'revoker@example.com';
    const client = oauthClient();
    const { tokens } = await connect(client);
    await client.revokeToken(tokens.refresh_token!);
    client.setCredentials({ refresh_token: tokens.refresh_token });
    await expect(client.refreshAccessToken()).rejects.toMatchObject({ response: { status: 400, data: { error: 'invalid_grant' } } });
    const again = await fetch(`${google.revokeUrl}?token=${encodeURIComponent(tokens.refresh_token!)}`, { method: 'POST' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: 'invalid_token', error_description: 'Token expired or revoked' });
    // Consent again after a revocation: a new refresh token, as Google gives.
    expect((await connect(oauthClient())).tokens.refresh_token).toMatch(/^1\/\//);
  });

  it('rejects a wrong client secret and an unknown grant type', async () => {
    const bad = new OAuth2Client({ clientId: google.oauthClient.clientId, clientSecret: 'nope', redirectUri: REDIRECT, endpoints: { oauth2TokenUrl: google.tokenUrl } });
    await expect(bad.getToken('4/whatever')).rejects.toMatchObject({ response: { status: 401, data: { error: 'invalid_client' } } });
    const res = await fetch(google.tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=password' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'unsupported_grant_type', error_description: 'Invalid grant_type: password' });
  });

  it('gives a service account a token for a JWT signed with its key, and refuses a key it does not know', async () => {
    const key = google.addServiceAccount('robot@sheetboard-test.iam.gserviceaccount.com');
    const jwt = new JWT({ email: key.client_email, key: key.private_key, scopes: [SCOPES.spreadsheets] });
    pointJwtAt(jwt, google.tokenUrl);
    const { token } = await jwt.getAccessToken();
    expect(token).toMatch(/^ya29\./);
    const sent = google.requests.find((r) => r.kind === 'oauth.token')!;
    expect(sent.body).toMatchObject({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer' });
    const userinfo = await fetch(`${google.url}/oauth2/v3/userinfo`, { headers: { authorization: `Bearer ${token}` } });
    expect(await userinfo.json()).toMatchObject({ email: key.client_email });

    const stranger = google.addServiceAccount();
    const forged = new JWT({ email: key.client_email, key: stranger.private_key, scopes: [SCOPES.spreadsheets] });
    pointJwtAt(forged, google.tokenUrl);
    await expect(forged.getAccessToken()).rejects.toMatchObject({ response: { status: 400, data: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } } });
    expect(GOOGLE_TOKEN_URL).toBe('https://oauth2.googleapis.com/token');
  });

  it('answers an unknown or expired bearer with 401 UNAUTHENTICATED, and the OAuth client refreshes and retries', async () => {
    const res = await fetch(`${google.url}/v4/spreadsheets/some-id`, { headers: { authorization: 'Bearer ya29.unknown' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('Bearer');
    expect(await res.json()).toMatchObject({ error: { code: 401, status: 'UNAUTHENTICATED', details: [{ reason: 'ACCESS_TOKEN_TYPE_UNSUPPORTED' }] } });
    const bare = await fetch(`${google.url}/v4/spreadsheets/some-id`);
    expect(bare.status).toBe(401);

    google.consent.user = 'expiry@example.com';
    // The client believes its token good for an hour; Google says it is not. Without
    // forceRefreshOnFailure an OAuth2Client that knows an expiry_date hands the 401 on...
    const { tokens } = await connect(oauthClient());
    const plain = oauthClient();
    plain.setCredentials({ ...tokens, expiry_date: Date.now() + 3600_000 });
    google.expireAccessTokens();
    await expect(plain.request({ url: `${google.url}/oauth2/v3/userinfo` })).rejects.toMatchObject({ status: 401 });
    // ...with it, the client refreshes once and retries.
    const client = new OAuth2Client({
      clientId: google.oauthClient.clientId,
      clientSecret: google.oauthClient.clientSecret,
      endpoints: { oauth2TokenUrl: google.tokenUrl },
      forceRefreshOnFailure: true,
    });
    client.setCredentials({ ...tokens, expiry_date: Date.now() + 3600_000 });
    google.requests.length = 0;
    const me = await client.request<{ email: string }>({ url: `${google.url}/oauth2/v3/userinfo` });
    expect(me.data.email).toBe('expiry@example.com');
    expect(google.requests.map((r) => `${r.kind} ${r.status}`)).toEqual(['oauth.userinfo 401', 'oauth.token 200', 'oauth.userinfo 200']);
  });
});

/** An OAuth2Client holding a fresh access token for `user` (the consent dance is tested above). */
function signedIn(user: string, scopes: string[] = [SCOPES.spreadsheets, SCOPES.driveReadonly]): OAuth2Client {
  const client = oauthClient();
  client.setCredentials({ access_token: google.issueAccessToken(user, scopes), expiry_date: Date.now() + 3600_000 });
  return client;
}
// The API clients type `auth` with googleapis-common's own copy of google-auth-library (10.5.0);
// clients of the top-level google-auth-library (10.9.1) work with them (they are only called
// through `request`), the types differ in private fields: hence the casts.
const sheetsFor = (auth: OAuth2Client | JWT, retry = false) =>
  sheets({ version: 'v4', auth: auth as unknown as sheets_v4.Options['auth'], rootUrl: `${google.url}/`, retry });
const driveFor = (auth: OAuth2Client | JWT) => drive({ version: 'v3', auth: auth as unknown as drive_v3.Options['auth'], rootUrl: `${google.url}/`, retry: false });

function crm(writers = ['ana@example.com']) {
  return google.createSpreadsheet({
    title: 'CRM',
    writers,
    readers: ['viewer@example.com'],
    tabs: [
      {
        title: 'Leads',
        rows: [
          ['Name', 'Amount', 'Total'],
          ['Ada', 10, { formula: '=B2*2', value: 20 }],
          ['Bob', 2.5, { formula: '=B3*2', value: 5 }],
          ['Cy', 1234567, { formula: '=B4*2', value: 2469134 }],
        ],
      },
      { title: 'Other tab', sheetId: 77, rows: [['x', 'y']] },
    ],
  });
}

describe('Sheets v4', () => {
  it('spreadsheets.get answers tabs keyed by sheetId, and honours fields', async () => {
    const book = crm();
    const api = sheetsFor(signedIn('ana@example.com'));
    const full = await api.spreadsheets.get({ spreadsheetId: book.spreadsheetId });
    expect(full.data).toMatchObject({
      spreadsheetId: book.spreadsheetId,
      properties: { title: 'CRM' },
      spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${book.spreadsheetId}/edit`,
      sheets: [
        { properties: { sheetId: 0, title: 'Leads', index: 0, sheetType: 'GRID', gridProperties: { rowCount: 1000, columnCount: 26 } } },
        { properties: { sheetId: 77, title: 'Other tab', index: 1 } },
      ],
    });
    const some = await api.spreadsheets.get({ spreadsheetId: book.spreadsheetId, fields: 'sheets.properties(sheetId,title)', includeGridData: false });
    expect(some.data).toEqual({ sheets: [{ properties: { sheetId: 0, title: 'Leads' } }, { properties: { sheetId: 77, title: 'Other tab' } }] });
    const grid = await api.spreadsheets.get({ spreadsheetId: book.spreadsheetId, includeGridData: true, fields: 'sheets/data/rowData/values(userEnteredValue,formattedValue)' });
    expect(grid.data.sheets![0]!.data![0]!.rowData![1]!.values![2]).toEqual({ userEnteredValue: { formulaValue: '=B2*2' }, formattedValue: '20' });
  });

  it('values.get renders formatted values, unformatted values or formulas, for quoted tabs and whole columns', async () => {
    const book = crm();
    const api = sheetsFor(signedIn('viewer@example.com', [SCOPES.spreadsheetsReadonly]));
    const formatted = await api.spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: "'Leads'!A1:C" });
    expect(formatted.data).toEqual({
      range: 'Leads!A1:C1000',
      majorDimension: 'ROWS',
      values: [
        ['Name', 'Amount', 'Total'],
        ['Ada', '10', '20'],
        ['Bob', '2.5', '5'],
        ['Cy', '1234567', '2469134'],
      ],
    });
    const raw = await api.spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Leads!B2:C3', valueRenderOption: 'UNFORMATTED_VALUE' });
    expect(raw.data.values).toEqual([
      [10, 20],
      [2.5, 5],
    ]);
    const formulas = await api.spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Leads!C2:C', valueRenderOption: 'FORMULA' });
    expect(formulas.data).toMatchObject({ range: 'Leads!C2:C1000', values: [['=B2*2'], ['=B3*2'], ['=B4*2']] });
    const other = await api.spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: "'Other tab'!A:B", majorDimension: 'COLUMNS' });
    expect(other.data).toEqual({ range: "'Other tab'!A1:B1000", majorDimension: 'COLUMNS', values: [['x'], ['y']] });
    const empty = await api.spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Leads!A10:C20' });
    expect(empty.data).toEqual({ range: 'Leads!A10:C20', majorDimension: 'ROWS' });
    const batch = await api.spreadsheets.values.batchGet({ spreadsheetId: book.spreadsheetId, ranges: ['Leads!A1:A2', "'Other tab'!A1"] });
    expect(batch.data).toEqual({
      spreadsheetId: book.spreadsheetId,
      valueRanges: [
        { range: 'Leads!A1:A2', majorDimension: 'ROWS', values: [['Name'], ['Ada']] },
        { range: "'Other tab'!A1", majorDimension: 'ROWS', values: [['x']] },
      ],
    });
    await expect(api.spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Nope!A1' })).rejects.toMatchObject({
      status: 400,
      response: { data: { error: { code: 400, status: 'INVALID_ARGUMENT', message: 'Unable to parse range: Nope!A1' } } },
    });
    await expect(api.spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Leads!A1:AB2' })).rejects.toMatchObject({
      status: 400,
      response: { data: { error: { message: "Range ('Leads'!A1:AB2) exceeds grid limits. Max rows: 1000, max columns: 26" } } },
    });
  });

  it('values.append writes below the table and answers the real row numbers (OVERWRITE and INSERT_ROWS)', async () => {
    const book = crm();
    const api = sheetsFor(signedIn('ana@example.com'));
    const first = await api.spreadsheets.values.append({
      spreadsheetId: book.spreadsheetId,
      range: 'Leads!A:C',
      valueInputOption: 'RAW',
      requestBody: { values: [['Dee', 4, '=B5*2']] },
    });
    expect(first.data).toEqual({
      spreadsheetId: book.spreadsheetId,
      tableRange: 'Leads!A1:C4',
      updates: { spreadsheetId: book.spreadsheetId, updatedRange: 'Leads!A5:C5', updatedRows: 1, updatedColumns: 3, updatedCells: 3 },
    });
    // RAW keeps "=B5*2" as text; USER_ENTERED makes numbers, booleans and formulas.
    expect(google.getCell(book.spreadsheetId, 'Leads', 'C5')).toBe('=B5*2');
    const second = await api.spreadsheets.values.append({
      spreadsheetId: book.spreadsheetId,
      range: 'Leads',
      valueInputOption: 'USER_ENTERED',
      insertDataOption: 'INSERT_ROWS',
      requestBody: { values: [['Eve', '7', '=B6*2'], ['Fay', 'TRUE']] },
    });
    expect(second.data.updates).toMatchObject({ updatedRange: 'Leads!A6:C7', updatedRows: 2 });
    expect(google.getCell(book.spreadsheetId, 'Leads', 'B6')).toBe(7);
    expect(google.getCell(book.spreadsheetId, 'Leads', 'B7')).toBe(true);
    expect(google.getCell(book.spreadsheetId, 'Leads', 'C6')).toEqual({ formula: '=B6*2', value: null });
    expect(google.tab(book.spreadsheetId, 'Leads').rowCount).toBe(1002);
    // A gap ends the table: the next append lands in the first empty row under it, as on Google.
    google.setCell(book.spreadsheetId, 'Leads', 'A10', 'Far below');
    const third = await api.spreadsheets.values.append({ spreadsheetId: book.spreadsheetId, range: 'Leads!A1', valueInputOption: 'RAW', requestBody: { values: [['Gus']] } });
    expect(third.data.updates!.updatedRange).toBe('Leads!A8');
    // An empty tab: written at the top, no tableRange.
    const fresh = await api.spreadsheets.values.append({ spreadsheetId: book.spreadsheetId, range: "'Other tab'!C:D", valueInputOption: 'RAW', requestBody: { values: [['c', 'd']] } });
    expect(fresh.data.tableRange).toBeUndefined();
    expect(fresh.data.updates!.updatedRange).toBe("'Other tab'!C1:D1");
  });

  it('values.update and values.batchUpdate write cells; null leaves a cell (and its formula) alone', async () => {
    const book = crm();
    const api = sheetsFor(signedIn('ana@example.com'));
    const one = await api.spreadsheets.values.update({
      spreadsheetId: book.spreadsheetId,
      range: 'Leads!A2:C2',
      valueInputOption: 'RAW',
      includeValuesInResponse: true,
      requestBody: { values: [['Ada L.', 11, null]] },
    });
    expect(one.data).toEqual({
      spreadsheetId: book.spreadsheetId,
      updatedRange: 'Leads!A2:C2',
      updatedRows: 1,
      updatedColumns: 3,
      updatedCells: 2,
      updatedData: { range: 'Leads!A2:C2', majorDimension: 'ROWS', values: [['Ada L.', '11', '20']] },
    });
    expect(google.getCell(book.spreadsheetId, 'Leads', 'C2')).toEqual({ formula: '=B2*2', value: 20 });
    const many = await api.spreadsheets.values.batchUpdate({
      spreadsheetId: book.spreadsheetId,
      requestBody: {
        valueInputOption: 'USER_ENTERED',
        data: [
          { range: 'Leads!B3', values: [['3']] },
          { range: "'Other tab'!A2:B2", values: [['p', 'q']] },
        ],
      },
    });
    expect(many.data).toMatchObject({ totalUpdatedRows: 2, totalUpdatedCells: 3, totalUpdatedSheets: 2, responses: [{ updatedRange: 'Leads!B3' }, { updatedRange: "'Other tab'!A2:B2" }] });
    expect(google.values(book.spreadsheetId, 77)).toEqual([
      ['x', 'y'],
      ['p', 'q'],
    ]);
    // One cell is where a block starts; a wider range is a frame it must fit in.
    const block = await api.spreadsheets.values.update({ spreadsheetId: book.spreadsheetId, range: "'Other tab'!A3", valueInputOption: 'RAW', requestBody: { values: [['r', 's'], ['t']] } });
    expect(block.data).toMatchObject({ updatedRange: "'Other tab'!A3:B4", updatedRows: 2, updatedCells: 3 });
    await expect(
      api.spreadsheets.values.update({ spreadsheetId: book.spreadsheetId, range: 'Leads!A2:B2', valueInputOption: 'RAW', requestBody: { values: [['a', 'b', 'c']] } }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('but tried writing to column [C]') });
  });

  it('spreadsheets.batchUpdate deletes, inserts and appends dimensions, renames tabs, all or nothing', async () => {
    const book = crm();
    const api = sheetsFor(signedIn('ana@example.com'));
    const done = await api.spreadsheets.batchUpdate({
      spreadsheetId: book.spreadsheetId,
      requestBody: {
        requests: [
          { deleteDimension: { range: { sheetId: 0, dimension: 'ROWS', startIndex: 1, endIndex: 2 } } },
          { insertDimension: { range: { sheetId: 0, dimension: 'ROWS', startIndex: 1, endIndex: 2 }, inheritFromBefore: false } },
          { appendDimension: { sheetId: 77, dimension: 'ROWS', length: 500 } },
          { updateSheetProperties: { properties: { sheetId: 77, title: 'Renamed' }, fields: 'title' } },
        ],
      },
    });
    expect(done.data).toEqual({ spreadsheetId: book.spreadsheetId, replies: [{}, {}, {}, {}] });
    // Ada's row went, an empty row came in its place: Bob is still on row 3.
    expect(google.values(book.spreadsheetId, 0).map((r) => r[0])).toEqual(['Name', undefined, 'Bob', 'Cy']);
    expect(google.tab(book.spreadsheetId, 77)).toMatchObject({ title: 'Renamed', rowCount: 1500 });
    const versionBefore = book.version;
    await expect(
      api.spreadsheets.batchUpdate({
        spreadsheetId: book.spreadsheetId,
        requestBody: {
          requests: [
            { deleteDimension: { range: { sheetId: 0, dimension: 'ROWS', startIndex: 2, endIndex: 3 } } },
            { updateSheetProperties: { properties: { sheetId: 0, title: 'Renamed' }, fields: 'title' } },
          ],
        },
      }),
    ).rejects.toMatchObject({ status: 400, message: 'Invalid requests[1].updateSheetProperties: A sheet with the name "Renamed" already exists. Please enter another name.' });
    expect(google.values(book.spreadsheetId, 0).map((r) => r[0])).toEqual(['Name', undefined, 'Bob', 'Cy']);
    expect(book.version).toBe(versionBefore);
    await expect(
      api.spreadsheets.batchUpdate({ spreadsheetId: book.spreadsheetId, requestBody: { requests: [{ deleteDimension: { range: { sheetId: 9, dimension: 'ROWS', startIndex: 0, endIndex: 1 } } }] } }),
    ).rejects.toMatchObject({ status: 400, message: 'Invalid requests[0].deleteDimension: No grid with id: 9' });
    // Deleting the empty row 2 shifts Bob up to row 2, and the grid shrinks by one row.
    await api.spreadsheets.batchUpdate({
      spreadsheetId: book.spreadsheetId,
      requestBody: { requests: [{ deleteDimension: { range: { sheetId: 0, dimension: 'ROWS', startIndex: 1, endIndex: 2 } } }] },
    });
    const shifted = await api.spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Leads!A2:C3', valueRenderOption: 'FORMULA' });
    expect(shifted.data.values).toEqual([
      ['Bob', 2.5, '=B2*2'],
      ['Cy', 1234567, '=B3*2'],
    ]);
    expect(google.tab(book.spreadsheetId, 0).rowCount).toBe(999);
    expect(book.version).toBe(versionBefore + 1);
  });

  it('answers 403 to an account the file is not shared with or that may only read, and 404 to an unknown id', async () => {
    const book = crm();
    const stranger = sheetsFor(signedIn('stranger@example.com'));
    await expect(stranger.spreadsheets.get({ spreadsheetId: book.spreadsheetId })).rejects.toMatchObject({
      status: 403,
      response: { data: { error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' } } },
    });
    const viewer = sheetsFor(signedIn('viewer@example.com'));
    await expect(
      viewer.spreadsheets.values.update({ spreadsheetId: book.spreadsheetId, range: 'Leads!A2', valueInputOption: 'RAW', requestBody: { values: [['x']] } }),
    ).rejects.toMatchObject({ status: 403 });
    const readonlyScope = sheetsFor(signedIn('ana@example.com', [SCOPES.spreadsheetsReadonly]));
    await expect(
      readonlyScope.spreadsheets.values.append({ spreadsheetId: book.spreadsheetId, range: 'Leads', valueInputOption: 'RAW', requestBody: { values: [['x']] } }),
    ).rejects.toMatchObject({ status: 403, message: 'Request had insufficient authentication scopes.' });
    await expect(sheetsFor(signedIn('ana@example.com')).spreadsheets.get({ spreadsheetId: 'no-such-id' })).rejects.toMatchObject({
      status: 404,
      response: { data: { error: { code: 404, status: 'NOT_FOUND', message: 'Requested entity was not found.' } } },
    });
  });

  it('serves a service account the spreadsheets shared with its e-mail', async () => {
    const key = google.addServiceAccount();
    const book = crm([key.client_email]);
    const jwt = new JWT({ email: key.client_email, key: key.private_key, scopes: [SCOPES.spreadsheets] });
    pointJwtAt(jwt, google.tokenUrl);
    const got = await sheetsFor(jwt).spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Leads!A1:A2' });
    expect(got.data.values).toEqual([['Name'], ['Ada']]);
    expect(google.requests.map((r) => `${r.kind} ${r.principal ?? '-'}`)).toEqual(['oauth.token -', `sheets.values.get ${key.client_email}`]);
  });
});

describe('the clients bundled with @googleapis/sheets (no casts)', () => {
  it('auth.OAuth2 and auth.JWT take the same endpoints and interceptor', async () => {
    const key = google.addServiceAccount();
    const book = crm(['bundled@example.com', key.client_email]);
    const client = new sheetsAuth.OAuth2({ clientId: google.oauthClient.clientId, clientSecret: google.oauthClient.clientSecret, endpoints: { oauth2TokenUrl: google.tokenUrl } });
    client.setCredentials({ access_token: google.issueAccessToken('bundled@example.com'), expiry_date: Date.now() + 3600_000 });
    const viaUser = await sheets({ version: 'v4', auth: client, rootUrl: `${google.url}/` }).spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Leads!A2' });
    expect(viaUser.data.values).toEqual([['Ada']]);
    const jwt = new sheetsAuth.JWT({ email: key.client_email, key: key.private_key, scopes: [SCOPES.spreadsheets, SCOPES.driveReadonly] });
    pointJwtAt(jwt, google.tokenUrl);
    const version = await drive({ version: 'v3', auth: jwt, rootUrl: `${google.url}/` }).files.get({ fileId: book.spreadsheetId, fields: 'version' });
    expect(version.data.version).toBe(String(book.version));
  });
});

describe('Drive v3', () => {
  it('files.get answers version and modifiedTime, bumped by every change from the API or a person', async () => {
    const book = crm();
    const auth = signedIn('ana@example.com');
    const files = driveFor(auth);
    const before = await files.files.get({ fileId: book.spreadsheetId, fields: 'version,modifiedTime' });
    expect(Object.keys(before.data).sort()).toEqual(['modifiedTime', 'version']);
    expect(before.data.version).toMatch(/^\d+$/);
    const plain = await files.files.get({ fileId: book.spreadsheetId });
    expect(plain.data).toEqual({ kind: 'drive#file', id: book.spreadsheetId, name: 'CRM', mimeType: 'application/vnd.google-apps.spreadsheet' });
    await sheetsFor(auth).spreadsheets.values.update({ spreadsheetId: book.spreadsheetId, range: 'Leads!A2', valueInputOption: 'RAW', requestBody: { values: [['Ada']] } });
    const afterApi = await files.files.get({ fileId: book.spreadsheetId, fields: 'id,name,version,modifiedTime,mimeType' });
    expect(Number(afterApi.data.version)).toBe(Number(before.data.version) + 1);
    expect(Date.parse(afterApi.data.modifiedTime!)).toBeGreaterThan(Date.parse(before.data.modifiedTime!));
    google.setCell(book.spreadsheetId, 'Leads', 'B2', 99);
    const afterPerson = await files.files.get({ fileId: book.spreadsheetId, fields: 'version' });
    expect(Number(afterPerson.data.version)).toBe(Number(before.data.version) + 2);
    // Reads do not change it.
    await sheetsFor(auth).spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Leads' });
    expect((await files.files.get({ fileId: book.spreadsheetId, fields: 'version' })).data.version).toBe(afterPerson.data.version);
  });

  it('answers a file not shared with the caller as not found, as Drive does, and needs a Drive scope', async () => {
    const book = crm();
    await expect(driveFor(signedIn('stranger@example.com')).files.get({ fileId: book.spreadsheetId, fields: 'version' })).rejects.toMatchObject({
      status: 404,
      response: { data: { error: { code: 404, message: `File not found: ${book.spreadsheetId}.`, errors: [{ reason: 'notFound', location: 'fileId', locationType: 'parameter' }] } } },
    });
    await expect(driveFor(signedIn('ana@example.com', [SCOPES.spreadsheets])).files.get({ fileId: book.spreadsheetId, fields: 'version' })).rejects.toMatchObject({ status: 403 });
  });
});

describe('faults and a person editing the sheet', () => {
  it('failNext answers 429 then lets the retry through; the client with retry on gets there by itself', async () => {
    const book = crm();
    const auth = signedIn('ana@example.com');
    google.failNext({ match: 'sheets.values.get', status: 429 });
    await expect(sheetsFor(auth).spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Leads!A1' })).rejects.toMatchObject({
      status: 429,
      response: {
        data: {
          error: {
            code: 429,
            status: 'RESOURCE_EXHAUSTED',
            message: expect.stringContaining("Quota exceeded for quota metric 'Read requests'"),
            details: [{ reason: 'RATE_LIMIT_EXCEEDED', metadata: { quota_metric: 'sheets.googleapis.com/read_requests' } }],
          },
        },
      },
    });
    expect((await sheetsFor(auth).spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Leads!A1' })).data.values).toEqual([['Name']]);
    // gaxios retries GET on 429 and 5xx by default: two faults, one call, three requests.
    google.failNext({ match: /\/values\//, status: 503, times: 2 });
    google.requests.length = 0;
    const got = await sheetsFor(auth, true).spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Leads!A1' });
    expect(got.data.values).toEqual([['Name']]);
    expect(google.requests.map((r) => r.status)).toEqual([503, 503, 200]);
    // ...but never a POST such as values.append: the caller decides.
    google.failNext({ match: (r) => r.kind === 'sheets.values.append', status: 500 });
    await expect(
      sheetsFor(auth, true).spreadsheets.values.append({ spreadsheetId: book.spreadsheetId, range: 'Leads', valueInputOption: 'RAW', requestBody: { values: [['x']] } }),
    ).rejects.toMatchObject({ status: 500, response: { data: { error: { status: 'INTERNAL' } } } });
    expect(google.values(book.spreadsheetId, 'Leads')).toHaveLength(4);
  });

  it('enforces per-user quotas when set: the 4th read in a minute is 429, writes count apart, other accounts too', async () => {
    const book = crm(['ana@example.com', 'ben@example.com']);
    google.quota.readsPerMinutePerUser = 3;
    try {
      const ana = sheetsFor(signedIn('ana@example.com'));
      for (let i = 0; i < 3; i++) await ana.spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Leads!A1' });
      await expect(ana.spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Leads!A1' })).rejects.toMatchObject({ status: 429 });
      await ana.spreadsheets.values.update({ spreadsheetId: book.spreadsheetId, range: 'Leads!A2', valueInputOption: 'RAW', requestBody: { values: [['Ada']] } });
      const ben = await sheetsFor(signedIn('ben@example.com')).spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Leads!A1', fields: 'values' });
      expect(ben.data).toEqual({ values: [['Name']] });
    } finally {
      google.quota.readsPerMinutePerUser = null;
    }
  });

  it('afterApply: the append lands but its answer is lost (what makes a blind retry duplicate a row)', async () => {
    const book = crm();
    google.failNext({ match: 'sheets.values.append', status: 503, afterApply: true });
    await expect(
      sheetsFor(signedIn('ana@example.com')).spreadsheets.values.append({ spreadsheetId: book.spreadsheetId, range: 'Leads', valueInputOption: 'RAW', requestBody: { values: [['Lost answer']] } }),
    ).rejects.toMatchObject({ status: 503 });
    expect(google.values(book.spreadsheetId, 'Leads').at(-1)).toEqual(['Lost answer']);
  });

  it('beforeWrite lets a person insert a row between our read and our write: the write hits the old row number', async () => {
    const book = crm();
    const api = sheetsFor(signedIn('ana@example.com'));
    const read = await api.spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Leads!A:A' });
    const bobRow = read.data.values!.findIndex((r) => r[0] === 'Bob') + 1;
    google.beforeWrite((write, g) => {
      expect(write.kind).toBe('sheets.values.update');
      g.insertRow(write.spreadsheetId, 'Leads', 2, ['Newcomer', 1]);
      g.beforeWrite(null);
    });
    await api.spreadsheets.values.update({ spreadsheetId: book.spreadsheetId, range: `Leads!B${bobRow}`, valueInputOption: 'RAW', requestBody: { values: [[3]] } });
    expect(google.values(book.spreadsheetId, 'Leads').map((r) => r.slice(0, 2))).toEqual([
      ['Name', 'Amount'],
      ['Newcomer', 1],
      ['Ada', 3], // the row number was Bob's; now it is Ada's
      ['Bob', 2.5],
      ['Cy', 1234567],
    ]);
  });

  it('person edits: deleteRow shifts rows up, renameHeader and renameTab change what the API sees', async () => {
    const book = crm();
    const api = sheetsFor(signedIn('ana@example.com'));
    google.deleteRow(book.spreadsheetId, 'Leads', 2);
    google.renameHeader(book.spreadsheetId, 'Leads', 'Amount', 'Value');
    google.renameTab(book.spreadsheetId, 0, 'Prospects');
    const got = await api.spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Prospects!A1:B2' });
    expect(got.data.values).toEqual([
      ['Name', 'Value'],
      ['Bob', '2.5'],
    ]);
    expect(google.tab(book.spreadsheetId, 0).rowCount).toBe(999);
    expect(book.version).toBe(4);
  });

  it('counts requests by kind and serves a 100,000-row tab in reasonable time', async () => {
    const book = google.createSpreadsheet({ title: 'Big', writers: ['ana@example.com'], tabs: [{ title: 'Data', rows: [['id', 'name', 'amount', 'city']] }] });
    google.fillRows(book.spreadsheetId, 'Data', 100_000, (i) => [`r${i}`, `Name ${i}`, i * 1.5, i % 2 ? 'Oslo' : 'Lima']);
    const api = sheetsFor(signedIn('ana@example.com'));
    const started = Date.now();
    const all = await api.spreadsheets.values.get({ spreadsheetId: book.spreadsheetId, range: 'Data!A:D', valueRenderOption: 'UNFORMATTED_VALUE' });
    expect(all.data.values).toHaveLength(100_001);
    expect(all.data.values![100_000]).toEqual(['r99999', 'Name 99999', 149998.5, 'Oslo']);
    expect(all.data.range).toBe('Data!A1:D100001');
    const page = await api.spreadsheets.values.batchGet({ spreadsheetId: book.spreadsheetId, ranges: ['Data!A50001:D60000', 'Data!A90001:D100001'], prettyPrint: false });
    expect(page.data.valueRanges!.map((v) => v.values!.length)).toEqual([10_000, 10_001]);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(google.counts).toEqual({ 'sheets.values.get': 1, 'sheets.values.batchGet': 1 });
  });
});
