// Whether this component runs in the browser after hydration: false while the server renders and during
// hydration, true from then on. A button whose work needs the page's code (a camera, a call) stays disabled
// until then, instead of taking a click that nothing answers on a slow phone.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}
