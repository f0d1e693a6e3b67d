// Loaded with `node --import` before main.ts so instrumentation patches pg, ioredis and https.
import { startTelemetryFromEnv } from '@remediation/runtime/telemetry';

startTelemetryFromEnv('webhook-dispatcher');
