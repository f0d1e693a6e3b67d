import { describe, expect, it } from 'vitest';
import {
  defineCodemod,
  diffStaysLocal,
  evaluate,
  type CodemodInput,
  type Edited,
} from '../src/index.js';

/**
 * A throwaway Java codemod that edits two statements: the declaration of `s` and the call on
 * it, as a JDBC `Statement` → `PreparedStatement` fix must. `scope` widens the fix's bounds.
 */
const twoStatements = (withScope: boolean) =>
  defineCodemod({
    id: `remediate:java/test-scope-${withScope}`,
    languages: ['java'],
    rules: { codeql: ['test'] },
    cwe: [89],
    title: 'two statements',
    description: 'two statements',
    rationale: { problem: '', change: '', safety: '' },
    references: [],
    detect: (file) =>
      file.root
        .findAll({ rule: { kind: 'method_invocation', regex: '^s\\.run\\(x\\)$' } })
        .map((call) => {
          const declaration = file.root.find({ rule: { pattern: 'Old s = $$$;' } })!;
          return {
            node: call,
            data: declaration,
            ...(withScope ? { scope: call.parent()!.parent()! } : {}),
          };
        }),
    fix: ({ node, data }, editor) => {
      editor.replace(data as never, 'New s = make();');
      editor.replace(node, 's.run()');
    },
  });

const SOURCE = [
  'class A {',
  '    void m(String x) {',
  '        Old s = old();',
  '        log();',
  '        s.run(x);',
  '    }',
  '}',
  '',
].join('\n');

const input: CodemodInput = {
  path: 'A.java',
  source: SOURCE,
  finding: { ruleId: 'test', tool: 'CodeQL', location: { startLine: 5, startColumn: 9 } },
};

const run = (withScope: boolean): { result: Edited; codemod: ReturnType<typeof twoStatements> } => {
  const codemod = twoStatements(withScope);
  const result = codemod.transform(input);
  if (result.kind !== 'edited') throw new Error(result.detail);
  return { result, codemod };
};

describe('site scope', () => {
  it('when a site declares a scope, then edits anywhere inside it are local and the site spans it', () => {
    const { result, codemod } = run(true);
    expect(result.site).toMatchObject({ startLine: 2, endLine: 6 });
    expect(evaluate(codemod, input, result)).toMatchObject({ ok: true, diffLocal: true });
  });

  it('when a site has no scope, then an edit to another statement is not local', () => {
    const { result, codemod } = run(false);
    expect(result.site).toMatchObject({ startLine: 5, endLine: 5 });
    expect(evaluate(codemod, input, result).failures).toContainEqual({
      check: 'diff_local',
      path: 'A.java',
      outside: [{ startLine: 3, endLine: 3 }],
    });
  });
});

describe('insertion locality', () => {
  const before = 'a();\nb();\nc();\nd();\n';

  it('when lines are inserted right after an allowed statement, then the diff is local', () => {
    const after = 'a();\nb();\nb2();\nc();\nd();\n';
    expect(diffStaysLocal(before, after, [{ startLine: 2, endLine: 2 }]).ok).toBe(true);
  });

  it('when lines are inserted right before an allowed statement, then the diff is local', () => {
    const after = 'a();\nb();\nc0();\nc();\nd();\n';
    expect(diffStaysLocal(before, after, [{ startLine: 3, endLine: 3 }]).ok).toBe(true);
  });

  it('when lines are inserted away from the allowed statement, then the diff is not local', () => {
    const after = 'a();\nb();\nc();\nd();\ne();\n';
    expect(diffStaysLocal(before, after, [{ startLine: 2, endLine: 2 }])).toEqual({
      ok: false,
      outside: [{ startLine: 5, endLine: 5 }],
    });
  });
});
