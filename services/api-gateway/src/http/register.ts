import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError, validationFailed } from './app-error.js';
import { parseJsonBody, type BodyLimits, type EncodedBody } from './body.js';
import { getRequestId } from './request-id.js';
import { expressPath, objectOf, validate, validateCoerced, type RouteDef } from './route.js';
import type { AuthContext } from '../auth/auth-context.js';

export interface RegisterOptions {
  /** Runs before body parsing: authentication then rate limiting. */
  guard: RequestHandler;
  jsonLimits: BodyLimits;
  /** Reads a SARIF upload body (raw bytes, decompressed). */
  readSarif: (req: Request) => Promise<EncodedBody>;
}

const singleValues = (query: Request['query']): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) {
    if (Array.isArray(v)) throw validationFailed(`query parameter '${k}' was given more than once`);
    out[k] = v;
  }
  return out;
};

const handler = (route: RouteDef, options: RegisterOptions): RequestHandler => {
  // Built once per route: validators are compiled and cached per schema object.
  const paramsSchema = objectOf(route.params);
  const querySchema = objectOf(route.query);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const auth = res.locals['auth'] as AuthContext;
      if (route.access === 'organization' && auth.scope === 'repository') {
        throw new AppError('forbidden', 'repository-scoped tokens cannot use this endpoint');
      }
      const params = validateCoerced(paramsSchema, { ...req.params });
      if (!params.ok) throw new AppError('not_found', 'resource not found');
      const query = validateCoerced(querySchema, singleValues(req.query));
      if (!query.ok) throw validationFailed('invalid query parameters', query.problems);

      let body: unknown;
      if (route.body?.kind === 'json') {
        const parsed = await parseJsonBody(req, options.jsonLimits);
        if (parsed === undefined && !route.body.required) body = {};
        else {
          if (parsed === undefined) throw validationFailed('request body is required');
          const checked = validate(route.body.schema, parsed);
          if (!checked.ok) throw validationFailed('request body is invalid', checked.problems);
          body = checked.value;
        }
      } else if (route.body?.kind === 'sarif') {
        body = await options.readSarif(req);
      }

      const result = await route.handle({
        auth,
        params: params.value,
        query: query.value,
        body: body,
        requestId: getRequestId(res),
        header: (name) => req.get(name),
      });
      for (const [k, v] of Object.entries(result.headers ?? {})) res.setHeader(k, v);
      if (result.body === undefined) res.status(result.status).end();
      else res.status(result.status).json(result.body);
    } catch (err) {
      next(err);
    }
  };
};

/** Mounts routes under `base` with the guard (auth, rate limit) in front of each. */
export const registerRoutes = (
  app: Express,
  base: string,
  routes: readonly RouteDef[],
  options: RegisterOptions,
): void => {
  for (const route of routes) {
    app[route.method](`${base}${expressPath(route.path)}`, options.guard, handler(route, options));
  }
};
