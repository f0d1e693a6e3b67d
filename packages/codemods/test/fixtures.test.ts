import { applyPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import {
  CODEMODS,
  evaluate,
  languageOf,
  normalizePath,
  parsesWithoutErrors,
  unifiedDiff,
  type Edited,
} from '../src/index.js';
import { loadFixtures } from './fixture-loader.js';

/**
 * The generic fixture harness: every case of every codemod is transformed and compared byte
 * for byte, then evaluated exactly as the fixer will (parses, pattern gone, idempotent, local).
 */
describe.each(CODEMODS.map((c) => [c.id, c] as const))('%s', (_id, codemod) => {
  const cases = loadFixtures(codemod);

  it('when its fixtures are listed, then it has cases to fix and cases to leave alone', () => {
    expect(cases.filter((c) => c.expect.kind === 'edited').length).toBeGreaterThan(0);
    expect(cases.filter((c) => c.expect.kind === 'not_applicable').length).toBeGreaterThan(0);
  });

  it.each(cases.map((c) => [`${c.name}: when ${c.when}`, c] as const))('%s', (_name, fixture) => {
    const result = codemod.transform(fixture.input);
    if (fixture.expect.kind === 'not_applicable') {
      expect(result).toMatchObject({ kind: 'not_applicable', reason: fixture.expect.reason });
      return;
    }
    if (result.kind !== 'edited')
      throw new Error(`not applicable: ${result.reason}: ${result.detail}`);
    const edited: Edited = result;
    const own = edited.files.find(
      (f) => normalizePath(f.path) === normalizePath(fixture.input.path),
    );
    expect(own?.after).toBe(fixture.expect.after);
    for (const [path, after] of Object.entries(fixture.expect.files)) {
      expect(edited.files.find((f) => f.path === path)?.after).toBe(after);
    }
    for (const file of edited.files) {
      const language = languageOf(file.path);
      if (language) expect(parsesWithoutErrors(language, file.after)).toBe(true);
    }
    const evaluation = evaluate(codemod, fixture.input, edited);
    expect(evaluation.failures).toEqual([]);
    expect(evaluation).toMatchObject({
      parses: true,
      patternGone: true,
      idempotent: true,
      diffLocal: true,
    });
    // A fix that changes observable behaviour must say so, and only such a fix.
    expect(typeof evaluation.behaviourChange === 'string').toBe(fixture.expect.behaviourChange);
    const diff = unifiedDiff(edited.files);
    for (const file of edited.files) {
      const one = unifiedDiff([file]);
      expect(diff).toContain(one);
      expect(applyPatch(file.before, one)).toBe(file.after);
    }
  });
});
