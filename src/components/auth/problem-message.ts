import type { TFunction } from '@/client/i18n';
import type { SignInProblem } from '@/client/sign-in/store';

/** The sentence a visitor reads for each thing that can stop their sign-in. */
export function problemMessage(problem: SignInProblem, t: TFunction): string {
  switch (problem) {
    case 'rateLimited':
      return t('common:errors.rateLimited');
    case 'invalidEmail':
      return t('auth:login.invalidEmail');
    case 'invalidContact':
      return t('auth:signup.invalidContact');
    case 'sendFailed':
      return t('auth:login.sendFailed');
  }
}
