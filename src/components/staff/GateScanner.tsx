import { useRouter } from 'next/router';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { unitName } from '@/client/i18n/catalog-names';
import { useTranslation } from '@/client/i18n';
import { startCameraScanner } from '@/client/staff/camera-scanner';
import { exitScan, scanCode, undoTicket } from '@/client/staff/gate-calls';
import { playVerdictSound } from '@/client/staff/gate-sound';
import { useOfflineGate } from '@/client/staff/use-offline-gate';
import { useHydrated } from '@/client/use-hydrated';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { Checkbox } from '@/components/ui/Checkbox';
import { TextField } from '@/components/ui/TextField';
import type { ExitAnswer } from '@/modules/gate/record-exit';
import type { Verdict } from '@/modules/gate/scan-ticket';
import { AddonHandOut } from './AddonHandOut';
import { ExitPanel } from './ExitPanel';
import { OfflineBanner } from './OfflineBanner';
import { VerdictPanel } from './VerdictPanel';
import styles from './staff.module.css';

const GATE_NAME_KEY = 'skypass.gate-name';
/** Whether this device stands at an entrance or at the exit: in the address (/staff/gate?mode=exit), so an
 * exit's device opens in its mode from a bookmark. */
type Mode = 'entry' | 'exit';
/** A code read again by the camera within this time of its last reading is the same scan: a ticket held
 * up for a while, or a slow decoder on a busy phone, must not turn VALID into ALREADY USED. */
const SAME_SCAN_MS = 10_000;

/** The gate: a camera, a hand-held scanner (which types the code and Enter) or a typed reference. At an
 * entrance it admits; at the exit (decision 0045) it counts people out by ticket or with -1. The answer
 * comes right under the code field, above the camera's picture and the gate's name, so that it is in sight
 * without scrolling on a phone and on a laptop. */
