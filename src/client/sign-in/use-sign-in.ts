// The browser's one sign-in store. Its e-mail is kept for the tab's session so that /signup survives a
// reload. On the server the store is only read (actions run on visitor events), so one instance is safe.
import Router from 'next/router';
import { useStore } from 'zustand';
import { browserSignInEffects } from './browser-effects';
import { createSignInStore, type SignInState } from './store';

const EMAIL_KEY = 'skypass.signInEmail';

export const signInStore = createSignInStore(browserSignInEffects);

if (typeof window !== 'undefined') {
  // After creation, so that hydration starts from the same (empty) state the server rendered.
  const saved = window.sessionStorage.getItem(EMAIL_KEY);
  if (saved) signInStore.setState({ email: saved });
  signInStore.subscribe(({ email }) => window.sessionStorage.setItem(EMAIL_KEY, email));
  Router.events.on('routeChangeComplete', () => signInStore.getState().routeChanged());
}

export function useSignIn<T>(selector: (state: SignInState) => T): T {
  return useStore(signInStore, selector);
}
