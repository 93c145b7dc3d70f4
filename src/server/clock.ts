// The server's clock (docs/decisions/0031): the real time plus an offset, so that tests and the demo can run
// on a date of their choosing. SKYPASS_CLOCK (an ISO instant) is the time the clock reads when the process
// starts; it then runs on in real time. Only a demo site or a test process honours it; production ignores it and says so at start-up.
// Durations (timers, elapsed time) stay on the real clock: only "what time is it" goes through here.
import { processGlobal } from '@/universal/process-global';
import { getEnv, type Env } from './env';

type ClockEnv = Pick<Env, 'SKYPASS_CLOCK' | 'SKYPASS_DEMO' | 'NODE_ENV'>;

/** Whether this site may run on a clock of its own: demo mode or tests, never a real shop. */
export function clockSettable(env: ClockEnv): boolean {
  return env.SKYPASS_DEMO || env.NODE_ENV === 'test';
}

/** The offset SKYPASS_CLOCK asks for in a process started at `startedAt` (ms), or 0 when there is none or it
 * may not be honoured. From the process's start, not the first reading: a test that hands a site its own
 * time reads the same time as the site, however long the site took to start. */
export function clockOffsetFrom(env: ClockEnv, startedAt = performance.timeOrigin): number {
  if (!env.SKYPASS_CLOCK || !clockSettable(env)) return 0;
  return Date.parse(env.SKYPASS_CLOCK) - startedAt;
}

/** The one line start-up prints about the clock, or undefined when SKYPASS_CLOCK is unset. */
export function clockNotice(env: ClockEnv): string | undefined {
  if (!env.SKYPASS_CLOCK) return undefined;
  if (!clockSettable(env)) return 'SKYPASS_CLOCK is ignored outside demo mode and tests: the site runs on the real time';
  return `the clock started at ${env.SKYPASS_CLOCK} (SKYPASS_CLOCK) and runs on from there`;
}

// One offset per process: the start-up code and each API route are bundled apart (process-global.ts).
const clock = processGlobal<{ offsetMs?: number }>('server-clock', () => ({}));

function offsetMs(): number {
  clock.offsetMs ??= clockOffsetFrom(getEnv());
  return clock.offsetMs;
}

/** What time it is for the shop: the real time, moved by SKYPASS_CLOCK or POST /api/dev/clock on a test or demo site. */
export function serverNow(): Date {
  return new Date(Date.now() + offsetMs());
}

/** Moves the clock to `at` (it runs on from there). The caller checks clockSettable first. */
export function setServerClock(at: Date): void {
  clock.offsetMs = at.getTime() - Date.now();
}
