import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable } from '../../engine/codemod.js';
import { calleeName } from '../common/calls.js';
import { ensureValueHelper } from '../common/helper.js';
import { unwrap } from '../common/request-input.js';
import type { Site } from '../../types.js';

type Data = { keys: SgNode[] };

const HELPER = 'isPrototypeKey';
const GUARDS = /__proto__|isPrototypeKey|hasOwn|hasOwnProperty|prototype/;

const FUNCTIONS = /function|arrow_function|method_definition/;
const ASSIGNMENTS = new Set(['assignment_expression', 'augmented_assignment_expression']);
/** Operators whose result is always a number (`+` may concatenate, so it is not one of them). */
const NUMERIC_OPERATORS = new Set(['-', '*', '/', '%', '**', '|', '&', '^', '<<', '>>', '>>>']);

const operatorOf = (node: SgNode): string | undefined =>
  node
    .children()
    .find((c) => !c.isNamed())
    ?.text();

/** The `for (let i = 0; ...; i++)` statement that declares `name` as its counter, if any. */
const counterLoop = (id: SgNode): boolean => {
  const name = id.text();
  for (let p = id.parent(); p; p = p.parent()) {
    if (p.kind() === 'for_statement') {
      const init = p.field('initializer');
      const declarator = init
        ?.findAll({ rule: { kind: 'variable_declarator' } })
        .find((d) => d.field('name')?.text() === name);
      const value = declarator?.field('value');
      if (value && numeric(value)) return true;
    }
    if (FUNCTIONS.test(String(p.kind()))) return false;
  }
  return false;
};

/**
 * True when `key` is a number by construction: a literal, arithmetic, `i++`, a `.length`, or the
 * counter of an enclosing counting `for` loop. Such a key cannot be `__proto__`.
 */
function numeric(key: SgNode): boolean {
  const k = unwrap(key);
  const kind = String(k.kind());
  if (kind === 'number' || kind === 'update_expression') return true;
  if (kind === 'unary_expression') return ['-', '+', '~'].includes(operatorOf(k) ?? '');
  if (kind === 'binary_expression') {
    const operator = operatorOf(k) ?? '';
    if (NUMERIC_OPERATORS.has(operator)) return true;
    return operator === '+' && numeric(k.field('left')!) && numeric(k.field('right')!);
  }
  if (kind === 'member_expression') return k.field('property')?.text() === 'length';
  if (kind === 'identifier') return counterLoop(k);
  return false;
}

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

/** The assignment (or `x[k]++`) whose target chain holds `subscript`, if it is written to. */
const writeOf = (subscript: SgNode): SgNode | null => {
  let n = subscript;
  for (let p = n.parent(); p; n = p, p = p.parent()) {
    const kind = String(p.kind());
    if (kind === 'parenthesized_expression' || kind === 'non_null_expression') continue;
    if (kind === 'subscript_expression' && p.field('object')?.id() === n.id()) continue;
    if (ASSIGNMENTS.has(kind) && p.field('left')?.id() === n.id()) return p;
    if (kind === 'update_expression') return p;
    return null;
  }
  return null;
};

const deleted = (subscript: SgNode): boolean => {
  const parent = subscript.parent();
  return parent?.kind() === 'unary_expression' && operatorOf(parent) === 'delete';
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
    'A write `target[key] = value` (also `??=`, `+=`, `[k1][k2]`) through a dynamic key is ' +
    'guarded: it runs only when no key is `__proto__`, `constructor` or `prototype`. Policy: ' +
    'every such write triage routes is guarded, whatever the key is named or where it comes ' +
    'from (the guard keeps every other key\u2019s behaviour). Declined with the reason: reads, ' +
    'calls and deletes through a dynamic key (they write nothing to a prototype), writes whose ' +
    'keys are numbers by construction (arithmetic, a counting loop\u2019s index, a length), and ' +
    'writes inside a larger expression (a chained assignment, a condition).',
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
  detect: (file) => {
    const sites: Site<Data>[] = [];
    const writes = new Set<number>();
    for (const subscript of file.root.findAll({ rule: { kind: 'subscript_expression' } })) {
      const index = unwrap(subscript.field('index')!);
      if (['string', 'number'].includes(String(index.kind()))) continue;
      const write = writeOf(subscript);
      if (!write) {
        sites.push({
          node: subscript,
          decline: deleted(subscript)
            ? 'a delete through a dynamic key removes an own property: it cannot change a prototype'
            : 'a read or call through a dynamic key writes nothing, so it cannot pollute a prototype; which keys it may read is the program\u2019s decision',
        });
        continue;
      }
      if (writes.has(write.id())) continue;
      writes.add(write.id());
      const left =
        write.kind() === 'update_expression' ? write.namedChildren()[0]! : write.field('left')!;
      const keys = dynamicKeys(left);
      const subscripts = left.findAll({ rule: { kind: 'subscript_expression' } });
      const statement = write.parent();
      const anchors = [write, left, ...subscripts];
      if (keys.length === 0 || keys.every(numeric)) {
        sites.push({
          node: write,
          anchors,
          decline:
            'every dynamic key of the write is a number (arithmetic, a counter or a length), which cannot be __proto__, constructor or prototype',
        });
        continue;
      }
      if (statement?.kind() !== 'expression_statement') {
        sites.push({
          node: write,
          anchors,
          decline:
            'the write is part of a larger expression (a chained assignment, a condition or a return), which a guard cannot wrap without changing its value',
        });
        continue;
      }
      if (guarded(statement)) continue;
      sites.push({ node: statement, anchors, data: { keys: keys.filter((k) => !numeric(k)) } });
    }
    return sites;
  },
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
