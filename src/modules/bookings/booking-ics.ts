// A booking as a calendar entry (RFC 5545, made with the `ics` package): the slot's start and end, the
// attraction's address and the booking reference. Times are written in UTC, which every calendar shows in
// its own zone; the description repeats the time in the attraction's zone (America/New_York). The UID is
// the booking's, and SEQUENCE grows with each change, so importing the updated file moves the entry.
import { createEvent } from 'ics';
import { ATTRACTION } from '@/config/attraction';
import { isLocale } from '@/config/locales';
import { orderNamedIn } from '@/modules/catalog/names-in-language';
import { serverT } from '@/server/i18n';
import { formatDate, formatTime } from '@/universal/format/date-time';
import type { OrderRow } from '../checkout/order-view';

export type CalendarBooking = {
  bookingUuid: string;
  reference: string;
  title: string;
  start: Date;
  end: Date;
  /** How many times the booking changed: the entry's SEQUENCE. */
  sequence: number;
  siteUrl: string;
  /** Localised labels: the reference and the time-zone line. */
  labels: { reference: string; localTime: string };
};

const utc = (d: Date): [number, number, number, number, number] => [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()];

export function bookingIcs(booking: CalendarBooking): string {
  const { error, value } = createEvent({
    uid: `${booking.bookingUuid}@${ATTRACTION.slug}`,
    sequence: booking.sequence,
    method: 'PUBLISH',
    productId: `${ATTRACTION.slug}/skypass`,
    title: `${ATTRACTION.name}: ${booking.title}`,
    start: utc(booking.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utc(booking.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    location: `${ATTRACTION.name}, ${ATTRACTION.address}`,
    description: [`${booking.labels.reference}: ${booking.reference}`, booking.labels.localTime].join('\n'),
    url: `${booking.siteUrl}/bookings/${encodeURIComponent(booking.reference)}`,
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('the calendar entry could not be made');
  return value;
}

/** "Saturday 12/5/2026, 10:00 AM (New York time)" for the description, from the slot's availability id. */
export function localTimeLine(availabilityId: string, locale: string, timeZoneLabel: string): string {
  return `${formatDate(availabilityId, locale)}, ${formatTime(availabilityId, locale)} (${timeZoneLabel})`;
}

/** The calendar entry of a member's order, in the order's language; `end` is the slot's end (the supplier's). */
export function orderCalendar(booked: OrderRow, end: string | Date, siteUrl: string, sequence = 0): string {
  const locale = isLocale(booked.locale) ? booked.locale : 'en';
  // The names in the entry's language, whichever language the booking was made in.
  const order = orderNamedIn(booked, locale);
  const t = serverT(locale, 'email');
  return bookingIcs({
    bookingUuid: order.bookingUuid,
    reference: order.supplierReference,
    title: order.optionTitle === order.productTitle ? order.productTitle : `${order.productTitle} · ${order.optionTitle}`,
    start: new Date(order.availabilityId),
    end: new Date(end),
    sequence,
    siteUrl,
    labels: { reference: t('tickets.reference'), localTime: localTimeLine(order.availabilityId, locale, t('calendar.timeZone')) },
  });
}
