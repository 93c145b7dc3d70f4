// The calendar's calls (managers): a month, a day, and the changes: close, reopen, set a capacity.
import { useRouter } from 'next/router';
import useSWR from 'swr';
import type { CalendarDayDetail } from '@/modules/calendar/day-view';
import type { CalendarMonth } from '@/modules/calendar/month-view';
import type { DayChange } from '@/modules/calendar/close-day';
import type { CapacityChange } from '@/modules/calendar/set-capacity';
import { postJson } from '../api';

export type Answer<T> = { ok: true; data: T } | { ok: false; error: string };

async function getJson<T>([url, locale]: [string, string]): Promise<T> {
  const response = await fetch(url, { headers: { 'Accept-Language': locale } });
  const data = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new Error(data.error ?? `${url} answered ${response.status}`);
  return data;
}

export function useCalendarMonth(month: string, fallback?: CalendarMonth) {
  const { locale = 'en' } = useRouter();
  return useSWR([`/api/staff/calendar?month=${month}`, locale], getJson<CalendarMonth>, {
    fallbackData: fallback?.month === month ? fallback : undefined,
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}

export function useCalendarDay(date: string | undefined) {
  const { locale = 'en' } = useRouter();
  return useSWR(date ? [`/api/staff/calendar/day?date=${date}`, locale] : null, getJson<CalendarDayDetail>, { revalidateOnFocus: false });
}

async function post<T>(url: string, body: unknown): Promise<Answer<T>> {
  const { status, data } = await postJson<T & { error?: string }>(url, body);
  return status === 200 ? { ok: true, data } : { ok: false, error: data.error ?? String(status) };
}

export const closeDay = (date: string, reason: string) => post<DayChange>('/api/staff/calendar/close', { date, reason });

export const openDay = (date: string) => post<DayChange>('/api/staff/calendar/open', { date });

export const setCapacity = (body: { optionId: string; date: string; time?: string; capacity: number | 'reset' }) =>
  post<CapacityChange>('/api/staff/calendar/capacity', body);
