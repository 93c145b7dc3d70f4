// The office's calls about bookings: search, one booking, resend its tickets, cancel it.
import Router from 'next/router';
import type { Cancellation } from '@/modules/bookings/cancel-booking';
import type { BookingDetail, BookingListItem } from '@/modules/bookings/find-bookings';
import { postJson } from '../api';

type Answer<T> = { ok: true; data: T } | { ok: false; error: string };

async function getJson<T>(url: string): Promise<Answer<T>> {
  const response = await fetch(url, { headers: { 'Accept-Language': Router.locale ?? 'en' } });
  const data = (await response.json().catch(() => ({}))) as T & { error?: string };
  return response.ok ? { ok: true, data } : { ok: false, error: data.error ?? String(response.status) };
}

export const searchBookings = (q: string) => getJson<{ bookings: BookingListItem[] }>(`/api/staff/bookings?q=${encodeURIComponent(q)}`);

export const loadBooking = (reference: string) => getJson<BookingDetail>(`/api/staff/bookings/detail?reference=${encodeURIComponent(reference)}`);

export async function resend(reference: string): Promise<Answer<{ to: string }>> {
  const { status, data } = await postJson<{ to: string; error?: string }>('/api/staff/bookings/resend', { reference });
  return status === 200 ? { ok: true, data } : { ok: false, error: data.error ?? String(status) };
}

export async function cancel(reference: string, refund: 'full' | 'none' | number, reason: string, refundTo: 'payment' | 'gift_card' = 'payment'): Promise<Answer<Cancellation>> {
  const { status, data } = await postJson<Cancellation & { error?: string }>('/api/staff/bookings/cancel', { reference, refund, ...(reason ? { reason } : {}), ...(refundTo === 'gift_card' ? { refundTo } : {}) });
  return status === 200 ? { ok: true, data } : { ok: false, error: data.error ?? String(status) };
}
