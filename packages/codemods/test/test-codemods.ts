import { defineCodemod, ensureDependency, type CodemodSpec } from '../src/index.js';

type Fix = CodemodSpec['fix'];

/** A throwaway codemod on `Math.random()` whose fix is given, for testing the engine. */
export const mathRandomCodemod = (name: string, fix: Fix) =>
  defineCodemod({
    id: `remediate:js/test-${name}`,
    languages: ['javascript'],
    rules: { eslint: ['test'] },
    cwe: [338],
    title: name,
    description: name,
    rationale: { problem: '', change: '', safety: '' },
    references: [],
    detect: (file) => file.root.findAll('Math.random()').map((node) => ({ node })),
    fix,
  });

export const goodFix = mathRandomCodemod('good', ({ node }, editor) =>
  editor.replace(node, 'rnd()'),
);
export const brokenSyntax = mathRandomCodemod('broken', ({ node }, editor) =>
  editor.replace(node, 'rnd('),
);
export const patternKept = mathRandomCodemod('kept', ({ node }, editor) =>
  editor.replace(node, `(${node.text()})`),
);
export const farEdit = mathRandomCodemod('far', ({ node }, editor) => {
  editor.replace(node, 'rnd()');
  editor.insert(0, '// touched\n');
});
export const withDependency = mathRandomCodemod('dependency', ({ node }, editor, ctx) => {
  ensureDependency(ctx, { ecosystem: 'npm', name: 'random-js', range: '^2.1.0' });
  editor.replace(node, 'rnd()');
});
