// The e-mail that delivers a gift card on its date, in the buyer's language: the amount, who it is from,
// their message, the code, its expiry and the link to its printable page.
import { ATTRACTION } from '@/config/attraction';
import { isLocale } from '@/config/locales';
import type { MailMessage } from '@/ports/mail';
import { serverT } from '@/server/i18n';
import type { giftCards } from '@/server/db/schema';
import { formatLongDate } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import { localizedPath } from '@/universal/localized-path';
import { brandedEmail, escapeHtml } from '../email/layout';
import { formatGiftCardCode } from './gift-card-code';

export type GiftCardRow = typeof giftCards.$inferSelect;

export function renderGiftCardEmail(card: GiftCardRow, siteUrl: string): MailMessage {
  const locale = isLocale(card.locale) ? card.locale : 'en';
  const t = serverT(locale, 'giftcards');
  const code = formatGiftCardCode(card.code);
  const values = {
    attraction: ATTRACTION.name,
    sender: card.senderName,
    name: card.recipientName ?? card.senderName,
    amount: formatMoney(card.amount, card.currency, locale),
    code,
    until: card.expiresAt ? formatLongDate(card.expiresAt, locale) : '',
    url: `${siteUrl}${localizedPath('/gift-cards', locale)}`,
    reference: card.refundOf ?? '',
  };
  const printUrl = `${siteUrl}${localizedPath(`/gift-cards/${code}`, locale)}`;
  const subject = card.recipientEmail ? t('email.subjectGift', values) : t('email.subjectOwn', values);
  // A card a manager issued as a refund says which booking it refunds (decision 0052).
  const intro = card.refundOf ? serverT(locale, 'gcrefunds')('email.giftCardIntro', values) : card.recipientEmail ? t('email.intro', values) : t('email.introOwn', values);
  const lines = [
    t('email.heading', values),
    '',
    intro,
    ...(card.message ? ['', `“${card.message}”`] : []),
    '',
    `${t('email.code')}: ${code}`,
    t('email.valid', values),
    t('email.balance', values),
    '',
    `${t('email.print')}: ${printUrl}`,
  ];
  const html = brandedEmail(
    locale,
    subject,
    `<h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(t('email.heading', values))}</h1>
<p style="line-height:1.5">${escapeHtml(intro)}</p>
${card.message ? `<blockquote style="margin:12px 0;padding:8px 16px;border-left:4px solid #e8b931">${escapeHtml(card.message)}</blockquote>` : ''}
<p style="line-height:1.5">${escapeHtml(t('email.code'))}:<br><strong style="font-size:22px;letter-spacing:2px;font-family:monospace">${escapeHtml(code)}</strong></p>
<p style="line-height:1.5">${escapeHtml(t('email.valid', values))}<br>${escapeHtml(t('email.balance', values))}</p>
<p style="line-height:1.5"><a href="${escapeHtml(printUrl)}">${escapeHtml(t('email.print'))}</a></p>`,
  );
  return { to: card.recipientEmail ?? card.buyerEmail, subject, text: lines.join('\n'), html };
}
