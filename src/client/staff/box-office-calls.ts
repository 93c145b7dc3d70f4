// The box office's calls (decision 0053): the till, a sale, the counter's card form, a booking to refund and its refund.
import Router from 'next/router';
import type { TillShiftView } from '@/modules/box-office/till';
import type { CounterSaleResult } from '@/modules/box-office/sell';
import type { CounterBooking, CounterRefund } from '@/modules/box-office/counter-refund';
import type { WebSlot } from '@/modules/catalog/check-availability';
import { postJson } from '../api';

export type Answer<T> = { ok: true; data: T } | { ok: false; error: string };

async function getJson<T>(url: string): Promise<Answer<T>> {
  const response = await fetch(url, { headers: { 'Accept-Language': Router.locale ?? 'en' } });
  const data = (await response.json().catch(() => ({}))) as T & { error?: string };
  return response.ok ? { ok: true, data } : { ok: false, error: data.error ?? String(response.status) };
}

async function post<T>(url: string, body: unknown): Promise<Answer<T>> {
  const { status, data } = await postJson<T & { error?: string }>(url, body);
  return status >= 200 && status < 300 ? { ok: true, data } : { ok: false, error: data.error ?? String(status) };
}

export const loadTill = () => getJson<{ shift: TillShiftView | null }>('/api/staff/till');
export const loadShifts = () => getJson<{ shifts: TillShiftView[] }>('/api/staff/till/shifts');
export const openTill = (floatCents: number) => post<{ shift: TillShiftView }>('/api/staff/till/open', { floatCents });
export const closeTill = (countedCents: number) => post<{ shift: TillShiftView }>('/api/staff/till/close', { countedCents });

export type SaleChoice = { productId: string; optionId: string; quantities: Record<string, number>; selectedTime: string; email: string };

export const sell = (choice: SaleChoice, payment: { method: 'cash'; tenderedCents: number } | { method: 'card' }) => post<CounterSaleResult>('/api/staff/sell', { ...choice, payment });

export const findBooking = (reference: string) => getJson<CounterBooking>(`/api/staff/sell/booking?reference=${encodeURIComponent(reference)}`);
export const refundBooking = (reference: string) => post<CounterRefund>('/api/staff/sell/refund', { reference });

/** The slots of a day with their live availability, as the website asks for them. */
export const loadSlots = (body: { productId: string; optionId: string; quantities: Record<string, number>; selectedDate: string }) =>
  post<WebSlot[]>('/api/auth/octo/products/availability', body);

/** "12.50" or "12,50" → 1250; undefined for anything else. */
export function centsOf(text: string): number | undefined {
  const clean = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return undefined;
  return Math.round(Number(clean) * 100);
}
