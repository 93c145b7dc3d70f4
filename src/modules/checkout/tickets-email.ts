// The e-mails of a completed payment, in the member's language: the tickets (a QR code each) or, when
// the payment came too late, the refund.
import QRCode from 'qrcode';
import type { MailMessage } from '@/ports/mail';
import { formatDate, formatTime } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import { ATTRACTION } from '@/config/attraction';
import { isLocale } from '@/config/locales';
import { brandedEmail, escapeHtml } from '../email/layout';
import { orderNamedIn } from '@/modules/catalog/names-in-language';
import { serverT } from '@/server/i18n';
import type { OrderRow } from './order-view';
import { orderDeductions } from '@/universal/order-deductions';

/** What goes with the tickets: the calendar entry (.ics text) and, after a change, the amount given back
 * or the difference paid. */
export type TicketsEmailExtras = { calendar?: string; changed?: { refund: number; paid?: number } };

export async function renderTicketsEmail(booked: OrderRow, member: { email: string; name: string }, siteUrl: string, extras: TicketsEmailExtras = {}): Promise<MailMessage> {
  const locale = isLocale(booked.locale) ? booked.locale : 'en';
  // The names in the e-mail's language, whichever language the booking was made in.
  const order = orderNamedIn(booked, locale);
  const t = serverT(locale, 'email');
  const date = formatDate(order.availabilityId, locale);
  const time = formatTime(order.availabilityId, locale);
  const product = `${order.productTitle} · ${order.optionTitle}`;
  const changed = extras.changed;
  const subject = changed ? t('changed.subject', { product: order.productTitle, date }) : t('tickets.subject', { product: order.productTitle, date });
  const heading = changed ? t('changed.heading') : t('tickets.heading');
  const intro = changed
    ? [
        t('changed.intro', { reference: order.supplierReference }),
        changed.refund > 0 ? t('changed.refund', { amount: formatMoney(changed.refund, order.currency, locale) }) : '',
        changed.paid ? t('changed.paid', { amount: formatMoney(changed.paid, order.currency, locale) }) : '',
      ]
        .filter(Boolean)
        .join(' ')
    : t('tickets.intro', { name: member.name, attraction: ATTRACTION.name });
  const manageUrl = `${siteUrl}/bookings/${encodeURIComponent(order.supplierReference)}`;
  const total = formatMoney(order.total, order.currency, locale);
  // What the member price, a promo code, a reward or guest pass took off and a gift card paid, named in the
  // member's language: the lines the checkout summary and the booking page show (universal/order-deductions.ts).
  const deductions = orderDeductions(
    { discount: order.discountCents, promo: order.promoCents, promoCode: order.promoCode, reward: order.rewardCents, rewardReason: order.rewardReason, giftCard: order.giftCardCents },
    serverT(locale, 'checkout'),
    serverT(locale, 'rewards'),
  ).map((line) => ({ label: line.label, amount: `−${formatMoney(line.amount, order.currency, locale)}` }));
  // Add-ons bought with the tickets (decision 0050): one line each, quantity and price paid.
  const ta = serverT(locale, 'addons');
  const addons = order.addons.map((line) => ({
    label: ta('checkout.count', { count: line.quantity, name: ta(`names.${line.addonId}.title`, { defaultValue: line.addonId }) }),
    amount: formatMoney(line.quantity * line.unitPrice, order.currency, locale),
  }));
  const tickets = order.tickets ?? [];
  const unitTitle = (unitId: string) => order.lines.find((l) => l.unitId === unitId)?.title ?? unitId;
  const attachments = await Promise.all(
    tickets.map(async (ticket) => ({
      filename: `${ticket.reference}.png`,
      cid: `${ticket.reference}@skypass`,
      contentType: 'image/png',
      content: await QRCode.toBuffer(ticket.code ?? ticket.reference, { type: 'png', width: 220, margin: 1, errorCorrectionLevel: 'M' }),
    })),
  );
  if (extras.calendar) {
    attachments.push({
      filename: `${order.supplierReference}.ics`,
      cid: `${order.supplierReference}.ics@skypass`,
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: Buffer.from(extras.calendar, 'utf8'),
    });
  }
  const lines = order.lines.map((l) => `${l.quantity} × ${l.title}`).join(', ');
  const profileUrl = `${siteUrl}/profile`;

  const text = [
    heading,
    '',
    intro,
    '',
    `${t('tickets.reference')}: ${order.supplierReference}`,
    product,
    `${t('tickets.when')}: ${date}, ${time} (${t('tickets.timeZone')})`,
    `${t('tickets.what')}: ${lines}`,
    ...addons.map((a) => `${a.label}: ${a.amount}`),
    ...deductions.map((line) => `${line.label}: ${line.amount}`),
    `${t('tickets.total')}: ${total}`,
    '',
    ...tickets.map((ticket, i) => `${t('tickets.ticket', { number: i + 1, unit: unitTitle(ticket.unitId) })}: ${ticket.reference}`),
    '',
    t('tickets.manage', { url: manageUrl }),
    t('tickets.profile', { url: profileUrl }),
  ].join('\n');

  const ticketCells = tickets
    .map(
      (ticket, i) => `<tr><td style="padding:12px 0;border-top:1px solid #e3e8f0">
<img src="cid:${ticket.reference}@skypass" width="160" height="160" alt="${escapeHtml(ticket.reference)}" style="display:block;margin-bottom:6px">
<strong>${escapeHtml(t('tickets.ticket', { number: i + 1, unit: unitTitle(ticket.unitId) }))}</strong><br>
<span style="font-family:monospace">${escapeHtml(ticket.reference)}</span></td></tr>`,
    )
    .join('');
  const html = brandedEmail(
    locale,
    subject,
    `<h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 20px;line-height:1.5">${escapeHtml(intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%;margin-bottom:20px;font-size:15px;line-height:1.6">
<tr><td style="color:#4a5568">${escapeHtml(t('tickets.reference'))}</td><td style="text-align:right;font-weight:bold">${escapeHtml(order.supplierReference)}</td></tr>
<tr><td colspan="2" style="font-weight:bold">${escapeHtml(product)}</td></tr>
<tr><td style="color:#4a5568">${escapeHtml(t('tickets.when'))}</td><td style="text-align:right">${escapeHtml(`${date}, ${time}`)}</td></tr>
<tr><td style="color:#4a5568">${escapeHtml(t('tickets.what'))}</td><td style="text-align:right">${escapeHtml(lines)}</td></tr>
${addons.map((a) => `<tr><td style="color:#4a5568">${escapeHtml(a.label)}</td><td style="text-align:right">${escapeHtml(a.amount)}</td></tr>\n`).join('')}${deductions.map((line) => `<tr><td style="color:#4a5568">${escapeHtml(line.label)}</td><td style="text-align:right">${escapeHtml(line.amount)}</td></tr>\n`).join('')}<tr><td style="color:#4a5568">${escapeHtml(t('tickets.total'))}</td><td style="text-align:right;font-weight:bold">${escapeHtml(total)}</td></tr>
</table>
<p style="font-size:13px;color:#4a5568">${escapeHtml(t('tickets.timeZone'))}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="width:100%">${ticketCells}</table>
<p style="line-height:1.5"><a href="${escapeHtml(manageUrl)}">${escapeHtml(t('tickets.manageLink'))}</a></p>
<p style="font-size:13px;color:#4a5568">${escapeHtml(t('tickets.profile', { url: profileUrl }))}</p>`,
  );
  return { to: member.email, subject, text, html, attachments };
}

export function renderRefundEmail(order: OrderRow, member: { email: string }, siteUrl: string): MailMessage {
  const locale = isLocale(order.locale) ? order.locale : 'en';
  const t = serverT(locale, 'email');
  const amount = formatMoney(order.total, order.currency, locale);
  const values = { product: order.productTitle, reference: order.supplierReference, amount, url: `${siteUrl}/products` };
  const subject = t('refund.subject', values);
  const text = [t('refund.heading'), '', t('refund.intro', values), '', t('refund.again', values)].join('\n');
  const html = brandedEmail(
    locale,
    subject,
    `<h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(t('refund.heading'))}</h1>
<p style="line-height:1.5">${escapeHtml(t('refund.intro', values))}</p>
<p style="line-height:1.5">${escapeHtml(t('refund.again', values))}</p>`,
  );
  return { to: member.email, subject, text, html };
}
