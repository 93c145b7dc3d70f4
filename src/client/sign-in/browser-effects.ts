// The sign-in store's effects in the browser: our API, next-auth's signIn, and the Next.js router.
import Router from 'next/router';
import { signIn } from '../session/auth-client';
import { postJson } from '../api';
import type { CheckEmailAnswer, SendLinkAnswer, SignInEffects, SignUpAnswer } from './store';
import { forgetGuestPass, rememberedGuestPass } from './guest-pass-code';

class UnexpectedAnswer extends Error {
  constructor(url: string, status: number) {
    super(`${url} answered ${status}`);
  }
}

export const browserSignInEffects: SignInEffects = {
  async checkEmail(email): Promise<CheckEmailAnswer> {
    const { status, data } = await postJson<{ exists?: boolean }>('/api/checkEmail', { email });
    if (status === 200) return 'new';
    // docs/product.md#calls: a 400 means the member exists (a malformed request is a 400 without `exists`).
    if (status === 400 && data.exists === true) return 'exists';
    if (status === 429) return 'rateLimited';
    if (status === 422) return 'invalid';
    throw new UnexpectedAnswer('/api/checkEmail', status);
  },

  async signUp(email, contact): Promise<SignUpAnswer> {
    // The guest pass the visitor came through, if any, is claimed with the sign-up (decision 0042).
    const guestPass = rememberedGuestPass();
    const { status, data } = await postJson<{ alreadyExists: boolean }>('/api/signUp', { email, contact, ...(guestPass ? { guestPass } : {}) });
    if (status === 201) forgetGuestPass();
    if (status === 200 || status === 201) return { alreadyExists: data.alreadyExists };
    if (status === 429) return 'rateLimited';
    if (status === 422) return 'invalid';
    throw new UnexpectedAnswer('/api/signUp', status);
  },

  async sendLink(email, callbackUrl): Promise<SendLinkAnswer> {
    const result = await signIn('email', { email, callbackUrl }, { locale: Router.locale ?? 'en' });
    if (result?.ok && !result.error) return 'sent';
    if (result?.error === 'AccessDenied') return 'notMember';
    if (result?.error === 'RateLimited') return 'rateLimited';
    return 'failed';
  },

  navigate(path) {
    void Router.push(path);
  },

  logError(message, error) {
    console.error(`[sign-in] ${message}`, error);
  },

  setTimer(fn, ms) {
    window.setTimeout(fn, ms);
  },
};
