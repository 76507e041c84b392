// Outgoing e-mail: SMTP through nodemailer when SMTP_URL is set, otherwise the server log (so a
// fresh clone can still sign in with a magic link). nodemailer is loaded with the first mail.
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * False without SMTP_URL: `send` only writes the mail to the server log, so nobody receives it.
   * Invitations then count as not sent, and the inviter is given the link to pass on.
   */
  readonly delivers: boolean;
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl: string | null; from: string; log: FastifyBaseLogger }): Mailer {
  if (!options.smtpUrl) {
    return {
      delivers: false,
      async send(mail) {
        options.log.info({ to: mail.to, subject: mail.subject }, `E-mail (SMTP_URL not set):\n${mail.text}`);
      },
      close() {},
    };
  }
  const smtpUrl = options.smtpUrl;
  let transport: Promise<Transporter> | null = null;
  return {
    delivers: true,
    async send(mail) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
      await (await transport).sendMail({ from: options.from, ...mail });
    },
    close() {
      void transport?.then((t) => t.close()).catch(() => {});
    },
  };
}

/** Text made safe for the HTML part of a mail. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
