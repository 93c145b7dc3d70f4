// The payment session store of docs/product.md#states. Its effects (HTTP, toasts, navigation) are passed in.
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import type { MemberPaymentSession } from '@/modules/checkout/member-payment-session';
import type { OrderView, PaymentSessionView } from '@/modules/checkout/order-view';
import type { Quantities } from '../booking/selection-store';

/** docs/product.md#constants: 5 s for errors, 2 s for "Redirecting to checkout". */
export const ERROR_TOAST_MS = 5_000;
export const REDIRECT_TOAST_MS = 2_000;

export type PaymentMessages = {
  mustBeLoggedIn: string;
  selectProductAndOption: string;
  creating: string;
  redirecting: string;
  generic: string;
  noBookingId: string;
  noSession: string;
};

export type PaymentEffects = {
  post<T>(url: string, body?: unknown): Promise<{ status: number; data: T }>;
  toastLoading(message: string): string;
  toastSuccess(message: string, id: string, ms: number): void;
  toastError(message: string, ms: number, id?: string): void;
  navigate(path: string): void;
  messages(): PaymentMessages;
  /** True while the page is being left (a reload, a link): its cut-off requests are not failures. */
  leaving?(): boolean;
};

/** `reward`: a reward to spend points on; `guestPass`: use the guest pass the member joined with (decision 0042);
 * `promoCode`: a promo code (decision 0049); `giftCard`: a gift card's code that pays what is left (decision 0047);
 * `addons`: add-ons by id (decision 0050). */
export type BookInput = {
  isLoggedIn: boolean;
  productId?: string;
  optionId?: string;
  quantities: Quantities;
  selectedTime?: string;
  reward?: string;
  guestPass?: boolean;
  promoCode?: string;
  giftCard?: string;
  addons?: Record<string, number>;
  /** Booked with the member's annual pass (decision 0051). */
  annualPass?: boolean;
};

export type PaymentState = {
  paymentSession?: PaymentSessionView;
  bookingId?: string;
  /** The choice the booking was made for (choiceKey), kept with bookingId across a reload. */
  choice?: string;
  expirationTime?: string;
  order?: OrderView;
  isCreating: boolean;
  createSession(input: BookInput): Promise<void>;
  refetchSession(bookingId?: string): Promise<void>;
  /** The session the server rendered the page with (its address named the booking). */
  showSession(bookingId: string, opened: MemberPaymentSession): void;
  setOrder(order: OrderView): void;
  reset(): void;
};

/** The member's choice as one string: Book on the same choice goes back to its payment session. */
export function choiceKey(input: Pick<BookInput, 'productId' | 'optionId' | 'quantities' | 'selectedTime' | 'reward' | 'guestPass' | 'promoCode' | 'giftCard' | 'annualPass' | 'addons'>): string {
  const quantities = Object.entries(input.quantities)
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const reward = input.reward ?? (input.guestPass ? 'guest-pass' : '');
  const promo = input.promoCode?.trim().toUpperCase();
  const addons = Object.entries(input.addons ?? {})
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return JSON.stringify([
    input.productId,
    input.optionId,
    quantities,
    input.selectedTime ?? '',
    ...(reward ? [reward] : []),
    ...(promo ? [`promo:${promo}`] : []),
    ...(input.giftCard ? [`gift-card:${input.giftCard}`] : []),
    ...(input.annualPass ? ['annual-pass'] : []),
    ...(addons.length ? [`addons:${JSON.stringify(addons)}`] : []),
  ]);
}

const stillToPay = (session?: PaymentSessionView, order?: OrderView) =>
  session?.status === 'PENDING_PAYMENT' && (!order || order.status === 'PENDING_PAYMENT');

type Answer = { paymentSession?: PaymentSessionView; bookingId?: string; expirationTime?: string; order?: OrderView; error?: string; code?: string };

