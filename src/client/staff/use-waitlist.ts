// The day's waitlists for the staff, refreshed with the day's figures.
import { useRouter } from 'next/router';
import useSWR from 'swr';
import type { StaffWaitlistSlot } from '@/modules/waitlist/staff-waitlist';
import { TODAY_REFRESH_MS } from './use-today';

async function getWaitlist([url, locale]: [string, string]): Promise<StaffWaitlistSlot[]> {
  const response = await fetch(url, { headers: { 'Accept-Language': locale } });
  if (!response.ok) throw new Error(((await response.json().catch(() => ({}))) as { error?: string }).error ?? `${url} answered ${response.status}`);
  return ((await response.json()) as { slots: StaffWaitlistSlot[] }).slots;
}

export function useDayWaitlist(date: string) {
  const { locale = 'en' } = useRouter();
  return useSWR([`/api/staff/waitlist?date=${date}`, locale], getWaitlist, { refreshInterval: TODAY_REFRESH_MS, keepPreviousData: true });
}
