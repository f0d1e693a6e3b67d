import type { ErrorObject } from 'ajv';
import type { Problem } from '../problem.js';

/** A violation in words, without its path. */
export const describeError = (e: ErrorObject): string => {
  switch (e.keyword) {
    case 'required':
      return `\`${(e.params as { missingProperty: string }).missingProperty}\` is required`;
    case 'additionalProperties':
      return 'is not a SARIF 2.1.0 property';
    case 'enum':
      return `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues
        .map((v) => JSON.stringify(v))
        .join(', ')}`;
    case 'format':
      return `is not a valid ${(e.params as { format: string }).format}`;
    default:
      return e.message ?? 'is invalid';
  }
};

/** A violation as a rejection problem: a missing or unknown property at its own path. */
export const toProblem = (e: ErrorObject): Problem => {
  switch (e.keyword) {
    case 'required':
      return {
        path: `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}`,
        message: 'is required',
      };
    case 'additionalProperties':
      return {
        path: `${e.instancePath}/${(e.params as { additionalProperty: string }).additionalProperty}`,
        message: 'is not a SARIF 2.1.0 property',
      };
    default:
      return { path: e.instancePath === '' ? '/' : e.instancePath, message: describeError(e) };
  }
};
