import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { Type } from '@sinclair/typebox';
import { register } from 'node:module';
import { loadConfig } from './config.js';

export interface TelemetryOptions {
  serviceName: string;
  /** OTLP/HTTP endpoint; telemetry stays off when absent. */
  endpoint?: string | undefined;
  /** How often metrics are pushed (default 60 s). */
  metricIntervalMs?: number | undefined;
}

let sdk: NodeSDK | undefined;

const isHealthPath = (url: string | undefined): boolean =>
  /^\/(livez|readyz|metrics)(\?|$)/.test(url ?? '');

/**
 * Starts OpenTelemetry traces and metrics (OTLP/HTTP) when an endpoint is configured. Call it from a module
 * loaded with `node --import` so instrumentation hooks exist before express, pg and ioredis load.
 */
export const startTelemetry = (options: TelemetryOptions): boolean => {
  if (!options.endpoint || sdk) return sdk !== undefined;
  // ESM imports of CommonJS packages bypass require hooks; this loader hook sees them.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const base = options.endpoint.replace(/\/$/, '');
  sdk = new NodeSDK({
    serviceName: options.serviceName,
    traceExporter: new OTLPTraceExporter({ url: `${base}/v1/traces` }),
    metricReaders: [
      new PeriodicExportingMetricReader({
        exporter: new OTLPMetricExporter({ url: `${base}/v1/metrics` }),
        exportIntervalMillis: options.metricIntervalMs ?? 60_000,
      }),
    ],
    instrumentations: [
      // Probes and scrapes of the health server are not work worth a trace.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => isHealthPath(req.url) }),
      new ExpressInstrumentation(),
      // Queries outside a request or job (polls, sweeps, LISTEN) would each be a trace of their own.
      new PgInstrumentation({ requireParentSpan: true }),
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

const TelemetryConfig = Type.Object({
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(Type.String({ format: 'uri' })),
  OTEL_METRIC_EXPORT_INTERVAL: Type.Integer({ minimum: 100, default: 60_000 }),
});

/** For a service's `instrument.ts`: starts telemetry per the environment's OTLP endpoint. */
export const startTelemetryFromEnv = (serviceName: string): boolean =>
  startTelemetry({
    serviceName,
    endpoint: loadConfig(TelemetryConfig).OTEL_EXPORTER_OTLP_ENDPOINT,
  });