export function GateScanner({ kiosk = false }: { kiosk?: boolean }) {
  const { t } = useTranslation('staff');
  const offline = useOfflineGate();
  // The camera's reader is started once: it reads the offline side through this ref.
  const offlineRef = useRef(offline);
  useEffect(() => {
    offlineRef.current = offline;
  }, [offline]);
  /** Whether the last verdict came from the device's list (no undo, no party to choose: those need the server). */
  const [fromDevice, setFromDevice] = useState(false);
  const [code, setCode] = useState('');
  const [verdict, setVerdict] = useState<Verdict | undefined>();
  const [exitAnswer, setExitAnswer] = useState<ExitAnswer | undefined>();
  const router = useRouter();
  const mode: Mode = !kiosk && router.query.mode === 'exit' ? 'exit' : 'entry';
  const modeRef = useRef<Mode>(mode);
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
  // Until the page's code runs, a click on the camera or an Enter in the code field would do nothing (or
  // submit the form to the address bar): both wait, disabled, for hydration.
  const hydrated = useHydrated();

  // The gate's name is this device's: kept in the browser.
  useEffect(() => {
    if (gateInput.current) gateInput.current.value = localStorage.getItem(GATE_NAME_KEY) ?? '';
  }, []);
  // The camera's reader is started once: it reads the mode through this ref.
  useEffect(() => {
    modeRef.current = mode;
  }, [mode]);

  const setMode = (next: Mode) => {
    modeRef.current = next;
    void router.replace({ pathname: router.pathname, query: next === 'exit' ? { mode: 'exit' } : {} }, undefined, { shallow: true });
    setVerdict(undefined);
    setExitAnswer(undefined);
    setError(undefined);
    setLastAdmitted([]);
    input.current?.focus();
  };

  /** At the exit: one person out, by the ticket scanned (code) or counted (no code). */
  const leave = useCallback(
    async (text: string | undefined) => {
      checking.current = true;
      setBusy(true);
      setError(undefined);
      const call = await exitScan(text, gateInput.current?.value.trim() || t('gate.defaultName')).catch(() => ({ ok: false as const, error: t('gate.offline') }));
      setBusy(false);
      checking.current = false;
      setCode('');
      input.current?.focus();
      if (!call.ok) {
        setExitAnswer(undefined);
        setError(call.error);
        playVerdictSound(false);
        return;
      }
      setExitAnswer(call.answer);
      playVerdictSound(call.answer.exit === 'LEFT');
    },
    [t],
  );
  useEffect(() => () => stopCamera.current?.(), []);

  const check = useCallback(
    async (text: string, admit?: string[]) => {
      if (!text.trim()) return;
      checking.current = true;
      setBusy(true);
      setError(undefined);
      const gate = gateInput.current?.value.trim() || t('gate.defaultName');
      const { state, judge } = offlineRef.current;
      // Offline (or the call finds no network): the verdict from the day's list held on the device (decision 0054).
      const onDevice = async () => {
        const local = admit ? undefined : await judge(text, gate).catch(() => undefined);
        return local ? { ok: true as const, verdict: local, device: true } : { ok: false as const, error: t('gate.offline') };
      };
      const online = state.online && navigator.onLine;
      const answer: Awaited<ReturnType<typeof scanCode>> & { device?: boolean } = online ? await scanCode(text, gate, admit).catch(onDevice) : await onDevice();
      setBusy(false);
      checking.current = false;
      setFromDevice(answer.device === true);
      if (!answer.ok) {
        setVerdict(undefined);
        setError(answer.error);
        playVerdictSound(false);
        return;
      }
      setVerdict(answer.verdict);
      playVerdictSound(answer.verdict.verdict === 'VALID');
      if (answer.verdict.verdict === 'VALID') {
        setLastAdmitted(answer.device ? [] : answer.verdict.admitted);
        // Nobody of the party is ticked for the attendant: only the people in front of them, chosen one by one.
        setChosen([]);
      }
      setCode('');
      input.current?.focus();
    },
    [t],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    void (modeRef.current === 'exit' ? leave(code) : check(code));
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
        if (!same && !checking.current) void (modeRef.current === 'exit' ? leave(text) : check(text));
        else if (checking.current && !same) lastRead.current = { text: '', at: 0 };
      });
      setCamera('on');
    } catch {
      setCamera('off');
      setError(t('gate.noCamera'));
    }
  };

  const undo = async () => {
    if (modeRef.current === 'exit') return;
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

  const party = verdict?.verdict === 'VALID' && !fromDevice && !kiosk ? verdict.booking.tickets.filter((x) => !x.admittedAt) : [];
  return (
    <Card>
      <div className={styles.gate} data-kiosk={kiosk || undefined}>
        <div className={styles.gateControls}>
          {!kiosk && (
            <div className={styles.modeSwitch} role="group" aria-label={t('gate.mode')}>
              {(['entry', 'exit'] as const).map((m) => (
                <button key={m} type="button" className={styles.modeButton} aria-pressed={mode === m} onClick={() => setMode(m)}>
                  {t(`gate.mode_${m}`)}
                </button>
              ))}
            </div>
          )}
          <form className={styles.scanForm} onSubmit={onSubmit}>
            <TextField
              ref={input}
              label={t('gate.code')}
              hint={mode === 'exit' ? t('gate.exitHint') : t('gate.codeHint')}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={400}
              autoFocus
            />
            <Button type="submit" busy={busy} disabled={!hydrated}>
              {t('gate.check')}
            </Button>
          </form>
          <div className={styles.row}>
            {kiosk && <FullScreenButton />}
            <Button type="button" variant="secondary" onClick={() => void toggleCamera()} busy={camera === 'starting'} disabled={!hydrated} aria-pressed={camera === 'on'}>
              {camera === 'on' ? t('gate.cameraOff') : t('gate.cameraOn')}
            </Button>
            {mode === 'exit' && (
              <Button type="button" busy={busy} onClick={() => void leave(undefined)}>
                {t('gate.countOut')}
              </Button>
            )}
          </div>
        </div>
        <div className={styles.gateAnswer}>
          {error && <Alert tone="error">{error}</Alert>}
          {mode === 'entry' && verdict && <VerdictPanel verdict={verdict} />}
          {mode === 'exit' && exitAnswer && <ExitPanel answer={exitAnswer} />}
          {/* After the answer, so the answer stays where the attendant looks (decision 0045); still in sight, above the party's list. */}
          <OfflineBanner state={offline.state} onDismiss={offline.dismissReports} />
          {mode === 'entry' && verdict?.verdict === 'VALID' && party.length > 0 && (
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
          {mode === 'entry' && !kiosk && lastAdmitted.length > 0 && verdict?.verdict === 'VALID' && (
            <div className={styles.row}>
              <Button type="button" variant="secondary" onClick={() => void undo()}>
                {t('gate.undo', { count: lastAdmitted.length })}
              </Button>
              <span className={styles.muted}>{t('gate.undoHint')}</span>
            </div>
          )}
          {/* The booking's add-ons to hand out (decision 0050), after the admission the gate is first for. */}
          {mode === 'entry' && (verdict?.verdict === 'VALID' || verdict?.verdict === 'ALREADY_USED') && (
            <AddonHandOut booking={verdict.booking} onChange={(booking) => setVerdict({ ...verdict, booking })} onError={setError} />
          )}
        </div>
        <div className={styles.gateExtras}>
          {/* No box at all while the camera is off: the answer stays in sight (issue #27). */}
          <video ref={video} className={styles.video} hidden={camera === 'off'} muted playsInline aria-label={t('gate.cameraView')} />
          <TextField ref={gateInput} label={t('gate.name')} hint={t('gate.nameHint')} maxLength={40} onChange={(e) => localStorage.setItem(GATE_NAME_KEY, e.target.value)} />
        </div>
      </div>
    </Card>
  );
}

/** Kiosk mode's full screen (a turnstile's or a handheld scanner's screen): asked on a click, as browsers require. */
function FullScreenButton() {
  const { t } = useTranslation('gate-offline');
  return (
    <Button type="button" variant="secondary" onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}>
      {t('fullScreen')}
    </Button>
  );
}
