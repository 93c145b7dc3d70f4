// The branded sign-in e-mail, as HTML and text, in the visitor's language.
import { ATTRACTION } from '@/config/attraction';
import type { Locale } from '@/config/locales';
import type { MailMessage } from '@/ports/mail';
import { brandedEmail, escapeHtml } from '../email/layout';
import { serverT } from '@/server/i18n';

export function renderSignInEmail(input: { to: string; url: string; locale: Locale; validMinutes: number }): MailMessage {
  const t = serverT(input.locale, 'email');
  const values = { brand: ATTRACTION.brand, attraction: ATTRACTION.name, minutes: input.validMinutes };
  const subject = t('signIn.subject', values);
  const heading = t('signIn.heading', values);
  const intro = t('signIn.intro', values);
  const button = t('signIn.button', values);
  const expiry = t('signIn.expiry', values);
  const ignore = t('signIn.ignore', values);
  const text = [heading, '', intro, '', input.url, '', expiry, ignore, '', `${ATTRACTION.brand} · ${ATTRACTION.name}`].join('\n');
  const url = escapeHtml(input.url);
  const html = brandedEmail(
    input.locale,
    subject,
    `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px"><a href="${url}" style="display:inline-block;background:#d4a017;color:#0b1d3a;text-decoration:none;font-weight:bold;padding:14px 24px;border-radius:8px">${escapeHtml(button)}</a></p>
<p style="margin:0 0 8px;font-size:14px;color:#4a5568">${escapeHtml(expiry)}</p>
<p style="margin:0 0 16px;font-size:14px;color:#4a5568">${escapeHtml(ignore)}</p>
<p style="margin:0;font-size:12px;color:#4a5568;word-break:break-all">${url}</p>`,
  );
  return { to: input.to, subject, text, html };
}
