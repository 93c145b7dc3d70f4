import { useRouter } from 'next/router';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/client/i18n';
import { adjustMemberPoints } from '@/client/staff/program-calls';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { TextField } from '@/components/ui/TextField';
import styles from './program-admin.module.css';

/** A manager adds or takes away points, with a reason; the page then shows the new line and balance. */
export function PointsAdjustForm({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation('program-admin');
  const router = useRouter();
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const amount = Number(points);
    if (!Number.isInteger(amount) || amount === 0) return setMessage({ tone: 'error', text: t('members.adjustWhole') });
    if (!reason.trim()) return setMessage({ tone: 'error', text: t('members.adjustReasonNeeded') });
    setBusy(true);
    const answer = await adjustMemberPoints(userId, amount, reason.trim());
    setBusy(false);
    if (!answer.ok) return setMessage({ tone: 'error', text: answer.error });
    setPoints('');
    setReason('');
    setMessage({ tone: 'success', text: t('members.adjusted', { balance: new Intl.NumberFormat(i18n.language).format(answer.balance) }) });
    await router.replace(router.asPath, undefined, { scroll: false });
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="adjust-title">
      <h3 id="adjust-title">{t('members.adjustTitle')}</h3>
      <div className={styles.grid}>
        <TextField label={t('members.adjustPoints')} hint={t('members.adjustPointsHint')} type="number" inputMode="numeric" value={points} onChange={(e) => setPoints(e.target.value)} required />
        <TextField label={t('members.adjustReason')} value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} required />
      </div>
      <Button type="submit" busy={busy}>
        {t('members.adjustSubmit')}
      </Button>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
    </form>
  );
}
