import type { Logger } from '@remediation/runtime';
import type { RequestHandler } from 'express';
import { getRequestId } from './request-id.js';

/** One line per request once answered: method, route, status, duration. Never headers or bodies. */
export const accessLog =
  (logger: Logger): RequestHandler =>
  (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      logger.info(
        {
          requestId: getRequestId(res),
          method: req.method,
          path: req.path,
          status: res.statusCode,
          durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request',
      );
    });
    next();
  };
