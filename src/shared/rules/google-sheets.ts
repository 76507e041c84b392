/**
 * Google Sheets links (issue 16): what an owner may paste to connect a spreadsheet. The address
 * bar's link of a spreadsheet (`https://docs.google.com/spreadsheets/d/{id}/edit#gid=N`, with
 * `?gid=`, `/u/0/` for a second signed-in account, `/view`, `/htmlview`, `/copy`...) or the bare
 * id. Anything else is refused with words a spreadsheet user understands. Pure and bounded: the
 * input is cut at GOOGLE_SHEETS_LIMITS.urlChars before any pattern looks at it, and no pattern
 * backtracks.
 */

export const GOOGLE_SHEETS_LIMITS = {
  /** Longer input is refused unread (Google's links are ~100 characters). */
  urlChars: 2000,
  /** Google's spreadsheet ids are 44 characters today; older ones are shorter. */
  idMinChars: 20,
  idMaxChars: 100,
} as const;

export const GOOGLE_SHEETS_MESSAGES = {
  empty: 'Paste the link of your Google Sheet (copy it from the address bar of the sheet in your browser).',
  tooLong: 'This link is too long to be a Google Sheets link. Copy the link from the address bar of your sheet.',
  notGoogle: 'This is not a Google Sheets link. Open your spreadsheet in Google Sheets and copy the link from the address bar (it starts with https://docs.google.com/spreadsheets/).',
  notSpreadsheet: 'This Google link is not a spreadsheet. Open the spreadsheet in Google Sheets and copy the link from the address bar.',
  published:
    'This is the link of a sheet published to the web, which cannot be synced. Open the spreadsheet itself in Google Sheets and copy the link from the address bar.',
  noId: 'This Google Sheets link is incomplete: the part after /d/ is missing or cut short. Copy the whole link from the address bar of your sheet.',
} as const;

export type GoogleSheetLink = { ok: true; spreadsheetId: string; gid: number | null } | { ok: false; message: string };

const ID = /^[A-Za-z0-9_-]+$/;
const GID = /^\d{1,10}$/;

function isId(s: string): boolean {
  return s.length >= GOOGLE_SHEETS_LIMITS.idMinChars && s.length <= GOOGLE_SHEETS_LIMITS.idMaxChars && ID.test(s);
}

/** The gid (tab) a link names in its fragment or query, if any. */
function gidOf(url: URL): number | null {
  const fromHash = new URLSearchParams(url.hash.replace(/^#/, '')).get('gid');
  const raw = fromHash ?? url.searchParams.get('gid');
  if (raw === null || !GID.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}

/** Reads a pasted Google Sheets link or spreadsheet id. */
export function parseGoogleSheetLink(input: string): GoogleSheetLink {
  if (typeof input !== 'string') return { ok: false, message: GOOGLE_SHEETS_MESSAGES.empty };
  if (input.length > GOOGLE_SHEETS_LIMITS.urlChars) return { ok: false, message: GOOGLE_SHEETS_MESSAGES.tooLong };
  const text = input.trim();
  if (text === '') return { ok: false, message: GOOGLE_SHEETS_MESSAGES.empty };
  if (isId(text)) return { ok: true, spreadsheetId: text, gid: null };

  // A link copied without its scheme (docs.google.com/spreadsheets/...) is still the sheet's link.
  const withScheme = /^[a-z][a-z0-9+.-]{0,20}:/i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { ok: false, message: GOOGLE_SHEETS_MESSAGES.notGoogle };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname.toLowerCase() !== 'docs.google.com' || url.username || url.password || url.port)
    return { ok: false, message: GOOGLE_SHEETS_MESSAGES.notGoogle };

  const parts = url.pathname.split('/').filter((p) => p !== '');
  if (parts[0] !== 'spreadsheets') return { ok: false, message: GOOGLE_SHEETS_MESSAGES.notSpreadsheet };
  let i = 1;
  // /u/0/: the link of a browser signed in to several Google accounts.
  if (parts[i] === 'u' && parts[i + 1] !== undefined && /^\d{1,3}$/.test(parts[i + 1]!)) i += 2;
  if (parts[i] !== 'd') return { ok: false, message: GOOGLE_SHEETS_MESSAGES.noId };
  const id = parts[i + 1];
  // /d/e/2PACX-...: a copy published to the web, not the spreadsheet itself.
  if (id === 'e') return { ok: false, message: GOOGLE_SHEETS_MESSAGES.published };
  if (id === undefined || !isId(id)) return { ok: false, message: GOOGLE_SHEETS_MESSAGES.noId };
  return { ok: true, spreadsheetId: id, gid: gidOf(url) };
}

/** The link that opens a spreadsheet (at a tab when its gid is given): the spreadsheet button's target. */
export function googleSheetUrl(spreadsheetId: string, gid?: number | null): string {
  return `https://docs.google.com/spreadsheets/d/${encodeURIComponent(spreadsheetId)}/edit${gid === null || gid === undefined ? '' : `#gid=${gid}`}`;
}
