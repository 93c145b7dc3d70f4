// The new promo code form (managers, /staff/promos): amounts typed in the currency's units, sent in cents.
import { useState, type FormEvent } from 'react';
import { postJson } from '@/client/api';
import { useTranslation } from '@/client/i18n';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { SelectField } from '@/components/ui/SelectField';
import { TextField } from '@/components/ui/TextField';
import styles from './staff.module.css';

const optionalNumber = (value: FormDataEntryValue | null) => (value === null || String(value).trim() === '' ? null : Number(value));
const optionalDate = (value: FormDataEntryValue | null) => (value === null || String(value) === '' ? null : String(value));

export function PromoCodeForm({ products, onCreated }: { products: { id: string; title: string }[]; onCreated: () => void }) {
  const { t } = useTranslation('promos');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const kind = String(form.get('kind'));
    const value = optionalNumber(form.get('value')) ?? 0;
    const product = String(form.get('product') ?? '');
    setBusy(true);
    setOutcome(undefined);
    try {
      const { status, data } = await postJson<{ code?: string; error?: string }>('/api/staff/promos', {
        code: String(form.get('code') ?? ''),
        kind,
        value: kind === 'amount' ? Math.round(value * 100) : value,
        productIds: product ? [product] : [],
        validFrom: optionalDate(form.get('validFrom')),
        validUntil: optionalDate(form.get('validUntil')),
        visitFrom: optionalDate(form.get('visitFrom')),
        visitUntil: optionalDate(form.get('visitUntil')),
        maxUses: optionalNumber(form.get('maxUses')),
        maxUsesPerMember: optionalNumber(form.get('maxUsesPerMember')),
        minQuantity: optionalNumber(form.get('minQuantity')) ?? 1,
      });
      if (status === 201) {
        setOutcome({ tone: 'success', text: t('staff.created', { code: data.code ?? '' }) });
        formElement.reset();
        onCreated();
      } else setOutcome({ tone: 'error', text: data.error ?? t('staff.failed') });
    } catch {
      setOutcome({ tone: 'error', text: t('staff.failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} aria-busy={busy} className={styles.promoForm}>
      <TextField label={t('staff.code')} name="code" required maxLength={30} autoComplete="off" spellCheck={false} hint={t('staff.codeHint')} />
      <SelectField label={t('staff.kind')} name="kind" options={[{ value: 'percent', label: t('staff.percent') }, { value: 'amount', label: t('staff.amount') }]} />
      <TextField label={t('staff.value')} name="value" type="number" min={0.01} step={0.01} required inputMode="decimal" />
      <SelectField label={t('staff.product')} name="product" placeholder={t('staff.anyProduct')} options={products.map((p) => ({ value: p.id, label: p.title }))} />
      <TextField label={t('staff.validFrom')} name="validFrom" type="date" />
      <TextField label={t('staff.validUntil')} name="validUntil" type="date" />
      <TextField label={t('staff.visitFrom')} name="visitFrom" type="date" />
      <TextField label={t('staff.visitUntil')} name="visitUntil" type="date" />
      <TextField label={t('staff.maxUses')} name="maxUses" type="number" min={1} step={1} hint={t('staff.noLimit')} />
      <TextField label={t('staff.maxUsesPerMember')} name="maxUsesPerMember" type="number" min={1} step={1} hint={t('staff.noLimit')} />
      <TextField label={t('staff.minQuantity')} name="minQuantity" type="number" min={1} step={1} defaultValue={1} />
      <Button type="submit" busy={busy}>
        {t('staff.create')}
      </Button>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
    </form>
  );
}
