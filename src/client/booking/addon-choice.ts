// The add-ons the member chose on the ticket page (decision 0050); Book sends them with the choice. Kept for
// the tab only. A choice the offer no longer allows (another option, fewer left) is trimmed to it.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { AddonOffer } from '@/modules/catalog/addon-offer';

export type AddonChoiceState = {
  quantities: Record<string, number>;
  setQuantity(addonId: string, quantity: number): void;
  /** Keeps only what `offer` allows: add-ons it offers, at most what is left and the most per booking. */
  fitTo(offer: AddonOffer[]): void;
  reset(): void;
};

export const addonChoiceStore = createStore<AddonChoiceState>()((set, get) => ({
  quantities: {},
  setQuantity: (addonId, quantity) => {
    const rest = Object.fromEntries(Object.entries(get().quantities).filter(([id]) => id !== addonId));
    set({ quantities: quantity > 0 ? { ...rest, [addonId]: quantity } : rest });
  },
  fitTo: (offer) => {
    const current = get().quantities;
    const fitted = Object.fromEntries(
      Object.entries(current)
        .map(([id, n]) => {
          const offered = offer.find((a) => a.id === id);
          return [id, offered ? Math.min(n, offered.left, offered.maxPerBooking) : 0] as const;
        })
        .filter(([, n]) => n > 0),
    );
    if (JSON.stringify(fitted) !== JSON.stringify(current)) set({ quantities: fitted });
  },
  reset: () => set({ quantities: {} }),
}));

export const useAddonChoice = <T>(selector: (s: AddonChoiceState) => T): T => useStore(addonChoiceStore, selector);
