// The mail port. The outbox (default) keeps messages in the database; SMTP sends them for real.
export type MailAttachment = { filename: string; cid: string; contentType: string; content: Buffer };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** Names this message once ("tickets:<orderId>"): a transport that can, delivers it at most once (the
   * outbox); SMTP turns it into a stable Message-ID, by which mail clients recognise a repeat. */
  idempotencyKey?: string;
};

export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}
