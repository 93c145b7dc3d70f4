// Text from outside (a device's log line, a partner's message) as it may go into our logs: control
// characters escaped, so a newline in it cannot start a forged log entry, and cut to a length.

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;

export function loggable(text: string, maxLength = 500): string {
  const escaped = text.replace(CONTROL, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);
  return escaped.length > maxLength ? `${escaped.slice(0, maxLength)}…` : escaped;
}
