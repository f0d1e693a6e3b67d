import { trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { Type } from '@sinclair/typebox';
import { register } from 'node:module';
import { loadConfig } from './config.js';

export interface TelemetryOptions {
  serviceName: string;
  /** OTLP/HTTP endpoint; telemetry stays off when absent. */
  endpoint?: string | undefined;
}

let sdk: NodeSDK | undefined;

/**
 * Starts OpenTelemetry tracing when an OTLP endpoint is configured. Call it from a module
 * loaded with `node --import` so instrumentation hooks exist before express, pg and ioredis load.
 */
export const startTelemetry = (options: TelemetryOptions): boolean => {
  if (!options.endpoint || sdk) return sdk !== undefined;
  // ESM imports of CommonJS packages bypass require hooks; this loader hook sees them.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  sdk = new NodeSDK({
    serviceName: options.serviceName,
    traceExporter: new OTLPTraceExporter({
      url: `${options.endpoint.replace(/\/$/, '')}/v1/traces`,
    }),
    instrumentations: [
      new HttpInstrumentation(),
      new ExpressInstrumentation(),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
    ],
  });
  sdk.start();
  return true;
};

export const stopTelemetry = async (): Promise<void> => {
  await sdk?.shutdown();
  sdk = undefined;
};

/** The active trace id, for log lines; undefined when no span is active. */
export const currentTraceId = (): string | undefined =>
  trace.getActiveSpan()?.spanContext().traceId;

const TelemetryConfig = Type.Object({
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(Type.String({ format: 'uri' })),
});

/** For a service's `instrument.ts`: starts telemetry per the environment's OTLP endpoint. */
export const startTelemetryFromEnv = (serviceName: string): boolean =>
  startTelemetry({
    serviceName,
    endpoint: loadConfig(TelemetryConfig).OTEL_EXPORTER_OTLP_ENDPOINT,
  });
