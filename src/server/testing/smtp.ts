// A real SMTP peer for tests (smtp-server on a random local port), not a mock: the server under
// test sends through SMTP_URL and the test reads what arrived. Used by the server's mail tests
// and the browser tests that follow e-mailed links.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface MailInbox {
  /** `smtp://127.0.0.1:{port}`, for SMTP_URL. */
  url: string;
  /** Every message received, in order (empty it with `messages.length = 0`). */
  messages: ReceivedMail[];
  close(): Promise<void>;
}

export async function startInbox(): Promise<MailInbox> {
  const messages: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  // smtp-server holds every greeting back 100 ms (to catch clients that talk before it) and then
  // looks the client's address up in DNS: a tenth of a second per mail that the mail tests sent
  // by the hundred. This inbox greets at once (nodemailer waits for the greeting anyway). It reaches
  // into smtp-server's connection (_setListeners, connectionReady, smtp-server 3.x): a version
  // without them fails here, loudly, instead of slowing down.
  const connections = smtp.connections as Set<{ init(): void; _setListeners?: (ready: () => void) => void; connectionReady?: () => void }>;
  const add = connections.add.bind(connections);
  connections.add = (connection) => {
    const { _setListeners: listen, connectionReady: ready } = connection;
    if (typeof listen !== 'function' || typeof ready !== 'function') throw new Error('src/server/testing/smtp.ts: smtp-server changed; update the immediate greeting');
    connection.init = () => listen.call(connection, () => ready.call(connection));
    return add(connection);
  };
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** The settings that send a test server's mail to `inbox`, from the address the mail tests expect. */
export function mailSettings(inbox: Pick<MailInbox, 'url'>) {
  return { smtpUrl: inbox.url, mailFrom: 'Sheetboard <no-reply@localhost>' };
}

/** A received message's text with quoted-printable soft line breaks and `=3D` undone, so links read whole. */
export function plainText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
}

/** `link` matched in the last message sent to `to` (its plain text); throws showing the mail when it is not there. */
export function linkInLastMail(inbox: Pick<MailInbox, 'messages'>, to: string, link: RegExp): RegExpMatchArray {
  const mail = inbox.messages.filter((m) => m.to.includes(to)).at(-1);
  if (!mail) throw new Error(`no mail to ${to}`);
  const text = plainText(mail.raw);
  const m = text.match(link);
  if (!m) throw new Error(`no link ${link} in the mail to ${to}:\n${text.slice(0, 2000)}`);
  return m;
}
