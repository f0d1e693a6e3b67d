import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CODEMODS } from '../src/index.js';
import { loadFixtures } from './fixture-loader.js';

/** gofmt's output for a text (gofmt reads standard input when given no file). */
const gofmt = (text: string): string => {
  const run = spawnSync('gofmt', [], { input: text, encoding: 'utf8' });
  if (run.error) throw run.error;
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout;
};

const GO = CODEMODS.filter((c) => c.languages.includes('go'));

/**
 * Go fixes must leave gofmt nothing to do: the real gofmt (the Go toolchain's) formats every
 * fixture's input and every Go file a fix produces, and both must come back unchanged.
 */
describe.each(GO.map((c) => [c.id, c] as const))('%s fixtures are gofmt-clean', (_id, codemod) => {
  const cases = loadFixtures(codemod);
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, fixture) => {
    expect(gofmt(fixture.input.source)).toBe(fixture.input.source);
    if (fixture.expect.kind === 'edited')
      expect(gofmt(fixture.expect.after)).toBe(fixture.expect.after);
  });
});

describe('the Go codemods', () => {
  it('when registered, then at least 12 bind gosec rule ids and every one binds gosec or Semgrep ids', () => {
    expect(GO.filter((c) => (c.rules.gosec ?? []).length > 0).length).toBeGreaterThanOrEqual(12);
    for (const c of GO)
      expect([...(c.rules.gosec ?? []), ...(c.rules.semgrep ?? [])].length).toBeGreaterThan(0);
  });
});
