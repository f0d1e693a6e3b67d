import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

const SAFE = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps a caller's well-formed `X-Request-Id` (for tracing across proxies), else makes one. */
export const requestId = (req: Request, res: Response, next: NextFunction): void => {
  const incoming = req.get('x-request-id');
  const id = incoming && SAFE.test(incoming) ? incoming : `req_${randomUUID().replaceAll('-', '')}`;
  res.locals['requestId'] = id;
  res.setHeader('X-Request-Id', id);
  next();
};

export const getRequestId = (res: Response): string => String(res.locals['requestId'] ?? 'unknown');
