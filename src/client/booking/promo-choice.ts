// The promo code the member typed on the ticket page (decision 0049); Book sends it with the choice, and the
// server says why when it refuses it. Kept for the tab only.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

export type PromoChoiceState = { code: string; setCode(code: string): void };

export const promoChoiceStore = createStore<PromoChoiceState>()((set) => ({ code: '', setCode: (code) => set({ code }) }));

export const usePromoChoice = <T>(selector: (s: PromoChoiceState) => T): T => useStore(promoChoiceStore, selector);
