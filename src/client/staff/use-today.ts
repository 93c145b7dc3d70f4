// "Today": the day's slots and counts, refreshed every 15 seconds while the page is open.
import { useRouter } from 'next/router';
import useSWR from 'swr';
import type { DayOverview } from '@/modules/staff/day-overview';

export const TODAY_REFRESH_MS = 15_000;

async function getDay([url, locale]: [string, string]): Promise<DayOverview> {
  const response = await fetch(url, { headers: { 'Accept-Language': locale } });
  if (!response.ok) throw new Error(((await response.json().catch(() => ({}))) as { error?: string }).error ?? `${url} answered ${response.status}`);
  return (await response.json()) as DayOverview;
}

export function useDayOverview(date: string, fallback: DayOverview) {
  const { locale = 'en' } = useRouter();
  return useSWR([`/api/staff/today?date=${date}`, locale], getDay, {
    refreshInterval: TODAY_REFRESH_MS,
    fallbackData: fallback.date === date ? fallback : undefined,
    keepPreviousData: true,
  });
}
