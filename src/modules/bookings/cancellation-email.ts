// The e-mail a member gets when their booking is cancelled, in their language: what was cancelled and
// what comes back.
import type { MailMessage } from '@/ports/mail';
import { formatDate, formatTime } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import { isLocale } from '@/config/locales';
import { orderNamedIn } from '@/modules/catalog/names-in-language';
import { serverT } from '@/server/i18n';
import type { OrderRow } from '../checkout/order-view';
import { brandedEmail, escapeHtml } from '../email/layout';

export function renderCancellationEmail(booked: OrderRow, to: string, refundAmount: number, siteUrl: string, refundTo: 'payment' | 'gift_card' = 'payment'): MailMessage {
  const locale = isLocale(booked.locale) ? booked.locale : 'en';
  // The names in the e-mail's language, whichever language the booking was made in.
  const order = orderNamedIn(booked, locale);
  const t = serverT(locale, 'email');
  const values = {
    product: order.productTitle,
    reference: order.supplierReference,
    date: formatDate(order.availabilityId, locale),
    time: formatTime(order.availabilityId, locale),
    amount: formatMoney(refundAmount, order.currency, locale),
    url: `${siteUrl}/products`,
  };
  const subject = t('cancelled.subject', values);
  const onCard = refundTo === 'gift_card' && refundAmount > 0;
  const money = onCard ? serverT(locale, 'gcrefunds')('email.cancelledToGiftCard', values) : refundAmount > 0 ? t('cancelled.refund', values) : t('cancelled.noRefund', values);
  const text = [t('cancelled.heading'), '', t('cancelled.intro', values), '', money, '', t('cancelled.again', values)].join('\n');
  const html = brandedEmail(
    locale,
    subject,
    `<h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(t('cancelled.heading'))}</h1>
<p style="line-height:1.5">${escapeHtml(t('cancelled.intro', values))}</p>
<p style="line-height:1.5;font-weight:bold">${escapeHtml(money)}</p>
<p style="line-height:1.5">${escapeHtml(t('cancelled.again', values))}</p>`,
  );
  return { to, subject, text, html };
}
