import { readFileSync } from 'node:fs';
import type { ValidateFunction } from 'ajv';
import AjvDraft04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';

// Both ship CommonJS; under NodeNext their default export is the module object.
const AjvDraft04 = AjvDraft04Module as unknown as typeof AjvDraft04Module.default;
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** The vendored OASIS SARIF 2.1.0 errata01 schema (draft-04); see schema/README.md. */
const SCHEMA_URL = new URL('../schema/sarif-schema-2.1.0.json', import.meta.url);

let compiled: ValidateFunction | undefined;

/**
 * The errata01 schema compiled once per process (about 100 ms); later calls reuse it. It
 * reports every violation (`allErrors`); the policy applied to them is in `acceptance/`.
 */
export const schemaValidator = (): ValidateFunction => {
  if (compiled) return compiled;
  const ajv = new AjvDraft04({ allErrors: true, strict: false, validateSchema: false });
  addFormats(ajv);
  const schema = JSON.parse(readFileSync(SCHEMA_URL, 'utf8')) as object;
  compiled = ajv.compile(schema);
  return compiled;
};
