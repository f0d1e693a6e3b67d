import { deepEqual, isNullOrEmpty, isSubsetOf, show, toRegExp } from './compare.js';
import { evaluatePath } from './path.js';

/** Outcome of one check before `not` is applied; `error` fails whatever `not` says. */
export type Outcome = { pass: boolean; message: string } | { error: string };

type Params = Readonly<Record<string, unknown>>;
type DocumentCheck = (document: unknown, params: Params) => Outcome;

const str = (params: Params, key: string): string => {
  const value = params[key];
  if (typeof value !== 'string') throw new Error(`parameter ${key} must be a string`);
  return value;
};

const decoded = (value: unknown, params: Params): unknown =>
  params['decodeBase64'] === true && typeof value === 'string'
    ? Buffer.from(value, 'base64').toString('utf8')
    : value;

/** Runs `check` on every value at `params.path`; a path that reaches nothing is an error. */
const atPath =
  (check: (value: unknown, params: Params, path: string) => Outcome): DocumentCheck =>
  (document, params) => {
    const path = str(params, 'path');
    const values = evaluatePath(document, path);
    if (values.length === 0) return { error: `path ${path} not found` };
    for (const value of values) {
      const outcome = check(decoded(value, params), params, path);
      if ('error' in outcome || !outcome.pass) return outcome;
    }
    return { pass: true, message: `${path} is ${show(values.length === 1 ? values[0] : values)}` };
  };

const listAt = (value: unknown, path: string, check: (list: unknown[]) => Outcome): Outcome =>
  Array.isArray(value) ? check(value) : { error: `${path} is not a list` };

const matches = (element: unknown, params: Params): boolean =>
  params['any'] === true
    ? isSubsetOf(element, params['content'])
    : deepEqual(element, params['content']);

/** helm-unittest's per-document assertions (the negative forms are handled by `not`). */
export const DOCUMENT_CHECKS: Readonly<Record<string, DocumentCheck>> = {
  equal: atPath((value, params, path) => ({
    pass: deepEqual(value, params['value']),
    message: `${path}: expected ${show(params['value'])}, got ${show(value)}`,
  })),
  matchRegex: atPath((value, params, path) =>
    typeof value === 'string'
      ? {
          pass: toRegExp(str(params, 'pattern')).test(value),
          message: `${path}: ${show(value)} against /${str(params, 'pattern')}/`,
        }
      : { error: `${path} is not a string: ${show(value)}` },
  ),
  contains: atPath((value, params, path) =>
    listAt(value, path, (list) => {
      const found = list.filter((element) => matches(element, params)).length;
      const count = params['count'];
      return {
        pass: typeof count === 'number' ? found === count : found > 0,
        message: `${path}: ${show(params['content'])} found ${found} time(s)${typeof count === 'number' ? `, expected ${count}` : ''} in ${show(list)}`,
      };
    }),
  ),
  isSubset: atPath((value, params, path) => ({
    pass: isSubsetOf(value, params['content']),
    message: `${path}: ${show(params['content'])} is a subset of ${show(value)}`,
  })),
  lengthEqual: (document, params) => {
    const paths =
      typeof params['path'] === 'string' ? [params['path']] : (params['paths'] as string[]);
    if (!Array.isArray(paths) || paths.length === 0)
      return { error: 'lengthEqual needs path or paths' };
    const lengths: number[] = [];
    for (const path of paths) {
      const [value, ...more] = evaluatePath(document, path);
      if (value === undefined || more.length > 0 || !Array.isArray(value)) {
        return { error: `${path} is not one list` };
      }
      lengths.push(value.length);
    }
    const count = params['count'];
    return {
      pass:
        typeof count === 'number' ? lengths.every((l) => l === count) : new Set(lengths).size === 1,
      message: `lengths of ${paths.join(', ')}: ${lengths.join(', ')}${typeof count === 'number' ? `, expected ${count}` : ''}`,
    };
  },
  exists: (document, params) => {
    const path = str(params, 'path');
    const values = evaluatePath(document, path);
    return {
      pass: values.length > 0,
      message: `${path} ${values.length > 0 ? 'exists' : 'does not exist'}`,
    };
  },
  isNull: (document, params) => {
    const path = str(params, 'path');
    const values = evaluatePath(document, path);
    return {
      pass: values.every((v) => v === null),
      message: `${path} is ${values.length === 0 ? 'absent' : show(values)}`,
    };
  },
  isNullOrEmpty: (document, params) => {
    const path = str(params, 'path');
    const values = evaluatePath(document, path);
    return { pass: values.every(isNullOrEmpty), message: `${path} is ${show(values)}` };
  },
  isKind: (document, params) => {
    const kind = (document as { kind?: unknown }).kind;
    return {
      pass: kind === params['of'],
      message: `kind: expected ${show(params['of'])}, got ${show(kind)}`,
    };
  },
  isAPIVersion: (document, params) => {
    const version = (document as { apiVersion?: unknown }).apiVersion;
    return {
      pass: version === params['of'],
      message: `apiVersion: expected ${show(params['of'])}, got ${show(version)}`,
    };
  },
};

/** Negative assertion types and the positive check they invert. */
export const ANTONYMS: Readonly<Record<string, string>> = {
  notEqual: 'equal',
  notMatchRegex: 'matchRegex',
  notContains: 'contains',
  isNotSubset: 'isSubset',
  notLengthEqual: 'lengthEqual',
  notExists: 'exists',
  isNotNull: 'isNull',
  isNotNullOrEmpty: 'isNullOrEmpty',
  isEmpty: 'isNullOrEmpty',
  isNotEmpty: 'isNullOrEmpty',
  notEqualRaw: 'equalRaw',
  notMatchRegexRaw: 'matchRegexRaw',
  notFailedTemplate: 'failedTemplate',
};

/** Whether an antonym inverts (isEmpty is a synonym, not an antonym). */
export const invertsCheck = (type: string): boolean => type in ANTONYMS && type !== 'isEmpty';

/** Checks on the NOTES.txt text. */
export const RAW_CHECKS: Readonly<Record<string, (raw: string, params: Params) => Outcome>> = {
  equalRaw: (raw, params) => ({
    pass: raw === params['value'],
    message: `NOTES: expected ${show(params['value'])}, got ${show(raw)}`,
  }),
  matchRegexRaw: (raw, params) => ({
    pass: toRegExp(str(params, 'pattern')).test(raw),
    message: `NOTES ${show(raw)} against /${str(params, 'pattern')}/`,
  }),
};

/** failedTemplate: the render failed with `errorMessage` (exact) or `errorPattern`. */
export const failedTemplate = (error: string | undefined, params: Params): Outcome => {
  if (error === undefined)
    return { pass: false, message: 'expected the render to fail, it succeeded' };
  if (typeof params['errorMessage'] === 'string') {
    return {
      pass: error === params['errorMessage'],
      message: `render error: expected ${show(params['errorMessage'])}, got ${show(error)}`,
    };
  }
  if (typeof params['errorPattern'] === 'string') {
    return {
      pass: toRegExp(params['errorPattern']).test(error),
      message: `render error ${show(error)} against /${params['errorPattern']}/`,
    };
  }
  return { pass: true, message: `the render failed: ${error}` };
};
