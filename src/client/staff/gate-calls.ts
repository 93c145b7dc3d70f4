// The gate's calls: a scan (and the admission of chosen tickets), undo, and an exit from the deck.
import type { GateBooking, Verdict } from '@/modules/gate/scan-ticket';
import type { ExitAnswer } from '@/modules/gate/record-exit';
import { postJson } from '../api';

export type GateAnswer = { ok: true; verdict: Verdict } | { ok: false; error: string };

export async function scanCode(code: string, gate: string, admit?: string[]): Promise<GateAnswer> {
  const { status, data } = await postJson<Verdict & { error?: string }>('/api/staff/gate/scan', { code, gate, ...(admit ? { admit } : {}) });
  return status === 200 ? { ok: true, verdict: data } : { ok: false, error: data.error ?? String(status) };
}

export async function undoTicket(ticket: string): Promise<{ ok: true; booking: GateBooking } | { ok: false; error: string }> {
  const { status, data } = await postJson<{ booking: GateBooking; error?: string }>('/api/staff/gate/undo', { ticket });
  return status === 200 ? { ok: true, booking: data.booking } : { ok: false, error: data.error ?? String(status) };
}

export type ExitCall = { ok: true; answer: ExitAnswer } | { ok: false; error: string };

/** One person leaves: by a scanned ticket, or (no code) counted out at the exit. */
export async function exitScan(code: string | undefined, gate: string): Promise<ExitCall> {
  const { status, data } = await postJson<ExitAnswer & { error?: string }>('/api/staff/gate/exit', { gate, ...(code ? { code } : {}) });
  return status === 200 ? { ok: true, answer: data } : { ok: false, error: data.error ?? String(status) };
}

/** Marks a booking's add-on handed out (decision 0050); the answer is the booking as the gate shows it. */
export async function handOutAddonCall(reference: string, addonId: string): Promise<{ ok: true; booking: GateBooking } | { ok: false; error: string }> {
  const { status, data } = await postJson<{ booking: GateBooking; error?: string }>('/api/staff/gate/addon', { reference, addonId });
  return status === 200 ? { ok: true, booking: data.booking } : { ok: false, error: data.error ?? String(status) };
}
