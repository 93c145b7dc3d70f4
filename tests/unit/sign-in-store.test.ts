import { describe, expect, it } from 'vitest';
import {
  createSignInStore,
  SIGN_UP_BUSY_RESET_MS,
  type CheckEmailAnswer,
  type SendLinkAnswer,
  type SignInEffects,
  type SignUpAnswer,
} from '@/client/sign-in/store';
import type { ContactInput } from '@/client/sign-in/contact-input';

const contact: ContactInput = { firstName: 'Ana', lastName: 'Lima', phoneNumber: '+1 212 555 0100', country: 'US', marketingOptIn: false };

/** Effects that answer as told and record what the store did. */
function recordingEffects(answers: { check?: CheckEmailAnswer | Error; signUp?: SignUpAnswer | Error; link?: SendLinkAnswer } = {}) {
  const calls = { checked: [] as string[], signedUp: [] as [string, ContactInput][], links: [] as [string, string][], navigated: [] as string[], logged: [] as string[] };
  const timers: { fn: () => void; ms: number }[] = [];
  const answer = <T>(value: T | Error | undefined, fallback: T) => {
    if (value instanceof Error) throw value;
    return value ?? fallback;
  };
  const effects: SignInEffects = {
    async checkEmail(email) {
      calls.checked.push(email);
      return answer(answers.check, 'new');
    },
    async signUp(email, c) {
      calls.signedUp.push([email, c]);
      return answer(answers.signUp, { alreadyExists: false });
    },
    async sendLink(email, callbackUrl) {
      calls.links.push([email, callbackUrl]);
      return answers.link ?? 'sent';
    },
    navigate: (path) => void calls.navigated.push(path),
    logError: (message) => void calls.logged.push(message),
    setTimer: (fn, ms) => void timers.push({ fn, ms }),
  };
  return { effects, calls, timers };
}

