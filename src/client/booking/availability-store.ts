// Availability (docs/product.md#states): the slots of the selected date, which one is chosen, and whether
// they were fetched for that date. The fetch itself is passed in, so the store runs in tests as is.
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import type { WebSlot } from '@/modules/catalog/check-availability';
import type { Quantities } from './selection-store';

/** An input the availability needs; each is a message of locales/{lng}/products.json `messages`. */
export type MissingInput = 'selectProduct' | 'selectOption' | 'selectQuantity' | 'selectDate';

export type AvailabilityProblem = MissingInput | 'failed';

export type AvailabilityInput = { productId?: string; optionId?: string; quantities: Quantities; selectedDate?: string };

export type FetchAvailability = (input: Required<AvailabilityInput>) => Promise<{ ok: true; slots: WebSlot[] } | { ok: false; message: string }>;

export type AvailabilityState = {
  availability: WebSlot[];
  /** The date the availability was fetched for. */
  fetchedDate?: string;
  selectedDate?: string;
  selectedTime?: string;
  isFetching: boolean;
  problem?: AvailabilityProblem;
  /** The server's message, when it sent one. */
  message?: string;
  selectDate(localDate: string): void;
  selectTime(availabilityId: string): void;
  fetchAvailability(input: Omit<AvailabilityInput, 'selectedDate'>): Promise<void>;
  clearSlots(): void;
  reset(): void;
};

/** docs/product.md#rules: what is missing, in the order the visitor chooses it. */
export function missingInput(input: AvailabilityInput): MissingInput | undefined {
  if (!input.productId) return 'selectProduct';
  if (!input.optionId) return 'selectOption';
  if (!Object.values(input.quantities).some((n) => n > 0)) return 'selectQuantity';
  if (!input.selectedDate) return 'selectDate';
  return undefined;
}

/** What the visitor still has to choose: the availability's input as above, then a time, which Book needs. */
export type MissingChoice = MissingInput | 'selectTime';

/** The first choice still missing, in the order the visitor makes them; undefined once all are made. */
export function missingChoice(input: AvailabilityInput & { selectedTime?: string }): MissingChoice | undefined {
  return missingInput(input) ?? (input.selectedTime ? undefined : 'selectTime');
}

export function createAvailabilityStore(fetchSlots: FetchAvailability, storage?: StateStorage) {
  let request = 0;
  return createStore<AvailabilityState>()(
    persist(
      (set, get) => ({
        availability: [],
        fetchedDate: undefined,
        selectedDate: undefined,
        selectedTime: undefined,
        isFetching: false,
        problem: undefined,
        message: undefined,

        selectDate(localDate) {
          // docs/product.md#constants: the selected date is the part before T.
          const date = localDate.split('T')[0];
          if (date === get().selectedDate) return;
          set({ selectedDate: date, selectedTime: undefined, availability: [], fetchedDate: undefined, problem: undefined });
        },

        selectTime(availabilityId) {
          set({ selectedTime: availabilityId });
        },

        async fetchAvailability(input) {
          const selectedDate = get().selectedDate;
          const problem = missingInput({ ...input, selectedDate });
          if (problem) {
            set({ problem, message: undefined });
            return;
          }
          const mine = ++request;
          set({ isFetching: true, problem: undefined, message: undefined });
          try {
            const answer = await fetchSlots({ ...(input as Required<AvailabilityInput>), selectedDate: selectedDate! });
            if (mine !== request) return;
            if (!answer.ok) {
              set({ isFetching: false, problem: 'failed', message: answer.message, availability: [] });
              return;
            }
            const keep = answer.slots.some((s) => s.id === get().selectedTime && s.available);
            set({
              isFetching: false,
              availability: answer.slots,
              fetchedDate: selectedDate,
              selectedTime: keep ? get().selectedTime : undefined,
            });
          } catch {
            if (mine === request) set({ isFetching: false, problem: 'failed', message: undefined, availability: [] });
          }
        },

        clearSlots() {
          set({ availability: [], fetchedDate: undefined, selectedTime: undefined });
        },

        reset() {
          request++;
          set({ availability: [], fetchedDate: undefined, selectedDate: undefined, selectedTime: undefined, isFetching: false, problem: undefined, message: undefined });
        },
      }),
      {
        name: 'skypass.availability',
        version: 1,
        storage: createJSONStorage(() => storage ?? localStorage),
        partialize: ({ selectedDate, selectedTime }) => ({ selectedDate, selectedTime }),
        skipHydration: true,
      },
    ),
  );
}

export type AvailabilityStore = ReturnType<typeof createAvailabilityStore>;
