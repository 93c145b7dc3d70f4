// The balance check on /gift-cards: a code in, its balance, expiry and state out (limited per address).
import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import { postJson } from '@/client/api';
import { useTranslation } from '@/client/i18n';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import type { GiftCardView } from '@/modules/gift-cards/look-up-gift-card';
import { formatLongDate } from '@/universal/format/date-time';
import { formatMoney } from '@/universal/format/money';
import styles from './gift-cards.module.css';

export function GiftCardBalance() {
  const { t } = useTranslation('giftcards');
  const { locale = 'en' } = useRouter();
  const [code, setCode] = useState('');
  const [card, setCard] = useState<GiftCardView>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setCard(undefined);
    try {
      const { status, data } = await postJson<GiftCardView & { error?: string }>('/api/gift-cards/balance', { code });
      if (status === 200) setCard(data);
      else setError(data.error ?? t('balance.failed'));
    } catch {
      setError(t('balance.failed'));
    } finally {
      setBusy(false);
    }
  }

  const money = (cents: number) => formatMoney(cents, card?.currency ?? 'USD', locale);
  return (
    <form onSubmit={onSubmit} aria-busy={busy}>
      <TextField label={t('balance.code')} hint={t('balance.codeHint')} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" spellCheck={false} required maxLength={40} />
      <Button type="submit" variant="secondary" busy={busy}>
        {t('balance.check')}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
      {card && (
        <div role="status">
          <p className={styles.balance}>{t('balance.result', { balance: money(card.balance), amount: money(card.amount) })}</p>
          <p>{card.status === 'ACTIVE' ? t('balance.validUntil', { date: formatLongDate(card.expiresAt, locale) }) : t(`balance.status.${card.status}`)}</p>
        </div>
      )}
    </form>
  );
}
