// The guest pass a visitor came through (/join/<code>, decision 0042), kept for the tab until they sign up:
// the sign-up sends it, and the new member claims the pass.
const KEY = 'skypass.guestPass';

export function rememberGuestPass(code: string): void {
  try {
    sessionStorage.setItem(KEY, code);
  } catch {
    // Storage refused (a private window's quota): the sign-up goes on without the pass.
  }
}

export function rememberedGuestPass(): string | undefined {
  try {
    return sessionStorage.getItem(KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetGuestPass(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}
