import { Type, type Static } from '@sinclair/typebox';

/** Every `error.code` the API answers with (DESIGN §5), and the HTTP status each maps to. */
export const ERROR_STATUS = {
  validation_failed: 400,
  invalid_sarif: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export const Problem = Type.Object(
  {
    path: Type.String({ description: 'JSON Pointer-like path to the offending value' }),
    message: Type.String(),
  },
  { additionalProperties: false },
);
export type Problem = Static<typeof Problem>;

/** The spec's error shape: `{error: {code, message, request_id}}`, plus `problems` when a body was invalid. */
export const ErrorResponse = Type.Object(
  {
    error: Type.Object(
      {
        code: Type.Union(ERROR_CODES.map((c) => Type.Literal(c))),
        message: Type.String(),
        request_id: Type.String(),
        problems: Type.Optional(Type.Array(Problem)),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false, title: 'ErrorResponse' },
);
export type ErrorResponse = Static<typeof ErrorResponse>;
