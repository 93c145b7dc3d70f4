// The e-mail that tells a gift's recipient about their annual pass (decision 0051), in the buyer's language:
// who it is from, and the link that claims it into their account (sign-in required).
import { ATTRACTION } from '@/config/attraction';
import { isLocale } from '@/config/locales';
import type { MailMessage } from '@/ports/mail';
import type { annualPasses } from '@/server/db/schema';
import { serverT } from '@/server/i18n';
import { localizedPath } from '@/universal/localized-path';
import { brandedEmail, escapeHtml } from '../email/layout';
import { formatGiftCardCode } from '../gift-cards/gift-card-code';

export const passClaimPath = (code: string) => `/profile?claimPass=${encodeURIComponent(formatGiftCardCode(code))}`;

export function renderPassGiftEmail(pass: typeof annualPasses.$inferSelect, siteUrl: string): MailMessage {
  const locale = isLocale(pass.locale) ? pass.locale : 'en';
  const t = serverT(locale, 'passes');
  const values = { attraction: ATTRACTION.name, sender: pass.buyerEmail };
  const url = `${siteUrl}${localizedPath(passClaimPath(pass.code), locale)}`;
  const subject = t('email.subject', values);
  const text = [t('email.heading', values), '', t('email.intro', values), '', `${t('email.claim')}: ${url}`].join('\n');
  const html = brandedEmail(
    locale,
    subject,
    `<h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(t('email.heading', values))}</h1>
<p style="line-height:1.5">${escapeHtml(t('email.intro', values))}</p>
<p style="line-height:1.5"><a href="${escapeHtml(url)}">${escapeHtml(t('email.claim'))}</a></p>`,
  );
  return { to: pass.recipientEmail ?? pass.buyerEmail, subject, text, html };
}
