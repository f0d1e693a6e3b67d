// Loaded with `node --import` before main.ts so instrumentation patches express, pg and ioredis.
import { startTelemetryFromEnv } from '@remediation/runtime/telemetry';

startTelemetryFromEnv('api-gateway');
