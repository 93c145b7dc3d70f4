// Text as it may go into our logs. Text from outside (a device's log line, a partner's message): control
// characters escaped, so a newline in it cannot start a forged log entry, and cut to a length. E-mail
// addresses: masked, so a log line names no member (src/server/log.ts masks every line's text this way).

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/gu;

export function loggable(text: string, maxLength = 500): string {
  const escaped = text.replace(CONTROL, (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`);
  return escaped.length > maxLength ? `${escaped.slice(0, maxLength)}…` : escaped;
}

/** Something that looks like an e-mail address, anywhere in a text. */
const EMAIL = /([\p{L}\p{N}._%+-]+)@([\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+)/gu;

/** Every e-mail address in `text` masked: `ana.lima@example.com` → `a***@example.com`, enough to tell two
 * support cases apart, not to name the member. */
export function maskEmails(text: string): string {
  return text.replace(EMAIL, (_, local: string, domain: string) => `${local.slice(0, 1)}***@${domain}`);
}
