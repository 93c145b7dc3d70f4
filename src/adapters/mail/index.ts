// Chooses the mail transport from the environment: SMTP when SMTP_URL is set, else the outbox.
import { ATTRACTION } from '../../config/attraction';
import { getDb } from '../../server/db/client';
import { getEnv } from '../../server/env';
import { createOutboxTransport } from './outbox';
import type { MailTransport } from './port';
import { createSmtpTransport } from './smtp';

let transport: MailTransport | undefined;

export function getMailTransport(): MailTransport {
  if (!transport) {
    const env = getEnv();
    transport = env.SMTP_URL
      ? createSmtpTransport(env.SMTP_URL, env.MAIL_FROM ?? ATTRACTION.mailFrom)
      : createOutboxTransport(getDb);
  }
  return transport;
}

/** The dev mailbox exists only in demo mode and only while mail goes to the outbox. */
export function devMailboxEnabled(): boolean {
  const env = getEnv();
  return env.SKYPASS_DEMO && !env.SMTP_URL;
}
