import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/router';
import { Trans, useTranslation } from '@/client/i18n';
import type { ContactInput } from '@/client/sign-in/contact-input';
import { useSignIn } from '@/client/sign-in/use-sign-in';
import { ATTRACTION } from '@/config/attraction';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Checkbox } from '@/components/ui/Checkbox';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import styles from './auth.module.css';
import { problemMessage } from './problem-message';
import { useCountryOptions } from './use-country-options';

type Field = 'firstName' | 'lastName' | 'phoneNumber' | 'country';
type Errors = Partial<Record<Field, string>>;

const NAME = /^\p{L}[\p{L}\p{M}' ’.-]*$/u;
const PHONE = /^\+?[\d\s().-]{6,24}$/;

const EMPTY: ContactInput = { firstName: '', lastName: '', phoneNumber: '', country: '', postalCode: '', marketingOptIn: false };

export function SignUpForm({ callbackUrl }: { callbackUrl: string }) {
  const { t } = useTranslation(['auth', 'common']);
  const { locale = 'en' } = useRouter();
  const countries = useCountryOptions(locale);
  const isSigningIn = useSignIn((s) => s.isSigningIn);
  const problem = useSignIn((s) => s.problem);
  const submitSignUp = useSignIn((s) => s.submitSignUp);
  const [contact, setContact] = useState<ContactInput>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});

  const set = (field: keyof ContactInput) => (value: string | boolean) => setContact((c) => ({ ...c, [field]: value }));

  function validate(): Errors {
    const found: Errors = {};
    for (const field of ['firstName', 'lastName'] as const) {
      const value = contact[field].trim();
      if (!value) found[field] = t('signup.required');
      else if (!NAME.test(value)) found[field] = t('signup.invalidName');
    }
    const digits = contact.phoneNumber.replace(/\D/g, '');
    if (!contact.phoneNumber.trim()) found.phoneNumber = t('signup.required');
    else if (!PHONE.test(contact.phoneNumber.trim()) || digits.length < 6 || digits.length > 15) {
      found.phoneNumber = t('signup.invalidPhone');
    }
    if (!contact.country) found.country = t('signup.required');
    return found;
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const { postalCode, ...rest } = contact;
    void submitSignUp(postalCode?.trim() ? { ...rest, postalCode: postalCode.trim() } : rest, callbackUrl);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isSigningIn}>
      {problem && <Alert tone="error">{problemMessage(problem, t)}</Alert>}
      <div className={styles.row}>
        <TextField
          label={t('signup.firstName')}
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={60}
          value={contact.firstName}
          onChange={(e) => set('firstName')(e.target.value)}
          error={errors.firstName}
        />
        <TextField
          label={t('signup.lastName')}
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={60}
          value={contact.lastName}
          onChange={(e) => set('lastName')(e.target.value)}
          error={errors.lastName}
        />
      </div>
      <TextField
        label={t('signup.phoneNumber')}
        hint={t('signup.phoneHint')}
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        required
        maxLength={32}
        value={contact.phoneNumber}
        onChange={(e) => set('phoneNumber')(e.target.value)}
        error={errors.phoneNumber}
      />
      <div className={styles.row}>
        <SelectField
          label={t('signup.country')}
          name="country"
          autoComplete="country"
          required
          placeholder={t('signup.selectCountry')}
          options={countries}
          value={contact.country}
          onChange={(e) => set('country')(e.target.value)}
          error={errors.country}
        />
        <TextField
          label={t('signup.postalCode')}
          name="postalCode"
          autoComplete="postal-code"
          maxLength={12}
          value={contact.postalCode}
          onChange={(e) => set('postalCode')(e.target.value)}
        />
      </div>
      <Checkbox
        label={t('signup.marketingOptIn', { attraction: ATTRACTION.name })}
        name="marketingOptIn"
        checked={contact.marketingOptIn}
        onChange={(e) => set('marketingOptIn')(e.target.checked)}
      />
      <p className={styles.small}>
        <Trans
          t={t}
          i18nKey="signup.terms"
          components={{ terms: <a href={ATTRACTION.links.terms} />, privacy: <a href={ATTRACTION.links.privacy} /> }}
        />
      </p>
      <Button type="submit" block busy={isSigningIn}>
        {isSigningIn ? t('signup.submitting') : t('signup.submit')}
      </Button>
    </form>
  );
}
