// Real adapter: sends through an SMTP server given as SMTP_URL (smtp://user:pass@host:587).
import nodemailer from 'nodemailer';
import type { MailTransport } from '@/ports/mail';

/** Every wait is bounded, so that a send ends (delivered or failed) well within the mail queue's lease. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** A message sent twice under one idempotency key carries one Message-ID, by which mail clients know it. */
export function messageIdFor(idempotencyKey: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'skypass.invalid';
  return `<${idempotencyKey.replace(/[^A-Za-z0-9.-]/g, '.')}@${domain}>`;
}

/** SMTP_URL with our timeouts, unless it names its own (nodemailer reads options from the query). */
function withTimeouts(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(TIMEOUTS)) if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  return url.toString();
}

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(withTimeouts(smtpUrl));
  return {
    name: 'smtp',
    async send({ idempotencyKey, ...message }) {
      await transporter.sendMail({ from, ...message, ...(idempotencyKey ? { messageId: messageIdFor(idempotencyKey, from) } : {}) });
    },
  };
}
