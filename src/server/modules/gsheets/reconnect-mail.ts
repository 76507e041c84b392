// The e-mail a workspace's owner gets when Google refuses its connection (issue 16): sent once,
// by the request that moved the connection from 'ok' to 'reconnect_needed' (repo.ts
// markReconnectNeeded says which one did). Everything from Google (the account's address, its
// reason, the spreadsheets' titles) is escaped in the HTML part.
import type { ServerContext } from '../../platform/context';
import { escapeHtml, type Mail } from '../../platform/mail/mailer';
import { googleConnectionsRepo } from '../../data/gsheets/repo';

/** Titles named in the mail at most (a workspace may sync hundreds of spreadsheets). */
const TITLES_SHOWN = 20;

export interface ReconnectMailInput {
  owner: { name: string; email: string };
  kind: 'oauth' | 'service_account';
  googleEmail: string | null;
  reason: string;
  titles: string[];
  /** Absolute address of the dashboard, where the owner connects the account again. */
  dashboardUrl: string;
}

/** The dashboard's address, built as the other mails build their links (the scheme and host links are written with). */
export function dashboardUrl(ctx: ServerContext): string {
  return `${ctx.config.publicScheme === 'https' ? 'https' : 'http'}://${ctx.config.baseHost}/dashboard`;
}

export function reconnectMail(input: ReconnectMailInput): Mail {
  const account = input.googleEmail ? `the Google account ${input.googleEmail}` : 'the Google account';
  const shown = input.titles.slice(0, TITLES_SHOWN);
  const more = input.titles.length - shown.length;
  const what =
    input.kind === 'service_account'
      ? `Google no longer accepts ${account} (the server's service account) that your Sheetboard workspace syncs its Google spreadsheets through.`
      : `Google no longer accepts the connection between your Sheetboard workspace and ${account}. This happens when the access is removed in the Google account, its password changes, or Google lets the access expire.`;
  const paused = 'Syncing with Google is paused: changes made in Google no longer reach your boards and apps. Your boards and apps keep showing the rows of the last sync.';
  const fix =
    input.kind === 'service_account'
      ? `Ask the administrator of this Sheetboard server to check the service account. Your dashboard shows the state of each spreadsheet:`
      : `To sync again, open your dashboard and connect the Google account again:`;
  const lines = [
    `Hello ${input.owner.name},`,
    '',
    what,
    `Google said: ${input.reason}`,
    '',
    paused,
    ...(shown.length > 0 ? ['', 'Spreadsheets paused:', ...shown.map((t) => `- ${t}`), ...(more > 0 ? [`- and ${more} more`] : [])] : []),
    '',
    fix,
    input.dashboardUrl,
    '',
    'Syncing starts again by itself once the account is connected.',
  ];
  const html = [
    `<p>Hello ${escapeHtml(input.owner.name)},</p>`,
    `<p>${escapeHtml(what)}<br>Google said: ${escapeHtml(input.reason)}</p>`,
    `<p>${escapeHtml(paused)}</p>`,
    ...(shown.length > 0 ? [`<p>Spreadsheets paused:</p><ul>${shown.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}${more > 0 ? `<li>and ${more} more</li>` : ''}</ul>`] : []),
    `<p>${escapeHtml(fix)} <a href="${escapeHtml(input.dashboardUrl)}">open your dashboard</a></p>`,
    '<p>Syncing starts again by itself once the account is connected.</p>',
  ].join('');
  return {
    to: input.owner.email,
    subject: input.kind === 'service_account' ? 'Google sync paused: Google refused the service account' : 'Google sync paused: reconnect your Google account',
    text: lines.join('\n'),
    html,
  };
}

/** Tells the workspace's owner that its connection needs reconnecting. Never throws: a failed mail is logged. */
export async function sendReconnectMail(ctx: ServerContext, connectionId: string, reason: string): Promise<void> {
  try {
    const repo = googleConnectionsRepo(ctx.db);
    const owner = await repo.ownerOf(connectionId);
    if (!owner) return;
    const titles = await repo.spreadsheetTitles(connectionId);
    await ctx.mailer.send(reconnectMail({ owner, kind: owner.kind, googleEmail: owner.google_email, reason, titles, dashboardUrl: dashboardUrl(ctx) }));
  } catch (err) {
    ctx.log.warn({ err, connectionId }, 'mailing the owner about a refused Google connection failed');
  }
}
