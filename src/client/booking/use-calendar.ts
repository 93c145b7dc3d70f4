// The days of a month for the selected option and quantities: open, limited, sold out or closed.
import useSWR from 'swr';
import type { WebDay } from '@/modules/catalog/check-availability';
import { postJson } from '../api';
import type { Quantities } from './selection-store';

async function getCalendar([url, productId, optionId, month, quantities]: [string, string, string, string, string]) {
  const body = { productId, optionId, month, ...(quantities === '{}' ? {} : { quantities: JSON.parse(quantities) as Quantities }) };
  const { status, data } = await postJson<WebDay[]>(url, body);
  if (status !== 200) throw new Error(`${url} answered ${status}`);
  return data;
}

export function useCalendar(productId: string | undefined, optionId: string | undefined, month: string, quantities: Quantities) {
  const key = productId && optionId ? (['/api/auth/octo/products/availabilityCalendar', productId, optionId, month, JSON.stringify(quantities)] as const) : null;
  return useSWR(key, getCalendar, { revalidateOnFocus: false, keepPreviousData: true });
}
