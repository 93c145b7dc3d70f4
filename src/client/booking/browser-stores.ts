// The browser's booking stores: one of each per tab, kept in localStorage, filled after hydration.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import type { WebSlot } from '@/modules/catalog/check-availability';
import { postJson } from '../api';
import { createAvailabilityStore, type AvailabilityState, type FetchAvailability } from './availability-store';
import { createSelectionStore, type SelectionState } from './selection-store';

const fetchSlots: FetchAvailability = async (input) => {
  const { status, data } = await postJson<WebSlot[] | { error?: string }>('/api/auth/octo/products/availability', input);
  if (status === 200 && Array.isArray(data)) return { ok: true, slots: data };
  const message = !Array.isArray(data) && typeof data.error === 'string' ? data.error : 'Failed to fetch availability';
  return { ok: false, message };
};

export const selectionStore = createSelectionStore();
export const availabilityStore = createAvailabilityStore(fetchSlots);

// A different product or option has other days and times; other quantities may fit other times.
selectionStore.subscribe((state, previous) => {
  if (!selectionStore.persist.hasHydrated()) return;
  if (state.productId !== previous.productId || state.optionId !== previous.optionId) availabilityStore.getState().reset();
  else if (state.quantities !== previous.quantities) availabilityStore.getState().clearSlots();
});

export const useSelection = <T>(selector: (s: SelectionState) => T): T => useStore(selectionStore, selector);
export const useAvailability = <T>(selector: (s: AvailabilityState) => T): T => useStore(availabilityStore, selector);

/** Reads the saved selection once the page has hydrated (the server cannot see localStorage). */
export function useRestoredBooking(): void {
  useEffect(() => {
    void selectionStore.persist.rehydrate();
    void availabilityStore.persist.rehydrate();
  }, []);
}
