import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { traceFields } from './trace-context.js';

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

/**
 * JSON logger with a constant message per line and data in fields; a line written while a span
 * is active (a request, a job) carries its `traceId` and `spanId`.
 */
export const createLogger = (options: {
  service: string;
  level: string;
  /** Where lines go (default stdout); tests capture them. */
  destination?: DestinationStream;
}): Logger => {
  const settings: LoggerOptions = {
    level: options.level,
    base: { service: options.service },
    mixin: traceFields,
    redact: { paths: REDACT, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
};
