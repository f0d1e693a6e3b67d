import { describe, expect, it } from 'vitest';
import { CODEMODS } from '../src/index.js';
import { loadFixtures } from './fixture-loader.js';

/**
 * Declined fixtures of Go codemods whose reason must name the form: the generic harness only
 * checks `unsafe_to_change`, which any refusal would satisfy.
 */
const EXPECTED: Record<string, Record<string, RegExp>> = {
  'remediate:go/sql-placeholders': {
    'named-query-compiled':
      /the query q is what e\.Rebind\(\) returns, not text built from string pieces in this function/,
    'schema-file': /string\(contents\), the bytes os\.ReadFile\(\) returns.*no values to bind/,
    'order-by-column': /names part of the statement/,
  },
  'remediate:go/shell-command': {
    'program-passed-in':
      /the program is the value arg \(a parameter: its callers choose it\): there is no constant program/,
    'constant-program-args': /no shell runs here: the program is the constant "git"/,
    pipeline: /uses shell syntax/,
  },
  'remediate:go/zip-slip': {
    'zip-index': /the joined path names no file: it is only a key of idx\.dirs/,
    'walk-no-error': /does not return an error/,
  },
};

describe.each(Object.entries(EXPECTED))('%s declines', (id, cases) => {
  const codemod = CODEMODS.find((c) => c.id === id)!;
  const fixtures = loadFixtures(codemod);
  it.each(Object.entries(cases))('%s: with its reason', (name, reason) => {
    const fixture = fixtures.find((f) => f.name === name);
    expect(fixture, `fixture ${name}`).toBeDefined();
    const result = codemod.transform(fixture!.input);
    expect(result).toMatchObject({ kind: 'not_applicable', reason: 'unsafe_to_change' });
    expect(result.kind === 'not_applicable' && result.detail).toMatch(reason);
  });
});
