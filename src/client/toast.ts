// Toasts without their library in a page's first load: the library, and the Toaster that shows it, come
// at the first toast (running them at every page's start cost a 90-150 ms task on a phone). Calls keep
// their order, as they all wait on one import; the library keeps a toast made before the Toaster mounts.
import { useSyncExternalStore } from 'react';

type Options = { id?: string; duration?: number };

let wanted = false;
const listeners = new Set<() => void>();

function library() {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  return import('react-hot-toast').then((m) => m.toast);
}
let next = 0;

export const toast = {
  error(message: string, options?: Options): void {
    void library().then((t) => t.error(message, options));
  },
  success(message: string, options?: Options): void {
    void library().then((t) => t.success(message, options));
  },
  /** Returns the toast's id at once, for the success or error that replaces it. */
  loading(message: string, options?: Options): string {
    const id = options?.id ?? `loading-${++next}`;
    void library().then((t) => t.loading(message, { ...options, id }));
    return id;
  },
};

/** True once a toast has been asked for: the application shell then mounts the Toaster. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}
