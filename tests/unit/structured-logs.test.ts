// The server's log lines (decision 0046): one JSON object a line, the request's id on every line written
// while a request is served, e-mail addresses masked in texts and errors, secrets' fields redacted; and the
// request id a caller may hand us.
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { requestIdOf } from '@/http/request-id';
import { log, setLogDestination } from '@/server/log';
import { maskEmails } from '@/server/log-text';
import { runWithRequestContext } from '@/server/request-context';

/** The logger's destination, captured: every line it writes, parsed. */
function capturedLines(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  setLogDestination({ write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return lines;
}

afterEach(() => setLogDestination(undefined));

describe('maskEmails', () => {
  it('keeps the first letter and the domain of every address in a text', () => {
    expect(maskEmails('to ana.lima@example.com and bo@skyline-tower.example: sent')).toBe('to a***@example.com and b***@skyline-tower.example: sent');
    expect(maskEmails('no address @ all, SKY-7QX2 at 10:00')).toBe('no address @ all, SKY-7QX2 at 10:00');
  });
});

describe('the logger', () => {
  it('writes JSON lines with the id of the request being served, and none outside a request', () => {
    const lines = capturedLines();
    runWithRequestContext({ requestId: 'req-42' }, () => log.info('[test] inside'));
    log.warn('[test] outside');
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', msg: '[test] inside', requestId: 'req-42', pid: process.pid, time: expect.any(String) }),
      expect.objectContaining({ level: 'warn', msg: '[test] outside' }),
    ]);
    expect(lines[1]).not.toHaveProperty('requestId');
  });

  it('masks e-mail addresses in the message, the fields and an error, and redacts secrets', () => {
    const lines = capturedLines();
    log.error('[test] mail to ana.lima@example.com failed', {
      member: 'ana.lima@example.com',
      authorization: 'Bearer skypass-demo-ops-key',
      error: new Error('550 no mailbox jo@example.org'),
    });
    const [line] = lines as [Record<string, unknown> & { err: { message: string; stack: string; type: string } }];
    expect(line.msg).toBe('[test] mail to a***@example.com failed');
    expect(line.member).toBe('a***@example.com');
    expect(line.authorization).toBe('[redacted]');
    expect(line.err).toMatchObject({ type: 'Error', message: '550 no mailbox j***@example.org' });
    expect(line.err.stack).not.toContain('jo@example.org');
    expect(JSON.stringify(line)).not.toMatch(/ana\.lima@|skypass-demo-ops-key/);
  });

  it('writes nothing below LOG_LEVEL (info by default): debug lines stay out', () => {
    const lines = capturedLines();
    log.debug('[test] detail');
    expect(lines).toEqual([]);
  });
});

describe('the request id', () => {
  const request = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it("keeps the caller's sane X-Request-Id", () => {
    expect(requestIdOf(request('lb-7f3a9c.2027:05_12-x'))).toBe('lb-7f3a9c.2027:05_12-x');
  });

  it('makes a new one when there is none, or when it could forge or flood a log line', () => {
    for (const given of [undefined, '', 'two words', 'line\nbreak', 'x'.repeat(129), '<script>']) expect(requestIdOf(request(given))).toMatch(UUID);
  });
});
