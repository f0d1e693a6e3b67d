import { readFileSync } from 'node:fs';
import type { ErrorObject, ValidateFunction } from 'ajv';
import AjvDraft04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import type { Problem } from './problem.js';

// Both ship CommonJS; under NodeNext their default export is the module object.
const AjvDraft04 = AjvDraft04Module as unknown as typeof AjvDraft04Module.default;
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** The vendored OASIS SARIF 2.1.0 errata01 schema (draft-04); see schema/README.md. */
const SCHEMA_URL = new URL('../schema/sarif-schema-2.1.0.json', import.meta.url);

export interface SchemaVerdict {
  /** Structural problems: the document is rejected when there is at least one. */
  problems: Problem[];
  /** Deviations accepted by policy, recorded on the scan. */
  warnings: string[];
}

const MAX_PROBLEMS = 50;
const MAX_WARNINGS = 50;
const URI_FORMATS = new Set(['uri', 'uri-reference']);
const NEWLINE_SEQUENCES = /^\/runs\/\d+\/newlineSequences$/;

let compiled: ValidateFunction | undefined;

/** Compiles the schema once per process (about 100 ms); later calls reuse it. */
export const schemaValidator = (): ValidateFunction => {
  if (compiled) return compiled;
  const ajv = new AjvDraft04({ allErrors: true, strict: false, validateSchema: false });
  addFormats(ajv);
  const schema = JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as object;
  compiled = ajv.compile(schema);
  return compiled;
};

/**
 * The acceptance policy (docs/decisions/0010): errata01 structure is enforced; two deviations
 * that mainstream tools emit are accepted with a warning: duplicate `newlineSequences` entries
 * and `format` failures on URI-valued properties (normalization then treats the affected
 * location as `invalid_uri` and drops a bad `helpUri`).
 */
const isBenign = (e: ErrorObject): boolean =>
  (e.keyword === 'format' && URI_FORMATS.has((e.params as { format: string }).format)) ||
  (e.keyword === 'uniqueItems' && NEWLINE_SEQUENCES.test(e.instancePath));

const describe = (e: ErrorObject): Problem => {
  const at = e.instancePath === '' ? '/' : e.instancePath;
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
    case 'enum':
      return {
        path: at,
        message: `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues
          .map((v) => JSON.stringify(v))
          .join(', ')}`,
      };
    default:
      return { path: at, message: e.message ?? 'is invalid' };
  }
};

const warningFor = (e: ErrorObject): string =>
  e.keyword === 'format'
    ? `${e.instancePath}: not a valid ${(e.params as { format: string }).format}; accepted, the value is not used as a location`
    : `${e.instancePath}: duplicate entries; accepted`;

/** Validates a parsed document against the schema and the spec's rules. */
export const checkSchema = (doc: unknown): SchemaVerdict => {
  const validate = schemaValidator();
  const problems: Problem[] = [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  if (!validate(doc)) {
    // Errors from failed anyOf/oneOf branches repeat the same path: keep one of each.
    for (const e of validate.errors ?? []) {
      if (isBenign(e)) {
        if (warnings.length < MAX_WARNINGS) warnings.push(warningFor(e));
        continue;
      }
      // A union keyword restates its branches' errors, which come first and are more precise.
      if (
        (e.keyword === 'anyOf' || e.keyword === 'oneOf') &&
        problems.some((p) => p.path.startsWith(e.instancePath))
      )
        continue;
      const p = describe(e);
      const key = `${p.path}\u0000${p.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (problems.length < MAX_PROBLEMS) problems.push(p);
    }
  }
  const runs = (doc as { runs?: unknown } | null)?.runs;
  if (Array.isArray(runs) && runs.length === 0) {
    problems.push({ path: '/runs', message: 'must hold at least one run' });
  }
  return { problems, warnings };
};
