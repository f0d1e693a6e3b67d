import type { Static, TSchema } from '@sinclair/typebox';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Problem } from './errors.js';

// ajv-formats ships CommonJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

const ajv = new Ajv({
  allErrors: true,
  strict: false,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
});
addFormats(ajv);

/** An ajv instance that coerces strings (query strings, environment variables). */
const coercingAjv = new Ajv({
  allErrors: true,
  strict: false,
  coerceTypes: true,
  useDefaults: true,
});
addFormats(coercingAjv);

const cache = new WeakMap<TSchema, ValidateFunction>();
const coercingCache = new WeakMap<TSchema, ValidateFunction>();

export type Validation<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

const toProblem = (e: ErrorObject): Problem => {
  const base = e.instancePath === '' ? '/' : e.instancePath;
  if (e.keyword === 'additionalProperties') {
    const extra = (e.params as { additionalProperty: string }).additionalProperty;
    return { path: `${e.instancePath}/${extra}`, message: 'unknown field' };
  }
  if (e.keyword === 'required') {
    const missing = (e.params as { missingProperty: string }).missingProperty;
    return { path: `${e.instancePath}/${missing}`, message: 'is required' };
  }
  return { path: base, message: e.message ?? 'is invalid' };
};

/** Turns ajv errors into `{path, message}` problems, dropping ajv's union noise. */
export const toProblems = (
  errors: readonly ErrorObject[] | null | undefined,
  max = 50,
): Problem[] => {
  const seen = new Set<string>();
  const out: Problem[] = [];
  for (const e of errors ?? []) {
    const p = toProblem(e);
    const key = `${p.path}\u0000${p.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
    if (out.length >= max) break;
  }
  return out;
};

const compile = (schema: TSchema, coerce: boolean): ValidateFunction => {
  const store = coerce ? coercingCache : cache;
  let fn = store.get(schema);
  if (!fn) {
    fn = (coerce ? coercingAjv : ajv).compile(schema);
    store.set(schema, fn);
  }
  return fn;
};

/** Validates `value` against a TypeBox schema; never mutates it. */
export const validate = <S extends TSchema>(schema: S, value: unknown): Validation<Static<S>> => {
  const fn = compile(schema, false);
  return fn(value)
    ? { ok: true, value: value as Static<S> }
    : { ok: false, problems: toProblems(fn.errors) };
};

/**
 * Validates a copy of string-valued input (query strings, environment), coercing types
 * and applying schema defaults.
 */
export const validateCoerced = <S extends TSchema>(
  schema: S,
  value: Record<string, unknown>,
): Validation<Static<S>> => {
  const copy: Record<string, unknown> = { ...value };
  const fn = compile(schema, true);
  return fn(copy) ? { ok: true, value: copy } : { ok: false, problems: toProblems(fn.errors) };
};
