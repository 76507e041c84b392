// "The account's ownership was proved" (hardening II): a reset link followed, a password changed
// with the current one, an address becoming verified (a verification or sign-in link), an address
// changed through the link sent to it, and "sign out everywhere else". Whoever proved it keeps the
// account; whatever anyone else got from it before ends with it, in the event's own transaction:
// every other session, every API token, every open e-mailed link (reset, verification, address
// change, sign-in), pending Google consent links, and the workspace editor invitations the account
// sent that nobody accepted yet. Joined editors stay (the account page lists them). The mail that
// confirms the event says what was ended (tellOwner, after the commit).
import type { Db } from '../../db';
import type { ServerContext } from '../../platform/context';
import { escapeHtml } from '../../platform/mail/mailer';
import { accountRepo } from '../../data/account/repo';
import { tokensRepo } from '../../data/developer/repo';
import { editorsRepo } from '../../data/workspace/repo';
import { googleStatesRepo } from '../../data/gsheets/repo';

/** What an ownership event ended. */
export interface Ended {
  /** Sessions other than the one kept. */
  sessions: number;
  tokens: number;
  /** Workspace editor invitations not accepted yet. */
  invitations: number;
}

/**
 * Ends every other way into the account: call it inside the event's transaction (`db` is the
 * transaction). `keepSession`: the hash of the session that proved it (kept when it is this
 * account's), or null to end them all.
 */
export async function ownershipProved(db: Db, userId: string, keepSession: string | null, now: string): Promise<Ended> {
  const sessions = await accountRepo(db).endSessions(userId, keepSession);
  const tokens = await tokensRepo(db).removeAll(userId);
  await accountRepo(db).spendAllLinks(userId, now);
  await googleStatesRepo(db).dropOf(userId);
  const invitations = await editorsRepo(db).withdrawPendingOf(userId);
  return { sessions, tokens, invitations };
}

/** Told when an address that was not verified becomes so: whoever signed up chose the password. */
export const UNPROVED_PASSWORD_NOTE =
  'If you did not create this account yourself, someone else chose its password: choose a new one now with "Forgot password?" on the sign-in page.';

/** Told when a sign-in link proves an address that was not verified: the password set at sign-up no longer works. */
export const SIGN_UP_PASSWORD_ENDED =
  'The password chosen when this account was created no longer works, since we cannot tell who chose it: sign in with e-mailed links, or choose a password with "Forgot password?" on the sign-in page.';

export type OwnershipEvent = 'reset' | 'password' | 'verified' | 'email' | 'sign-out';

const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** The sentence the mail and the screen give: what ended, in words. */
export function endedSentence(ended: Ended, keptThisOne: boolean): string {
  const others = keptThisOne ? 'other ' : '';
  return (
    `We signed out ${count(ended.sessions, `${others}browser or device`, `${others}browsers and devices`)}, ` +
    `revoked ${count(ended.tokens, 'API token', 'API tokens')} and withdrew ${count(ended.invitations, 'invitation', 'invitations')} to edit your workspace that nobody had accepted yet. ` +
    'Links we e-mailed you earlier (to sign in, choose a password or confirm an address) no longer work.'
  );
}

const WHAT: Record<OwnershipEvent, { subject: string; opening: string; kept: boolean }> = {
  reset: { subject: 'Your Sheetboard password was changed', opening: 'Your Sheetboard password was changed with a link we e-mailed to this address.', kept: false },
  password: { subject: 'Your Sheetboard password was changed', opening: 'The password of your Sheetboard account was changed on the account page.', kept: true },
  verified: { subject: 'Your Sheetboard e-mail address is verified', opening: 'This address is now verified for your Sheetboard account.', kept: true },
  email: { subject: 'Your Sheetboard e-mail address was changed', opening: 'The e-mail address of your Sheetboard account was changed.', kept: true },
  'sign-out': { subject: 'You signed out of Sheetboard everywhere else', opening: 'You chose "Sign out everywhere else" on your Sheetboard account page.', kept: true },
};

/**
 * Mails the confirmation of an ownership event with what it ended (`extra`: more paragraphs first).
 * After the commit; a mail server that is down is logged, never undoes the event.
 */
export async function tellOwner(ctx: ServerContext, to: { name: string; email: string }, event: OwnershipEvent, ended: Ended, extra: string[] = []): Promise<void> {
  const what = WHAT[event];
  const paragraphs = [what.opening, ...extra, endedSentence(ended, what.kept), 'Tokens and invitations you still need can be made again from your dashboard.', 'If you did not do this, choose a new password at once with "Forgot password?" on the sign-in page.'];
  await ctx.mailer
    .send({
      to: to.email,
      subject: what.subject,
      text: `Hello ${to.name},\n\n${paragraphs.join('\n\n')}\n`,
      html: `<p>Hello ${escapeHtml(to.name)},</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}`,
    })
    .catch((e: unknown) => ctx.log.error({ err: e, event }, 'the ownership confirmation e-mail could not be sent'));
}
