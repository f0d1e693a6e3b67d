import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { parse } from 'yaml';

/** `release` of a suite or test job (helm-unittest's names). */
export interface ReleaseOptions {
  readonly name?: string;
  readonly namespace?: string;
  readonly upgrade?: boolean;
}

export interface CapabilityOptions {
  readonly majorVersion?: number;
  readonly minorVersion?: number;
  readonly apiVersions?: readonly string[];
}

export interface ChartOptions {
  readonly version?: string;
  readonly appVersion?: string;
}

export interface DocumentSelector {
  readonly path: string;
  readonly value: unknown;
  readonly matchMany?: boolean;
}

/** Where an assertion looks: the templates, and optionally one document or a selector. */
export interface Scope {
  readonly templates?: readonly string[];
  readonly documentIndex?: number;
  readonly documentSelector?: DocumentSelector;
}

export interface Assertion extends Scope {
  readonly type: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly not: boolean;
}

export interface TestJob extends Scope {
  readonly it: string;
  readonly values: readonly string[];
  readonly set: Readonly<Record<string, unknown>>;
  readonly release?: ReleaseOptions;
  readonly capabilities?: CapabilityOptions;
  readonly chart?: ChartOptions;
  readonly asserts: readonly Assertion[];
}

export interface Suite {
  readonly file: string;
  readonly name: string;
  readonly templates: readonly string[];
  readonly values: readonly string[];
  readonly set: Readonly<Record<string, unknown>>;
  readonly release?: ReleaseOptions;
  readonly capabilities?: CapabilityOptions;
  readonly chart?: ChartOptions;
  readonly tests: readonly TestJob[];
}

export class SuiteError extends Error {
  override readonly name = 'SuiteError';
}

type Raw = Record<string, unknown>;
const SCOPE_KEYS = ['template', 'templates', 'documentIndex', 'documentSelector'];

const asRecord = (value: unknown, where: string): Raw => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SuiteError(`${where} must be a mapping`);
  }
  return value as Raw;
};

const strings = (value: unknown, where: string): string[] => {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new SuiteError(`${where} must be a list of strings`);
  }
  return value;
};

const scope = (raw: Raw, where: string): Scope => {
  const templates = [
    ...(typeof raw['template'] === 'string' ? [raw['template']] : []),
    ...strings(raw['templates'], `${where}.templates`),
  ];
  const index = raw['documentIndex'];
  if (index !== undefined && !Number.isInteger(index)) {
    throw new SuiteError(`${where}.documentIndex must be an integer`);
  }
  const selector =
    raw['documentSelector'] === undefined
      ? undefined
      : asRecord(raw['documentSelector'], `${where}.documentSelector`);
  if (selector && typeof selector['path'] !== 'string') {
    throw new SuiteError(`${where}.documentSelector.path must be a string`);
  }
  return {
    ...(templates.length > 0 ? { templates } : {}),
    ...(index !== undefined ? { documentIndex: index as number } : {}),
    ...(selector
      ? {
          documentSelector: {
            path: selector['path'] as string,
            value: selector['value'],
            matchMany: selector['matchMany'] === true,
          },
        }
      : {}),
  };
};

const assertion = (raw: unknown, where: string): Assertion => {
  const record = asRecord(raw, where);
  const types = Object.keys(record).filter((k) => k !== 'not' && !SCOPE_KEYS.includes(k));
  if (types.length !== 1 || !types[0]) {
    throw new SuiteError(
      `${where} must have exactly one assertion type, found ${types.join(', ')}`,
    );
  }
  const params = record[types[0]] ?? {};
  return {
    type: types[0],
    params: asRecord(params, `${where}.${types[0]}`),
    not: record['not'] === true,
    ...scope(record, where),
  };
};

/** Reads a helm-unittest suite file; values paths become absolute (they are relative to the suite). */
export const loadSuite = (file: string): Suite => {
  const raw = asRecord(parse(readFileSync(file, 'utf8'), { merge: true }), file);
  const here = dirname(file);
  const valuesFiles = (value: unknown, where: string) =>
    strings(value, where).map((v) => resolve(here, v));
  if (!Array.isArray(raw['tests']) || raw['tests'].length === 0) {
    throw new SuiteError(`${file}: tests must be a non-empty list`);
  }
  const tests = raw['tests'].map((t: unknown, i: number): TestJob => {
    const where = `${file}: tests[${i}]`;
    const job = asRecord(t, where);
    if (typeof job['it'] !== 'string') throw new SuiteError(`${where}.it must be a string`);
    if (!Array.isArray(job['asserts']) || job['asserts'].length === 0) {
      throw new SuiteError(`${where}.asserts must be a non-empty list`);
    }
    return {
      it: job['it'],
      values: valuesFiles(job['values'], `${where}.values`),
      set: job['set'] === undefined ? {} : asRecord(job['set'], `${where}.set`),
      release: job['release'] as ReleaseOptions | undefined,
      capabilities: job['capabilities'] as CapabilityOptions | undefined,
      chart: job['chart'] as ChartOptions | undefined,
      asserts: job['asserts'].map((a: unknown, j: number) =>
        assertion(a, `${where}.asserts[${j}]`),
      ),
      ...scope(job, where),
    };
  });
  return {
    file,
    name: typeof raw['suite'] === 'string' ? raw['suite'] : file,
    templates: strings(raw['templates'], `${file}: templates`),
    values: valuesFiles(raw['values'], `${file}: values`),
    set: raw['set'] === undefined ? {} : asRecord(raw['set'], `${file}: set`),
    release: raw['release'] as ReleaseOptions | undefined,
    capabilities: raw['capabilities'] as CapabilityOptions | undefined,
    chart: raw['chart'] as ChartOptions | undefined,
    tests,
  };
};
