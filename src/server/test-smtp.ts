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
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