describe('the magic sign-in store', () => {
  it('lower-cases the e-mail and checks it first', async () => {
    const { effects, calls } = recordingEffects();
    const store = createSignInStore(effects);
    await store.getState().submitEmail('  Ana.Lima@Example.COM ', '/profile');
    expect(calls.checked).toEqual(['ana.lima@example.com']);
    expect(store.getState().email).toBe('ana.lima@example.com');
  });

  it('sends a new e-mail to /signup, keeps it, and clears the busy flag 5 s later', async () => {
    const { effects, calls, timers } = recordingEffects({ check: 'new' });
    const store = createSignInStore(effects);
    await store.getState().submitEmail('new@example.com', '/profile');
    expect(calls.navigated).toEqual(['/signup?callbackUrl=%2Fprofile']);
    expect(calls.links).toEqual([]);
    expect(store.getState()).toMatchObject({ email: 'new@example.com', isSigningIn: true });
    expect(timers.map((t) => t.ms)).toEqual([SIGN_UP_BUSY_RESET_MS]);
    expect(SIGN_UP_BUSY_RESET_MS).toBe(5000);
    timers[0]!.fn();
    expect(store.getState().isSigningIn).toBe(false);
  });

  it('sends a link to an existing member and goes to /verifyRequest', async () => {
    const { effects, calls } = recordingEffects({ check: 'exists', link: 'sent' });
    const store = createSignInStore(effects);
    await store.getState().submitEmail('Member@Example.com', '/profile');
    expect(calls.links).toEqual([['member@example.com', '/profile']]);
    expect(calls.navigated).toEqual(['/verifyRequest']);
  });

  it('clears the busy flag on a route change', async () => {
    const { effects } = recordingEffects({ check: 'exists' });
    const store = createSignInStore(effects);
    await store.getState().submitEmail('member@example.com', '/');
    expect(store.getState().isSigningIn).toBe(true);
    store.getState().routeChanged();
    expect(store.getState().isSigningIn).toBe(false);
  });

  it('ignores a second submit while busy', async () => {
    const { effects, calls } = recordingEffects({ check: 'exists' });
    const store = createSignInStore(effects);
    await Promise.all([store.getState().submitEmail('a@example.com', '/'), store.getState().submitEmail('a@example.com', '/')]);
    expect(calls.checked).toHaveLength(1);
  });

  it('only logs a failed check and clears the busy flag', async () => {
    const { effects, calls } = recordingEffects({ check: new Error('network down') });
    const store = createSignInStore(effects);
    await store.getState().submitEmail('a@example.com', '/');
    expect(calls.logged).toEqual(['checkEmail failed']);
    expect(calls.navigated).toEqual([]);
    expect(store.getState()).toMatchObject({ isSigningIn: false, problem: undefined });
  });

  it('tells the visitor when they are rate limited', async () => {
    const { effects } = recordingEffects({ check: 'rateLimited' });
    const store = createSignInStore(effects);
    await store.getState().submitEmail('a@example.com', '/');
    expect(store.getState()).toMatchObject({ isSigningIn: false, problem: 'rateLimited' });
  });

  it('reports a rate-limited or failed link', async () => {
    for (const [link, problem] of [['rateLimited', 'rateLimited'], ['failed', 'sendFailed']] as const) {
      const { effects, calls } = recordingEffects({ check: 'exists', link });
      const store = createSignInStore(effects);
      await store.getState().submitEmail('a@example.com', '/');
      expect(calls.navigated).toEqual([]);
      expect(store.getState()).toMatchObject({ isSigningIn: false, problem });
    }
  });

  it('sends a visitor whose link is refused as a non-member to /signup', async () => {
    const { effects, calls } = recordingEffects({ check: 'exists', link: 'notMember' });
    const store = createSignInStore(effects);
    await store.getState().submitEmail('gone@example.com', '/');
    expect(calls.navigated).toEqual(['/signup']);
  });

  it('editing the e-mail returns to /login and clears it', async () => {
    const { effects, calls } = recordingEffects({ check: 'new' });
    const store = createSignInStore(effects);
    await store.getState().submitEmail('new@example.com', '/');
    store.getState().editEmail();
    expect(store.getState().email).toBe('');
    expect(calls.navigated.at(-1)).toBe('/login');
  });

  it('signs up with the kept e-mail and sends the link', async () => {
    const { effects, calls } = recordingEffects({ signUp: { alreadyExists: false } });
    const store = createSignInStore(effects, 'new@example.com');
    await store.getState().submitSignUp(contact, '/profile');
    expect(calls.signedUp).toEqual([['new@example.com', contact]]);
    expect(calls.links).toEqual([['new@example.com', '/profile']]);
    expect(calls.navigated).toEqual(['/verifyRequest']);
  });

  it('sends nothing without a kept e-mail', async () => {
    const { effects, calls } = recordingEffects();
    const store = createSignInStore(effects);
    await store.getState().submitSignUp(contact, '/');
    expect(calls.signedUp).toEqual([]);
    expect(calls.links).toEqual([]);
  });

  it('sends an existing user to /login?userExists=true', async () => {
    const { effects, calls } = recordingEffects({ signUp: { alreadyExists: true } });
    const store = createSignInStore(effects, 'member@example.com');
    await store.getState().submitSignUp(contact, '/');
    expect(calls.navigated).toEqual(['/login?userExists=true']);
    expect(calls.links).toEqual([]);
    expect(store.getState().isSigningIn).toBe(false);
  });

  it('only logs a failed sign-up and clears the busy flag', async () => {
    const { effects, calls } = recordingEffects({ signUp: new Error('500') });
    const store = createSignInStore(effects, 'new@example.com');
    await store.getState().submitSignUp(contact, '/');
    expect(calls.logged).toEqual(['signUp failed']);
    expect(store.getState().isSigningIn).toBe(false);
  });

  it('reports refused contact details', async () => {
    const { effects } = recordingEffects({ signUp: 'invalid' });
    const store = createSignInStore(effects, 'new@example.com');
    await store.getState().submitSignUp(contact, '/');
    expect(store.getState()).toMatchObject({ isSigningIn: false, problem: 'invalidContact' });
  });
});
