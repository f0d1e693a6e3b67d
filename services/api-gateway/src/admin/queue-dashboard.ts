import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { QUEUES } from '@remediation/contracts';
import { Queue } from 'bullmq';
import { Router, type RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { AppError } from '../http/app-error.js';
import { operatorAuth, type OperatorCredentials } from './operator-auth.js';

/** Where the queue dashboard is served. */
export const QUEUE_DASHBOARD_PATH = '/admin/queues';

/**
 * Bull Board's page needs inline styles (its loading screen and component styles) and nothing
 * from other origins; its Google Fonts stylesheet is refused, so operators' browsers never call
 * out from an internal tool (the system font is used instead).
 */
export const QUEUE_DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

const headers: RequestHandler = (req, res, next) => {
  res.setHeader('Content-Security-Policy', QUEUE_DASHBOARD_CSP);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cache-Control', 'no-store');
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000');
  next();
};

/**
 * A browser sends Basic credentials with any request to this origin, a forged cross-site one
 * too: changes must come from the dashboard's own page (same Origin), or from a client that
 * sends no Origin at all (curl, scripts).
 */
const hostOf = (origin: string): string | undefined => {
  try {
    return new URL(origin).host;
  } catch {
    return undefined; // `null` (sandboxed frames) or garbage: not this origin
  }
};

const sameOriginChanges: RequestHandler = (req, _res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const origin = req.get('origin');
  const same = origin === undefined || hostOf(origin) === req.get('host');
  next(same ? undefined : new AppError('forbidden', 'cross-origin changes are refused'));
};

/**
 * Actions that would bypass the queue registry (jobs added or their payloads edited without
 * validation) or destroy a queue's pending work outright; retry, clean, promote, pause and
 * resume stay available.
 */
const REFUSED: readonly [string, RegExp][] = [
  ['POST', /^\/api\/queues\/[^/]+\/add$/],
  ['PATCH', /^\/api\/queues\/[^/]+\/[^/]+\/update-data$/],
  ['PUT', /^\/api\/queues\/[^/]+\/(empty|obliterate)$/],
];

const refuseUnsafeActions: RequestHandler = (req, _res, next) => {
  const refused = REFUSED.some(([method, path]) => req.method === method && path.test(req.path));
  next(
    refused ? new AppError('forbidden', 'this action is disabled on this deployment') : undefined,
  );
};

/**
 * The ops queue dashboard (Bull Board) over the given queues, behind operator Basic auth, with
 * its own security headers (the web dashboard's stricter CSP would break its page).
 */
export const queueDashboard = (options: {
  queues: readonly Queue[];
  credentials: OperatorCredentials;
}): Router => {
  const serverAdapter = new ExpressAdapter().setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: options.queues.map(
      (queue) => new BullMQAdapter(queue, { readOnlyMode: false, allowRetries: true }),
    ),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Remediation queues', hideDocsLink: true } },
  });
  const router = Router();
  router.use(headers, operatorAuth(options.credentials), sameOriginChanges, refuseUnsafeActions);
  router.use(serverAdapter.getRouter() as RequestHandler);
  return router;
};

/** One handle per queue of the registry (a new queue is listed without a change here). */
export const registryQueues = (connection: Redis, prefix: string): Queue[] =>
  Object.values(QUEUES).map((def) => new Queue(def.name, { connection, prefix }));
