import { isDeepStrictEqual } from 'node:util';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Values compare as YAML does: 1 and 1.0 are equal, key order does not matter. */
export const deepEqual = (a: unknown, b: unknown): boolean => isDeepStrictEqual(a, b);

/**
 * `subset` is contained in `value`: every key of a subset object is present with a contained
 * value; anything else must be equal.
 */
export const isSubsetOf = (value: unknown, subset: unknown): boolean => {
  if (isRecord(subset)) {
    return (
      isRecord(value) &&
      Object.entries(subset).every(
        ([key, sub]) => Object.hasOwn(value, key) && isSubsetOf(value[key], sub),
      )
    );
  }
  return deepEqual(value, subset);
};

/** Null or empty as helm-unittest's isNullOrEmpty understands it. */
export const isNullOrEmpty = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  value === '' ||
  value === 0 ||
  (Array.isArray(value) && value.length === 0) ||
  (isRecord(value) && Object.keys(value).length === 0);

/** Go RE2 patterns as JavaScript: a leading `(?i)`/`(?s)`/`(?m)` becomes a flag. */
export const toRegExp = (pattern: string): RegExp => {
  const flags = /^\(\?([ims]+)\)/.exec(pattern);
  return flags ? new RegExp(pattern.slice(flags[0].length), flags[1]) : new RegExp(pattern);
};

export const show = (value: unknown): string => JSON.stringify(value);
