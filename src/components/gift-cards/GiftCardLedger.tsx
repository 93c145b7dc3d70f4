// The gift card lines of the staff reports (managers): value issued, redeemed, voided, expired and the
// outstanding liability, as of now; and voiding a card by its code, with a reason (audited).
import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import { postJson } from '@/client/api';
import { useTranslation } from '@/client/i18n';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { TextField } from '@/components/ui/TextField';
import summary from '@/components/ui/summary.module.css';
import type { GiftCardLiability } from '@/modules/gift-cards/gift-card-liability';
import { formatMoney } from '@/universal/format/money';

const FIGURES = ['issued', 'redeemed', 'voided', 'expired', 'outstanding'] as const;

export function GiftCardLedger({ liability }: { liability: GiftCardLiability }) {
  const { t } = useTranslation('giftcards');
  const { t: tg } = useTranslation('gcrefunds');
  const { locale = 'en', replace, asPath } = useRouter();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);
  const money = (cents: number) => formatMoney(cents, liability.currency, locale);

  async function onVoid(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setOutcome(undefined);
    try {
      const { status, data } = await postJson<{ code?: string; voided?: number; error?: string }>('/api/staff/gift-cards/void', {
        code: String(form.get('code') ?? ''),
        reason: String(form.get('reason') ?? ''),
      });
      if (status === 200) {
        setOutcome({ tone: 'success', text: t('staff.voidDone', { code: data.code ?? '', amount: money(data.voided ?? 0) }) });
        // The figures above change with it.
        void replace(asPath, undefined, { scroll: false });
      } else setOutcome({ tone: 'error', text: data.error ?? t('staff.failed') });
    } catch {
      setOutcome({ tone: 'error', text: t('staff.failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card>
      <h2>{t('staff.heading')}</h2>
      <p>{t('staff.note', { count: liability.cards })}</p>
      <dl className={summary.summaryList}>
        {FIGURES.map((figure) => (
          <div key={figure} style={{ display: 'contents' }}>
            <dt>{t(`staff.${figure}`)}</dt>
            <dd>{money(liability[figure])}</dd>
            {figure === 'issued' && (
              <>
                <dt>{tg('report.issuedAsRefunds')}</dt>
                <dd>{money(liability.issuedAsRefunds)}</dd>
              </>
            )}
          </div>
        ))}
      </dl>
      <h3>{t('staff.voidHeading')}</h3>
      <form onSubmit={onVoid} aria-busy={busy}>
        <TextField label={t('balance.code')} name="code" autoComplete="off" spellCheck={false} required maxLength={40} />
        <TextField label={t('staff.reason')} name="reason" autoComplete="off" required maxLength={200} />
        <Button type="submit" variant="secondary" busy={busy}>
          {t('staff.void')}
        </Button>
      </form>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
    </Card>
  );
}
