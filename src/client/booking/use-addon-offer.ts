// The add-ons offered with the member's choice and what is left of each for the chosen time (decision 0050).
import useSWR from 'swr';
import type { AddonOffer } from '@/modules/catalog/addon-offer';
import { postJson } from '../api';

const URL = '/api/auth/octo/products/addons';

async function fetchOffer([, productId, optionId, availabilityId]: readonly [string, string, string, string]): Promise<AddonOffer[]> {
  const { status, data } = await postJson<{ addons?: AddonOffer[] }>(URL, { productId, optionId, availabilityId });
  if (status !== 200) throw new Error(`${URL} answered ${status}`);
  return data.addons ?? [];
}

/** Undefined until a time is chosen and the answer is here; an empty list when nothing is offered. */
export function useAddonOffer(productId: string | undefined, optionId: string | undefined, availabilityId: string | undefined): AddonOffer[] | undefined {
  const key = productId && optionId && availabilityId ? ([URL, productId, optionId, availabilityId] as const) : null;
  const { data } = useSWR(key, fetchOffer, { revalidateOnFocus: true });
  return data;
}
