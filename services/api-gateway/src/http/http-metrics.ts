import { Counter, Histogram, type Registry } from 'prom-client';
import type { Request, RequestHandler } from 'express';

/** Request durations, seconds: API calls in milliseconds up to large SARIF uploads. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The route template a request matched (`/v1/repositories/:id/scans`), never the raw path:
 * label values stay few. Requests no route matched are `unmatched`; those a mounted app
 * answered (the queue dashboard, static files) are named by where it is mounted.
 */
const routeOf = (req: Request, status: number): string => {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') return `${req.baseUrl}${path}`;
  if (req.baseUrl) return `${req.baseUrl}/*`;
  return status === 404 ? 'unmatched' : 'static';
};

/**
 * Request rate, status and latency per route: `remediation_http_requests_total{method, route,
 * status}` and `remediation_http_request_duration_seconds{method, route}`.
 */
export const httpMetrics = (registry: Registry): RequestHandler => {
  const requests = new Counter({
    name: 'remediation_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'remediation_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route template',
    labelNames: ['method', 'route'],
    buckets: BUCKETS,
    registers: [registry],
  });
  return (req, res, next) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      const route = routeOf(req, res.statusCode);
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
      end({ method: req.method, route });
    });
    next();
  };
};
