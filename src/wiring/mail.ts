// Chooses the mail transport from the environment: SMTP when SMTP_URL is set, else the outbox.
import { ATTRACTION } from '@/config/attraction';
import { getDb } from '@/server/db/client';
import { getEnv } from '@/server/env';
import { createOutboxTransport, listOutbox, type OutboxEntry } from '@/adapters/mail/outbox';
import type { MailTransport } from '@/ports/mail';
import { createSmtpTransport } from '@/adapters/mail/smtp';

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

/** The demo mailbox's messages, to one address when `to` is given, newest first. */
export async function readOutbox(to?: string): Promise<OutboxEntry[]> {
  return listOutbox(await getDb(), to);
}
