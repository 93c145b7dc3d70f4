import { describe, expect, it } from 'vitest';
import { loggable } from '@/server/log-text';

describe('loggable', () => {
  it('escapes every character that could end a log line or steer a terminal', () => {
    expect(loggable('a\nb\r\nc\td\u001b[31me\u007f\u0085\u2028\u2029')).toBe('a\\u000ab\\u000d\\u000ac\\u0009d\\u001b[31me\\u007f\\u0085\\u2028\\u2029');
  });

  it('keeps ordinary text, accents and emoji as they are', () => {
    expect(loggable('Réservation confirmée 🎟️ «ok»')).toBe('Réservation confirmée 🎟️ «ok»');
  });

  it('cuts long text after escaping, and says so', () => {
    expect(loggable('x'.repeat(600))).toBe(`${'x'.repeat(500)}…`);
    expect(loggable('\n'.repeat(10), 12)).toBe('\\u000a\\u000a…');
  });
});
