// Loaded with `node --import` before main.ts so instrumentation patches pg and ioredis.
import { startTelemetryFromEnv } from '@remediation/runtime/telemetry';

startTelemetryFromEnv('pr-publisher');
