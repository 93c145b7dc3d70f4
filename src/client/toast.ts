// Toasts without their library in a page's first load: it is fetched at the first toast (the Toaster in
// _app loads it after the page is up anyway). Calls keep their order, as they all wait on one import.
type Options = { id?: string; duration?: number };

const library = () => import('react-hot-toast').then((m) => m.toast);
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
