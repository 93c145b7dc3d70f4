// The browser's payment store: our API, react-hot-toast and the router, with messages in the visitor's
// language. Cleared when the product, option, quantities or time change (docs/product.md#states).
import Router from 'next/router';
import { currentT } from '../i18n';
import { toast } from '../toast';
import { useStore } from 'zustand';
import { postJson } from '../api';
import { availabilityStore, selectionStore } from '../booking/browser-stores';
import { createPaymentStore, type PaymentMessages, type PaymentState } from './payment-store';

const ENGLISH: PaymentMessages = {
  mustBeLoggedIn: 'You must be logged in to book',
  selectProductAndOption: 'Please select a product and option',
  creating: 'Creating checkout session, please wait...',
  redirecting: 'Redirecting to checkout',
  generic: 'Error, please try again',
  noBookingId: 'No booking id',
  noSession: 'No payment session found when updating session, please try again',
};

function messages(): PaymentMessages {
  const t = currentT();
  return Object.fromEntries(
    Object.entries(ENGLISH).map(([key, fallback]) => [key, t(`checkout:messages.${key}`, { defaultValue: fallback })]),
  ) as PaymentMessages;
}

// Set when the browser starts leaving the page. A leave that never happens (a mailto: link, a download)
// clears it again after a while; a page restored from the back-forward cache clears it at once.
let leavingPage = false;
let leaveTimer: ReturnType<typeof setTimeout> | undefined;
const STILL_HERE_AFTER_MS = 10_000;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leavingPage = true;
    clearTimeout(leaveTimer);
    leaveTimer = setTimeout(() => (leavingPage = false), STILL_HERE_AFTER_MS);
  });
  window.addEventListener('pageshow', () => (leavingPage = false));
}

export const paymentStore = createPaymentStore({
  post: postJson,
  toastLoading: (message) => toast.loading(message),
  toastSuccess: (message, id, ms) => void toast.success(message, { id, duration: ms }),
  toastError: (message, ms, id) => void toast.error(message, { id, duration: ms }),
  navigate: (path) => void Router.push(path),
  messages,
  leaving: () => leavingPage,
});

if (typeof window !== 'undefined') {
  void paymentStore.persist.rehydrate();
  // Any change of the choice ends the session it was booked for, also once /checkout has loaded its order:
  // Book then opens a session for the new choice.
  const clear = () => {
    const { paymentSession, bookingId, isCreating } = paymentStore.getState();
    if ((paymentSession || bookingId) && !isCreating) paymentStore.getState().reset();
  };
  selectionStore.subscribe((state, previous) => {
    if (!selectionStore.persist.hasHydrated()) return;
    if (state.productId !== previous.productId || state.optionId !== previous.optionId || state.quantities !== previous.quantities) clear();
  });
  availabilityStore.subscribe((state, previous) => {
    if (availabilityStore.persist.hasHydrated() && state.selectedTime !== previous.selectedTime) clear();
  });
}

export const usePayment = <T>(selector: (s: PaymentState) => T): T => useStore(paymentStore, selector);
