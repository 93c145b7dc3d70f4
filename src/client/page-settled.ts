// Whether the page has settled: PAGE_SETTLED_MS after the browser's load event, at an idle moment. Work
// that is not for the page on screen (running the code of the pages its links point to) waits for it,
// so that a phone's first seconds go to the page the visitor is on.
import { useSyncExternalStore } from 'react';

export const PAGE_SETTLED_MS = 3_000;

let settled = false;
const listeners = new Set<() => void>();

function settle() {
  settled = true;
  listeners.forEach((listener) => listener());
}

if (typeof window !== 'undefined') {
  const idle = (run: () => void) => (window.requestIdleCallback ? window.requestIdleCallback(run, { timeout: 2_000 }) : run());
  const afterLoad = () => setTimeout(() => idle(settle), PAGE_SETTLED_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

export function usePageSettled(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => settled,
    () => false,
  );
}
