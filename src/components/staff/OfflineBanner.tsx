import { useTranslation } from '@/client/i18n';
import type { OfflineState } from '@/client/staff/use-offline-gate';
import { Button } from '@/components/ui/Button';
import { formatTime } from '@/universal/format/date-time';
import styles from './staff.module.css';

/** Whether the gate is online, how old its ticket list is, how many scans wait to be sent (decision 0054);
 * and what the server said of the offline scans it settled that were not plain admissions. */
export function OfflineBanner({ state, onDismiss }: { state: OfflineState; onDismiss: () => void }) {
  const { t, i18n } = useTranslation('gate-offline');
  const { t: ts } = useTranslation('staff');
  const locale = i18n.language;
  const time = state.dataFrom ? formatTime(state.dataFrom, locale) : undefined;
  let text: string;
  if (state.online) text = time ? t('online', { time }) : t('onlineNoList');
  else text = time ? t('offline', { time, count: state.queued }) : t('offlineNoList');
  return (
    <div className={styles.offlineBanner}>
      <p className={styles.networkState} data-online={state.online} role="status">
        {text}
        {state.online && state.queued > 0 && <> · {t('waiting', { count: state.queued })}</>}
      </p>
      {state.lookupOnly && <p className={styles.muted}>{t('lookupOnly')}</p>}
      {state.reports.length > 0 && (
        <div className={styles.offlineReports} role="alert">
          <p className={styles.offlineReportsTitle}>{t('reportsTitle')}</p>
          <ul>
            {state.reports.map((r) => (
              <li key={r.id} data-result={r.result}>
                {r.result === 'already-admitted'
                  ? t('duplicate', { ticket: r.ticket, time: formatTime(r.usedAt, locale), gate: r.usedGate ?? '—' })
                  : r.result === 'refused'
                    ? t('refused', { ticket: r.ticket ?? '—', verdict: ts(`verdict.${r.verdict}`) })
                    : null}
              </li>
            ))}
          </ul>
          <Button type="button" variant="secondary" onClick={onDismiss}>
            {t('dismiss')}
          </Button>
        </div>
      )}
    </div>
  );
}
