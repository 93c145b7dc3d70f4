// The magic sign-in state machine of docs/product.md#states. Its effects (HTTP calls, navigation, timers)
// are passed in, so that the same store runs in the browser and in unit tests.
import { createStore } from 'zustand/vanilla';
import { normalizeEmail } from '@/universal/normalize-email';
import type { ContactInput } from './contact-input';

/** docs/product.md#constants: the busy flag clears 5 s after the redirect to sign-up. */
export const SIGN_UP_BUSY_RESET_MS = 5_000;

export type SignInProblem = 'rateLimited' | 'invalidEmail' | 'sendFailed' | 'invalidContact';

export type CheckEmailAnswer = 'new' | 'exists' | 'rateLimited' | 'invalid';
export type SignUpAnswer = { alreadyExists: boolean } | 'rateLimited' | 'invalid';
export type SendLinkAnswer = 'sent' | 'notMember' | 'rateLimited' | 'failed';

export type SignInEffects = {
  checkEmail(email: string): Promise<CheckEmailAnswer>;
  signUp(email: string, contact: ContactInput): Promise<SignUpAnswer>;
  sendLink(email: string, callbackUrl: string): Promise<SendLinkAnswer>;
  navigate(path: string): void;
  logError(message: string, error: unknown): void;
  setTimer(fn: () => void, ms: number): void;
};

export type SignInState = {
  email: string;
  isSigningIn: boolean;
  problem?: SignInProblem;
  submitEmail(input: string, callbackUrl: string): Promise<void>;
  submitSignUp(contact: ContactInput, callbackUrl: string): Promise<void>;
  editEmail(): void;
  routeChanged(): void;
};

const withCallback = (path: string, callbackUrl: string) =>
  callbackUrl && callbackUrl !== '/' ? `${path}?${new URLSearchParams({ callbackUrl })}` : path;

export function createSignInStore(effects: SignInEffects, initialEmail = '') {
  return createStore<SignInState>()((set, get) => {
    async function sendLink(email: string, callbackUrl: string) {
      const answer = await effects.sendLink(email, callbackUrl);
      if (answer === 'sent') return effects.navigate('/verifyRequest');
      if (answer === 'notMember') return goToSignUp(email, callbackUrl);
      set({ isSigningIn: false, problem: answer === 'rateLimited' ? 'rateLimited' : 'sendFailed' });
    }

    function goToSignUp(email: string, callbackUrl: string) {
      set({ email });
      effects.navigate(withCallback('/signup', callbackUrl));
      effects.setTimer(() => set({ isSigningIn: false }), SIGN_UP_BUSY_RESET_MS);
    }

    return {
      email: initialEmail,
      isSigningIn: false,
      problem: undefined,

      async submitEmail(input, callbackUrl) {
        if (get().isSigningIn) return;
        const email = normalizeEmail(input);
        set({ email, isSigningIn: true, problem: undefined });
        try {
          const answer = await effects.checkEmail(email);
          if (answer === 'new') return goToSignUp(email, callbackUrl);
          if (answer === 'exists') return await sendLink(email, callbackUrl);
          set({ isSigningIn: false, problem: answer === 'rateLimited' ? 'rateLimited' : 'invalidEmail' });
        } catch (error) {
          effects.logError('checkEmail failed', error);
          set({ isSigningIn: false });
        }
      },

      async submitSignUp(contact, callbackUrl) {
        const { email, isSigningIn } = get();
        if (isSigningIn || !email) return;
        set({ isSigningIn: true, problem: undefined });
        try {
          const answer = await effects.signUp(email, contact);
          if (answer === 'rateLimited' || answer === 'invalid') {
            return set({ isSigningIn: false, problem: answer === 'rateLimited' ? 'rateLimited' : 'invalidContact' });
          }
          if (answer.alreadyExists) {
            set({ isSigningIn: false });
            return effects.navigate('/login?userExists=true');
          }
          await sendLink(email, callbackUrl);
        } catch (error) {
          effects.logError('signUp failed', error);
          set({ isSigningIn: false });
        }
      },

      editEmail() {
        set({ email: '', isSigningIn: false, problem: undefined });
        effects.navigate('/login');
      },

      routeChanged() {
        set({ isSigningIn: false, problem: undefined });
      },
    };
  });
}

export type SignInStore = ReturnType<typeof createSignInStore>;