export function createPaymentStore(effects: PaymentEffects, storage?: StateStorage) {
  return createStore<PaymentState>()(
    persist(
      (set, get) => {
        /** The open session of this booking, if it can still be paid; quietly nothing otherwise. */
        async function resumed(bookingId: string): Promise<boolean> {
          set({ isCreating: true });
          try {
            const { status, data } = await effects.post<Answer>(`/api/auth/octo/bookings/refetchSession?uuid=${encodeURIComponent(bookingId)}`);
            if (status !== 200 || !stillToPay(data.paymentSession, data.order)) return false;
            set({ paymentSession: data.paymentSession, expirationTime: data.expirationTime, order: data.order });
            return true;
          } catch {
            return false;
          } finally {
            set({ isCreating: false });
          }
        }

        return {
          paymentSession: undefined,
          bookingId: undefined,
          expirationTime: undefined,
          order: undefined,
          isCreating: false,

          async createSession(input) {
            const m = effects.messages();
            if (!input.isLoggedIn) {
              effects.toastError(m.mustBeLoggedIn, ERROR_TOAST_MS);
              return effects.navigate('/login');
            }
            if (!input.productId || !input.optionId) return effects.toastError(m.selectProductAndOption, ERROR_TOAST_MS);
            // One Book at a time: a second press while it works does nothing.
            if (get().isCreating) return;
            const choice = choiceKey(input);
            const before = get();
            if (before.bookingId && before.choice === choice) {
              // The same choice was booked before: go back to paying it while it can be paid.
              if (stillToPay(before.paymentSession, before.order)) return effects.navigate('/checkout');
              // After a reload only the booking id is known: ask for its session before opening another.
              if (!before.paymentSession && (await resumed(before.bookingId))) return effects.navigate('/checkout');
            }
            // Another choice, or a session that can no longer be paid: start afresh.
            if (get().bookingId || get().paymentSession) get().reset();
            set({ isCreating: true });
            const toastId = effects.toastLoading(m.creating);
            try {
              const { status, data } = await effects.post<Answer>('/api/auth/octo/bookings/payWithPayment', {
                productId: input.productId,
                optionId: input.optionId,
                quantities: input.quantities,
                selectedTime: input.selectedTime ?? '',
                ...(input.reward ? { reward: input.reward } : {}),
                ...(input.guestPass ? { guestPass: true } : {}),
                ...(input.giftCard ? { giftCard: input.giftCard } : {}),
                ...(input.promoCode?.trim() ? { promoCode: input.promoCode.trim() } : {}),
                ...(input.annualPass ? { annualPass: true } : {}),
                ...(Object.values(input.addons ?? {}).some((n) => n > 0) ? { addons: input.addons } : {}),
              });
              if (status !== 201 || !data.paymentSession || !data.bookingId) {
                set({ isCreating: false });
                effects.toastError(data.error ?? m.generic, ERROR_TOAST_MS, toastId);
                // An on-sale covers this choice: to its waiting room (decision 0056).
                if (data.code === 'QUEUE_REQUIRED') effects.navigate(`/onsale?${new URLSearchParams({ product: input.productId ?? '', time: input.selectedTime ?? '' })}`);
                return;
              }
              set({ isCreating: false, paymentSession: data.paymentSession, bookingId: data.bookingId, choice, expirationTime: data.expirationTime, order: undefined });
              effects.toastSuccess(m.redirecting, toastId, REDIRECT_TOAST_MS);
              effects.navigate('/checkout');
            } catch {
              set({ isCreating: false });
              effects.toastError(m.generic, ERROR_TOAST_MS, toastId);
            }
          },

          async refetchSession(bookingId) {
            const m = effects.messages();
            const uuid = bookingId ?? get().bookingId;
            if (!uuid) {
              effects.toastError(m.noBookingId, ERROR_TOAST_MS);
              return effects.navigate('/products');
            }
            try {
              const { status, data } = await effects.post<Answer>(`/api/auth/octo/bookings/refetchSession?uuid=${encodeURIComponent(uuid)}`);
              // Leaving the page cuts its answer off (an unread body reads as none): it says nothing about the
              // booking, which the next page still needs to go back to it (Book on the same choice).
              if (effects.leaving?.()) return;
              if (status === 200 && data.paymentSession) return get().showSession(uuid, data as MemberPaymentSession);
              // The server is briefly unavailable (503): the booking is still there, so is the page.
              if (status === 503) return effects.toastError(data.error ?? m.generic, ERROR_TOAST_MS);
              get().reset();
              effects.toastError(status === 404 ? m.noSession : (data.error ?? m.generic), ERROR_TOAST_MS);
              effects.navigate('/products');
            } catch {
              // A reload cuts the request off; sending the reloading page to /products would win over it.
              if (effects.leaving?.()) return;
              effects.toastError(m.generic, ERROR_TOAST_MS);
              effects.navigate('/products');
            }
          },

          showSession(bookingId, { paymentSession, expirationTime, order }) {
            set({ paymentSession, bookingId, expirationTime, order });
          },

          setOrder(order) {
            set({ order });
          },

          reset() {
            set({ paymentSession: undefined, bookingId: undefined, choice: undefined, expirationTime: undefined, order: undefined, isCreating: false });
          },
        };
      },
      {
        name: 'skypass.payment',
        version: 1,
        storage: createJSONStorage(() => storage ?? localStorage),
        partialize: ({ bookingId, choice }) => ({ bookingId, choice }),
        skipHydration: true,
      },
    ),
  );
}

export type PaymentStore = ReturnType<typeof createPaymentStore>;
