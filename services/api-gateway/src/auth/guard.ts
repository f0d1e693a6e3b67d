import type { Db } from '@remediation/db';
import type { RequestHandler } from 'express';
import { AppError } from '../http/app-error.js';
import { rateLimitHeaders } from '../rate-limit/rate-limit-headers.js';
import type { TokenBucket } from '../rate-limit/token-bucket.js';
import { authenticate } from './authenticate.js';
import type { TokenCache } from './token-cache.js';

/** Authenticates the bearer token, then spends one token of the organization's bucket. */
export const createGuard =
  (deps: { db: Db; bucket: TokenBucket; tokenCache?: TokenCache | undefined }): RequestHandler =>
  async (req, res, next) => {
    try {
      const auth = await authenticate(
        { db: deps.db, cache: deps.tokenCache },
        req.get('authorization'),
      );
      res.locals['auth'] = auth;
      const decision = await deps.bucket.take(`org:${auth.organizationId}`, auth.limits);
      const headers = rateLimitHeaders(decision, auth.limits);
      if (!decision.allowed) {
        throw new AppError(
          'rate_limited',
          'rate limit exceeded; retry after the number of seconds in Retry-After',
          {
            headers,
          },
        );
      }
      for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
      next();
    } catch (err) {
      next(err);
    }
  };
