import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { unitName } from '@/client/i18n/catalog-names';
import { useTranslation } from '@/client/i18n';
import { startCameraScanner } from '@/client/staff/camera-scanner';
import { scanCode, undoTicket } from '@/client/staff/gate-calls';
import { playVerdictSound } from '@/client/staff/gate-sound';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Checkbox';
import { TextField } from '@/components/ui/TextField';
import type { Verdict } from '@/modules/gate/scan-ticket';
import { VerdictPanel } from './VerdictPanel';
import styles from './staff.module.css';

const GATE_NAME_KEY = 'skypass.gate-name';
/** A code read again by the camera within this time of its last reading is the same scan: a ticket held
 * up for a while, or a slow decoder on a busy phone, must not turn VALID into ALREADY USED. */
const SAME_SCAN_MS = 10_000;

/** The gate: a camera, a hand-held scanner (which types the code and Enter) or a typed reference. */
export function GateScanner() {
  const { t } = useTranslation('staff');
  const [code, setCode] = useState('');
  const [verdict, setVerdict] = useState<Verdict | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [camera, setCamera] = useState<'off' | 'starting' | 'on'>('off');
  const [chosen, setChosen] = useState<string[]>([]);
  const [lastAdmitted, setLastAdmitted] = useState<string[]>([]);
  const input = useRef<HTMLInputElement>(null);
  const gateInput = useRef<HTMLInputElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stopCamera = useRef<(() => void) | undefined>(undefined);
  const lastRead = useRef({ text: '', at: 0 });
  const checking = useRef(false);

  // The gate's name is this device's: kept in the browser.
  useEffect(() => {
    if (gateInput.current) gateInput.current.value = localStorage.getItem(GATE_NAME_KEY) ?? '';
  }, []);
  useEffect(() => () => stopCamera.current?.(), []);

  const check = useCallback(
    async (text: string, admit?: string[]) => {
      if (!text.trim()) return;
      checking.current = true;
      setBusy(true);
      setError(undefined);
      const answer = await scanCode(text, gateInput.current?.value.trim() || t('gate.defaultName'), admit).catch(() => ({ ok: false as const, error: t('gate.offline') }));
      setBusy(false);
      checking.current = false;
      if (!answer.ok) {
        setVerdict(undefined);
        setError(answer.error);
        playVerdictSound(false);
        return;
      }
      setVerdict(answer.verdict);
      playVerdictSound(answer.verdict.verdict === 'VALID');
      if (answer.verdict.verdict === 'VALID') {
        setLastAdmitted(answer.verdict.admitted);
        setChosen(answer.verdict.booking.tickets.filter((x) => !x.admittedAt).map((x) => x.reference));
      }
      setCode('');
      input.current?.focus();
    },
    [t],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void check(code);
  };

  const toggleCamera = async () => {
    if (camera !== 'off') {
      stopCamera.current?.();
      stopCamera.current = undefined;
      setCamera('off');
      return;
    }
    setCamera('starting');
    lastRead.current = { text: '', at: 0 };
    try {
      stopCamera.current = await startCameraScanner(video.current!, (text) => {
        // A code held in front of the camera is one scan: it counts again after it was away for a moment.
        const now = Date.now();
        const same = text === lastRead.current.text && now - lastRead.current.at < SAME_SCAN_MS;
        lastRead.current = { text, at: now };
        // One scan at a time: a reading while the last one is being answered waits for the next frame.
        if (!same && !checking.current) void check(text);
        else if (checking.current && !same) lastRead.current = { text: '', at: 0 };
      });
      setCamera('on');
    } catch {
      setCamera('off');
      setError(t('gate.noCamera'));
    }
  };

  const undo = async () => {
    for (const ticket of lastAdmitted) {
      const answer = await undoTicket(ticket);
      if (!answer.ok) {
        setError(answer.error);
        return;
      }
    }
    setLastAdmitted([]);
    setVerdict(undefined);
    setError(undefined);
    setCode('');
    input.current?.focus();
  };

  const party = verdict?.verdict === 'VALID' ? verdict.booking.tickets.filter((x) => !x.admittedAt) : [];
  return (
    <Card>
      <TextField ref={gateInput} label={t('gate.name')} hint={t('gate.nameHint')} maxLength={40} onChange={(e) => localStorage.setItem(GATE_NAME_KEY, e.target.value)} />
      <form className={styles.scanForm} onSubmit={onSubmit}>
        <TextField ref={input} label={t('gate.code')} hint={t('gate.codeHint')} value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={400} autoFocus />
        <Button type="submit" busy={busy}>
          {t('gate.check')}
        </Button>
      </form>
      <div className={styles.row}>
        <Button type="button" variant="secondary" onClick={() => void toggleCamera()} busy={camera === 'starting'} aria-pressed={camera === 'on'}>
          {camera === 'on' ? t('gate.cameraOff') : t('gate.cameraOn')}
        </Button>
      </div>
      <video ref={video} className={styles.video} hidden={camera === 'off'} muted playsInline aria-label={t('gate.cameraView')} />
      {error && <Alert tone="error">{error}</Alert>}
      {verdict && <VerdictPanel verdict={verdict} />}
      {verdict?.verdict === 'VALID' && party.length > 0 && (
        <fieldset>
          <legend>{t('gate.partyLegend', { reference: verdict.booking.reference })}</legend>
          <ul className={styles.tickets}>
            {party.map((x) => (
              <li key={x.reference}>
                <Checkbox
                  label={`${x.reference} · ${unitName(t, x.unitId)}`}
                  checked={chosen.includes(x.reference)}
                  onChange={(e) => setChosen((c) => (e.target.checked ? [...c, x.reference] : c.filter((r) => r !== x.reference)))}
                />
              </li>
            ))}
          </ul>
          <Button type="button" disabled={chosen.length === 0} busy={busy} onClick={() => void check(verdict.booking.reference, chosen)}>
            {t('gate.admitChosen', { count: chosen.length })}
          </Button>
        </fieldset>
      )}
      {lastAdmitted.length > 0 && verdict?.verdict === 'VALID' && (
        <div className={styles.row}>
          <Button type="button" variant="secondary" onClick={() => void undo()}>
            {t('gate.undo', { count: lastAdmitted.length })}
          </Button>
          <span className={styles.muted}>{t('gate.undoHint')}</span>
        </div>
      )}
    </Card>
  );
}
