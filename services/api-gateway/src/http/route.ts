import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox';
import type { EncodedBody } from './body.js';
import { validate, validateCoerced, type ErrorCode } from '@remediation/contracts';
import type { AuthContext } from '../auth/auth-context.js';

export type Method = 'get' | 'post' | 'patch' | 'delete';

/** Who may call a route: organization tokens only, or repository tokens too (scope checked per resource). */
export type Access = 'organization' | 'repository';

export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RouteContext<P, Q, B> {
  auth: AuthContext;
  params: P;
  query: Q;
  body: B;
  requestId: string;
  /** Request headers, lower-cased names. */
  header: (name: string) => string | undefined;
}

type BodySpec = { kind: 'json'; schema: TSchema; required: boolean } | { kind: 'sarif' };
type BodyOf<B extends BodySpec | undefined> = B extends {
  kind: 'json';
  schema: infer S extends TSchema;
}
  ? Static<S>
  : B extends { kind: 'sarif' }
    ? EncodedBody
    : undefined;

export interface RouteDef<
  P extends TProperties = TProperties,
  Q extends TProperties = TProperties,
  B extends BodySpec | undefined = BodySpec | undefined,
> {
  method: Method;
  /** OpenAPI-style path relative to /v1, e.g. `/repositories/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  success: { status: number; description: string; schema?: TSchema };
  /** Error codes this route can answer besides the ones every route can. */
  errors: ErrorCode[];
  handle: (
    ctx: RouteContext<Static<TObject<P>>, Static<TObject<Q>>, BodyOf<B>>,
  ) => Promise<RouteResult>;
}

/** Keeps a route's literal types for inference while storing it in a plain list. */
export const defineRoute = <
  P extends TProperties,
  Q extends TProperties,
  B extends BodySpec | undefined = undefined,
>(
  route: RouteDef<P, Q, B>,
): RouteDef => route as unknown as RouteDef;

/** `/repositories/{id}` → `/repositories/:id` */
export const expressPath = (path: string): string => path.replace(/\{([A-Za-z_]+)\}/g, ':$1');

export const objectOf = (props: TProperties | undefined): TObject =>
  Type.Object(props ?? {}, { additionalProperties: false });

export { validate, validateCoerced };
