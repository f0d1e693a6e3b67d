export { BaseConfig, ConfigError, configSchema, loadConfig } from './config.js';
export { createLogger, type Logger } from './logger.js';
export { createRedis, type Redis, type RedisRole } from './redis.js';
export {
  createProducer,
  createWorker,
  InvalidPayloadError,
  QueueUnavailableError,
  jobOptions,
  scheduleDelay,
  type Processor,
  type Producer,
} from './queues.js';
export { startHealthServer, workerChecks, type Check, type HealthServer } from './health.js';
export { createMetricsRegistry, registerJobMetrics, registerQueueMetrics } from './metrics.js';
export { createShutdown, fatal, type Shutdown } from './shutdown.js';
export {
  captureTraceContext,
  currentTraceId,
  flushTraces,
  inCarriedSpan,
  traceFields,
  type CarriedSpanOptions,
  type TraceCarrier,
} from './trace-context.js';
export { queueTelemetry } from './queue-telemetry.js';
export {
  runWorkerService,
  startWorkerService,
  type WorkerServiceDeps,
  type WorkerServiceOptions,
  type WorkerUnit,
} from './worker-service.js';
export { startPeriodic, type Periodic } from './periodic.js';
export { onRedisReconnect } from './reconnect.js';
export { startBatchSweep, sweepStrandedBatches, type BatchSweepOptions } from './batch-sweep.js';
export { createBatchStage, isFinalFailure, type BatchStage } from './batch-stage.js';
