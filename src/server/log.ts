// The server's one logger: JSON lines (pino) on standard output, one object a line, with the id of the
// request being served (src/server/request-context.ts) on every line written while one is. Every text and
// field goes out with its e-mail addresses masked and its secrets' fields redacted (docs/decisions/0046).
// LOG_LEVEL (debug, info, warn, error; info by default) is read here, not in env.ts: the logger must work
// even while the configuration is being refused.
import pino, { type DestinationStream, type Logger } from 'pino';
import { processGlobal } from '@/universal/process-global';
import { maskEmails } from './log-text';
import { currentRequestContext } from './request-context';

const LEVELS = new Set(['debug', 'info', 'warn', 'error', 'fatal', 'silent']);

export type LogFields = Record<string, unknown>;

/** Fields whose value is a secret wherever they appear (one level down too). */
const REDACTED = ['authorization', 'cookie', 'password', 'token', 'secret', 'apiKey'].flatMap((key) => [key, `*.${key}`]);

/** pino's error fields (type, message, stack, cause), with e-mail addresses masked in the texts. */
function maskedError(error: Error): pino.SerializedError {
  const serialized = pino.stdSerializers.err(error);
  return { ...serialized, message: maskEmails(serialized.message), stack: maskEmails(serialized.stack ?? '') };
}

function createLogger(destination?: DestinationStream): Logger {
  const level = process.env.LOG_LEVEL?.toLowerCase() ?? 'info';
  return pino(
    {
      level: LEVELS.has(level) ? level : 'info',
      base: { pid: process.pid },
      // Wall-clock time, like durations (decision 0031): a log line says when it was written.
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED, censor: '[redacted]' },
      serializers: { err: maskedError },
      mixin() {
        const { requestId } = currentRequestContext();
        return requestId ? { requestId } : {};
      },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

// One logger per process, whatever bundle asks (src/universal/process-global.ts).
const holder = processGlobal<{ logger?: Logger }>('logger', () => ({}));
const logger = (): Logger => (holder.logger ??= createLogger());

/** Tests read what the server logs: from now on every line goes to `destination` (undefined: stdout again). */
export function setLogDestination(destination: DestinationStream | undefined): void {
  holder.logger = createLogger(destination);
}

/** Strings masked (e-mail addresses); an error kept as an error, for pino's serializer (type, message, stack). */
function masked(fields: LogFields | undefined): LogFields | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, typeof value === 'string' ? maskEmails(value) : value]));
}

function write(level: 'debug' | 'info' | 'warn' | 'error' | 'fatal', message: string, fields?: LogFields): void {
  const text = maskEmails(message);
  const extra = masked(fields);
  if (extra?.error instanceof Error) {
    const { error, ...rest } = extra;
    logger()[level]({ ...rest, err: error }, text);
  } else if (extra) logger()[level](extra, text);
  else logger()[level](text);
}

/** `log.error('[jobs] a pass failed; the next one tries again', { error })`: a message in words, facts as fields. */
export const log = {
  debug: (message: string, fields?: LogFields) => write('debug', message, fields),
  info: (message: string, fields?: LogFields) => write('info', message, fields),
  warn: (message: string, fields?: LogFields) => write('warn', message, fields),
  error: (message: string, fields?: LogFields) => write('error', message, fields),
};
