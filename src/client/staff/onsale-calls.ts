// The on-sales' calls (managers, /staff/calendar; decision 0056): the list, a new one, cancel or end one.
import { useRouter } from 'next/router';
import useSWR from 'swr';
import type { OnsaleView } from '@/modules/onsale/schedule-onsale';
import { postJson } from '../api';

async function getJson([url, locale]: [string, string]): Promise<{ onsales: OnsaleView[] }> {
  const response = await fetch(url, { headers: { 'Accept-Language': locale } });
  const data = (await response.json().catch(() => ({}))) as { onsales: OnsaleView[]; error?: string };
  if (!response.ok) throw new Error(data.error ?? `${url} answered ${response.status}`);
  return data;
}

export function useOnsales() {
  const { locale = 'en' } = useRouter();
  return useSWR(['/api/staff/onsales', locale], getJson, { refreshInterval: 10_000, revalidateOnFocus: false });
}

export type OnsaleForm = { productId: string | null; day: string | null; opensAt: string; ratePerMinute: number };

export async function scheduleOnsale(form: OnsaleForm): Promise<{ ok: true } | { ok: false; error: string }> {
  const { status, data } = await postJson<{ error?: string }>('/api/staff/onsales', form);
  return status === 201 ? { ok: true } : { ok: false, error: data.error ?? String(status) };
}

export async function stopOnsale(id: string): Promise<{ ok: true } | { ok: false; error: string }> {
  const { status, data } = await postJson<{ error?: string }>('/api/staff/onsales/stop', { id });
  return status === 200 ? { ok: true } : { ok: false, error: data.error ?? String(status) };
}
