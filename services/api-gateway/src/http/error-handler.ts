import type { ErrorResponse } from '@remediation/contracts';
import type { Logger } from '@remediation/runtime';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from './app-error.js';
import { getRequestId } from './request-id.js';

const isServiceUnavailable = (err: unknown): boolean => {
  const e = err as { code?: string; name?: string; message?: string };
  return (
    e?.name === 'QueueUnavailableError' ||
    e?.code === 'ECONNREFUSED' ||
    e?.code === 'ETIMEDOUT' ||
    e?.name === 'MaxRetriesPerRequestError' ||
    /Stream isn't writeable|Connection is closed|connect ECONNREFUSED|Connection terminated|timeout exceeded when trying to connect/i.test(
      e?.message ?? '',
    )
  );
};

export const sendError = (res: Response, err: AppError): void => {
  const body: ErrorResponse = {
    error: {
      code: err.code,
      message: err.message,
      request_id: getRequestId(res),
      ...(err.options.problems ? { problems: err.options.problems } : {}),
    },
  };
  for (const [k, v] of Object.entries(err.options.headers ?? {})) res.setHeader(k, v);
  res.status(err.status).json(body);
};

/** Maps every error to the spec's shape; unknown errors are logged and answered generically. */
export const errorHandler =
  (logger: Logger) =>
  (err: unknown, req: Request, res: Response, _next: NextFunction): void => {
    if (err instanceof AppError) return sendError(res, err);
    if (isServiceUnavailable(err)) {
      logger.warn(
        { requestId: getRequestId(res), err: (err as Error).message },
        'dependency unavailable',
      );
      return sendError(
        res,
        new AppError('service_unavailable', 'a dependency is unavailable; retry later', {
          headers: { 'Retry-After': '5' },
        }),
      );
    }
    logger.error(
      { requestId: getRequestId(res), method: req.method, path: req.path, err },
      'unhandled error',
    );
    sendError(
      res,
      new AppError('internal_error', 'internal error; retry with exponential backoff'),
    );
  };
