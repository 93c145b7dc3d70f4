// The e-mail of a waitlist offer, in the member's language: which places are held, until when, and the
// link straight to the checkout of the order that holds them.
import type { MailMessage } from '@/ports/mail';
import { isLocale } from '@/config/locales';
import { orderNamedIn } from '@/modules/catalog/names-in-language';
import { serverT } from '@/server/i18n';
import { formatDate, formatTime } from '@/universal/format/date-time';
import { localizedPath } from '@/universal/localized-path';
import type { OrderRow } from '../checkout/order-view';
import { brandedEmail, escapeHtml } from '../email/layout';

export function renderOfferEmail(booked: OrderRow, to: string, siteUrl: string): MailMessage {
  const locale = isLocale(booked.locale) ? booked.locale : 'en';
  // The names in the e-mail's language, whichever language the booking was made in.
  const order = orderNamedIn(booked, locale);
  const t = serverT(locale, 'email');
  const url = `${siteUrl}${localizedPath('/checkout', locale)}?uuid=${encodeURIComponent(order.bookingUuid)}`;
  const expires = order.holdExpiresAt.toISOString();
  const values = {
    product: `${order.productTitle} · ${order.optionTitle}`,
    date: formatDate(order.availabilityId, locale),
    time: formatTime(order.availabilityId, locale),
    tickets: order.lines.map((l) => `${l.quantity} × ${l.title}`).join(', '),
    until: `${formatDate(expires, locale)}, ${formatTime(expires, locale)}`,
  };
  const subject = t('waitlist.subject', values);
  const text = [t('waitlist.heading'), '', t('waitlist.intro', values), t('waitlist.until', values), '', `${t('waitlist.button')}: ${url}`, '', t('waitlist.otherwise')].join('\n');
  const html = brandedEmail(
    locale,
    subject,
    `<h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(t('waitlist.heading'))}</h1>
<p style="line-height:1.5">${escapeHtml(t('waitlist.intro', values))}</p>
<p style="line-height:1.5;font-weight:bold">${escapeHtml(t('waitlist.until', values))}</p>
<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#0b1d3a;color:#ffffff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(t('waitlist.button'))}</a></p>
<p style="font-size:13px;color:#4a5568">${escapeHtml(t('waitlist.otherwise'))}</p>`,
  );
  return { to, subject, text, html };
}
