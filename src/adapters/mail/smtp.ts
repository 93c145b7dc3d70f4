// Real adapter: sends through an SMTP server given as SMTP_URL (smtp://user:pass@host:587).
import nodemailer from 'nodemailer';
import type { MailTransport } from '@/ports/mail';

export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({ from, ...message });
    },
  };
}
