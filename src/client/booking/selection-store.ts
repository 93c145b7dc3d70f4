// Booking selection (docs/product.md#states): the product, its option and the quantity of each unit.
// Kept in localStorage, so that it survives a reload and a round trip through sign-in (the e-mailed
// link may open in another tab).
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import type { WebProduct } from '@/modules/catalog/web-product';

export type Quantities = Record<string, number>;

export type SelectionState = {
  productId?: string;
  optionId?: string;
  quantities: Quantities;
  selectProduct(product: WebProduct): void;
  selectOption(optionId: string): void;
  setQuantity(unitId: string, count: number): void;
  reset(): void;
};

/** A product with one option selects it; with several, the first is selected. */
export function initialOptionId(product: WebProduct): string | undefined {
  return product.options[0]?.id;
}

export function createSelectionStore(storage?: StateStorage) {
  return createStore<SelectionState>()(
    persist(
      (set, get) => ({
        productId: undefined,
        optionId: undefined,
        quantities: {},
        selectProduct(product) {
          if (get().productId === product.id) return;
          set({ productId: product.id, optionId: initialOptionId(product), quantities: {} });
        },
        selectOption(optionId) {
          if (get().optionId === optionId) return;
          set({ optionId, quantities: {} });
        },
        setQuantity(unitId, count) {
          const quantities = { ...get().quantities };
          // A count of zero removes the unit.
          if (count > 0) quantities[unitId] = Math.floor(count);
          else delete quantities[unitId];
          set({ quantities });
        },
        reset() {
          set({ productId: undefined, optionId: undefined, quantities: {} });
        },
      }),
      {
        name: 'skypass.selection',
        version: 1,
        storage: createJSONStorage(() => storage ?? localStorage),
        partialize: ({ productId, optionId, quantities }) => ({ productId, optionId, quantities }),
        skipHydration: true,
      },
    ),
  );
}

export type SelectionStore = ReturnType<typeof createSelectionStore>;
