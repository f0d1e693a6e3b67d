import { pino, type Logger } from 'pino';

export type { Logger };

/** Paths never written to logs, whatever a caller passes. */
const REDACT = [
  'authorization',
  'headers.authorization',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.token',
  '*.secret',
  '*.password',
  'token',
  'secret',
  'password',
  'connectionString',
  '*.connectionString',
];

/** JSON logger with a constant message per line and data in fields. */
export const createLogger = (options: { service: string; level: string }): Logger =>
  pino({
    level: options.level,
    base: { service: options.service },
    redact: { paths: REDACT, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  });
