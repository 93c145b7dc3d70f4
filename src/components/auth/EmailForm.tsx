import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/client/i18n';
import { useSignIn } from '@/client/sign-in/use-sign-in';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import { problemMessage } from './problem-message';

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function EmailForm({ callbackUrl }: { callbackUrl: string }) {
  const { t } = useTranslation(['auth', 'common']);
  const storedEmail = useSignIn((s) => s.email);
  const isSigningIn = useSignIn((s) => s.isSigningIn);
  const problem = useSignIn((s) => s.problem);
  const submitEmail = useSignIn((s) => s.submitEmail);
  const [email, setEmail] = useState<string | undefined>(undefined);
  const [invalid, setInvalid] = useState(false);
  const value = email ?? storedEmail;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!LOOKS_LIKE_EMAIL.test(value.trim())) return setInvalid(true);
    setInvalid(false);
    void submitEmail(value, callbackUrl);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isSigningIn}>
      {problem && <Alert tone="error">{problemMessage(problem, t)}</Alert>}
      <TextField
        label={t('login.emailLabel')}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        required
        value={value}
        onChange={(event) => setEmail(event.target.value)}
        error={invalid ? t('login.invalidEmail') : undefined}
      />
      <Button type="submit" block busy={isSigningIn}>
        {isSigningIn ? t('login.submitting') : t('login.submit')}
      </Button>
    </form>
  );
}
