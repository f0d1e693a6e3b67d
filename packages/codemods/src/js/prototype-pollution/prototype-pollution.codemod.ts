import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable } from '../../engine/codemod.js';
import { calleeName } from '../common/calls.js';
import { ensureValueHelper } from '../common/helper.js';
import { fromRequest, unwrap } from '../common/request-input.js';

type Data = { keys: SgNode[] };

const HELPER = 'isPrototypeKey';
const INDEX_NAMES = /^(i|j|n|idx|index|pos|position|row|col|offset)$/;
const GUARDS = /__proto__|isPrototypeKey|hasOwn|hasOwnProperty|prototype/;

const FUNCTIONS = /function|arrow_function|method_definition/;

/** True when `key` is a loop key over an object's own keys or a parameter of the function. */
const keyFromObject = (key: SgNode): boolean => {
  if (key.kind() !== 'identifier' || INDEX_NAMES.test(key.text())) return false;
  const name = key.text();
  for (let p = key.parent(); p; p = p.parent()) {
    const kind = String(p.kind());
    if (kind === 'for_in_statement') {
      const left = p.field('left');
      const right = p.field('right');
      const operator = p
        .children()
        .find((c) => c.text() === 'in' || c.text() === 'of')
        ?.text();
      const binds = left?.findAll({ rule: { kind: 'identifier' } }).some((i) => i.text() === name);
      if (binds && operator === 'in') return true;
      if (binds && operator === 'of' && /^Object\.(keys|entries)\(/.test(right?.text() ?? ''))
        return true;
    }
    if (FUNCTIONS.test(kind)) {
      const params = p.field('parameters') ?? p.field('parameter');
      if (params?.findAll({ rule: { kind: 'identifier' } }).some((i) => i.text() === name))
        return true;
      if (kind !== 'arrow_function' || p.parent()?.kind() !== 'arguments') return false;
      // A callback: `Object.keys(src).forEach((key) => ...)` counts through its parameter above.
    }
  }
  return false;
};

const guarded = (statement: SgNode): boolean => {
  for (let p = statement.parent(); p; p = p.parent()) {
    if (p.kind() === 'if_statement' && GUARDS.test(p.field('condition')?.text() ?? '')) return true;
    if (FUNCTIONS.test(String(p.kind()))) break;
  }
  return false;
};

/** The dynamic keys of `a[k1][k2] = v`, outermost last. */
const dynamicKeys = (left: SgNode): SgNode[] => {
  const keys: SgNode[] = [];
  for (let n = unwrap(left); n.kind() === 'subscript_expression'; n = unwrap(n.field('object')!)) {
    const index = unwrap(n.field('index')!);
    if (!['string', 'number'].includes(String(index.kind()))) keys.unshift(index);
  }
  return keys;
};

/** `remediate:js/prototype-pollution`: `obj[key] = v` with an outside key → guarded. */
export const jsPrototypePollution = defineCodemod<Data>({
  id: 'remediate:js/prototype-pollution',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    codeql: ['js/prototype-polluting-assignment', 'js/prototype-pollution-utility'],
    semgrep: [
      'javascript.lang.security.audit.prototype-pollution.prototype-pollution-assignment.prototype-pollution-assignment',
      'javascript.lang.security.audit.prototype-pollution.prototype-pollution-loop.prototype-pollution-loop',
    ],
    eslint: ['security/detect-object-injection'],
    snyk: ['javascript/PrototypePollution'],
  },
  cwe: [1321, 915],
  owasp: ['A08:2021'],
  title: 'Guard dynamic property writes against prototype pollution',
  description:
    'An assignment `target[key] = value` whose key comes from a request, from a loop over ' +
    'another object\u2019s keys, or from a parameter (merge and set-path utilities) is guarded: ' +
    'it runs only when the key is not `__proto__`, `constructor` or `prototype`.',
  rationale: {
    problem:
      'Writing `target["__proto__"][x] = v` (or through `constructor.prototype`) changes ' +
      '`Object.prototype` for the whole process: every object then has the property, which ' +
      'attackers use to bypass checks, crash the service or reach code execution.',
    change:
      'The assignment statement is wrapped in `if (!isPrototypeKey(key))`, with a small ' +
      'helper added once to the file; every dynamic key of the assignment is checked.',
    safety:
      'Only the three prototype keys are skipped; every other key is written exactly as before. ' +
      'Objects never legitimately store data under those keys.',
  },
  references: [
    {
      title: 'CWE-1321: Prototype Pollution',
      url: 'https://cwe.mitre.org/data/definitions/1321.html',
    },
    {
      title: 'OWASP Prototype Pollution Prevention Cheat Sheet',
      url: 'https://cheatsheetseries.owasp.org/cheatsheets/Prototype_Pollution_Prevention_Cheat_Sheet.html',
    },
  ],
  detect: (file) =>
    file.root.findAll({ rule: { kind: 'assignment_expression' } }).flatMap((assignment) => {
      const left = assignment.field('left');
      const statement = assignment.parent();
      if (left?.kind() !== 'subscript_expression' || statement?.kind() !== 'expression_statement')
        return [];
      const keys = dynamicKeys(left);
      const outside = keys.some((k) => fromRequest(k) || keyFromObject(k));
      if (!outside || guarded(statement)) return [];
      const subscripts = left.findAll({ rule: { kind: 'subscript_expression' } });
      return [{ node: statement, anchors: [assignment, left, ...subscripts], data: { keys } }];
    }),
  fix: ({ node, data }, editor) => {
    if (!data) return;
    const parent = node.parent();
    if (parent?.kind() === 'if_statement' || parent?.kind() === 'else_clause') {
      return notApplicable(
        'unsafe_to_change',
        'the assignment is the body of an if without braces',
      );
    }
    if (data.keys.some((k) => k.kind() === 'call_expression' && calleeName(k) !== 'String')) {
      return notApplicable('unsafe_to_change', 'a key is computed by a call that would run twice');
    }
    const helper = ensureValueHelper(
      editor,
      HELPER,
      'True for the keys that reach an object\u2019s prototype when assigned to.',
      ["return value === '__proto__' || value === 'constructor' || value === 'prototype';"].map(
        (l) => (editor.file.style.quote === '"' ? l.replace(/'/g, '"') : l),
      ),
      'boolean',
    );
    if (typeof helper !== 'string') return helper;
    const condition = data.keys.map((k) => `!${helper}(${k.text()})`).join(' && ');
    editor.replace(node, `if (${condition}) ${node.text()}`);
  },
});
