// The mail port. The outbox (default) keeps messages in the database; SMTP sends them for real.
export type MailAttachment = { filename: string; cid: string; contentType: string; content: Buffer };

export type MailMessage = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };

export interface MailTransport {
  readonly name: 'outbox' | 'smtp';
  send(message: MailMessage): Promise<void>;
}
