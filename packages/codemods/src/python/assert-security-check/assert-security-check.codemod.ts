import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { isSecretName, wordsOf } from '../shared/context.js';
import type { Site } from '../../types.js';

interface Data {
  condition: SgNode;
  message: SgNode | null;
  /** True when the condition names no access check. */
  invariant: boolean;
}

const TEST_PATH = /(^|\/)(tests?|testing)\/|(^|\/)(test_[^/]*|[^/]*_test|conftest)\.py$/;
/** Words of an access-control check: `user.is_admin`, `has_perm(...)`, `request.user == owner`. */
const ACCESS_WORDS = new Set([
  'admin',
  'administrator',
  'superuser',
  'staff',
  'permission',
  'permissions',
  'perm',
  'perms',
  'role',
  'roles',
  'owner',
  'owns',
  'authorized',
  'authorised',
  'authenticated',
  'allowed',
  'logged',
  'login',
  'access',
  'acl',
  'scope',
  'scopes',
  'privilege',
  'privileges',
  'can',
]);
// Conditions `not` would bind into the wrong way without parentheses.
const LOOSE = new Set([
  'boolean_operator',
  'conditional_expression',
  'lambda',
  'named_expression',
  'not_operator',
]);

/** True when an identifier or string in the condition names an access check. */
const guardsAccess = (condition: SgNode): boolean =>
  condition
    .findAll({ rule: { any: [{ kind: 'identifier' }, { kind: 'string_content' }] } })
    .some((n) => isSecretName(n.text()) || wordsOf(n.text()).some((w) => ACCESS_WORDS.has(w)));

const INVERSE: Record<string, string> = {
  '==': '!=',
  '!=': '==',
  in: 'not in',
  'not in': 'in',
  is: 'is not',
  'is not': 'is',
};

/** `not condition`, written the way a person would: `a != b`, `x not in y`, `(a and b)`. */
const negation = (condition: SgNode): string => {
  const kind = String(condition.kind());
  if (kind === 'not_operator') return condition.field('argument')!.text();
  if (kind === 'comparison_operator') {
    const operators = condition.children().filter((c) => !c.isNamed());
    const operator = operators.map((o) => o.text()).join(' ');
    const operands = condition.namedChildren();
    if (operators.length > 0 && operands.length === 2 && INVERSE[operator.replace(/\s+/g, ' ')]) {
      return `${operands[0]!.text()} ${INVERSE[operator.replace(/\s+/g, ' ')]} ${operands[1]!.text()}`;
    }
    return `not (${condition.text()})`;
  }
  return LOOSE.has(kind) ? `not (${condition.text()})` : `not ${condition.text()}`;
};

/**
 * `assert` statements outside tests. Triage has judged the finding; an assert whose condition
 * does not name an access check (an invariant) is still rewritten, but it then starts running
 * under `-O`, which is flagged.
 */
const securityAsserts = (file: SourceFile): Site<Data>[] => {
  const inTests = TEST_PATH.test(file.path.replace(/\\/g, '/'));
  return file.root
    .findAll({ rule: { kind: 'assert_statement' } })
    .flatMap((statement): Site<Data>[] => {
      const [condition, message] = statement.namedChildren().filter((c) => c.kind() !== 'comment');
      if (!condition) return [];
      if (inTests) {
        return [
          {
            node: statement,
            decline:
              'an assert in test code is how the test reports (pytest rewrites it to show values), and tests do not run under python -O',
          },
        ];
      }
      const invariant = !guardsAccess(condition);
      return [{ node: statement, data: { condition, message: message ?? null, invariant } }];
    });
};

/** `remediate:python/assert-security-check`: `assert user.is_admin` → an `if`/`raise` that `-O` keeps. */
export const pythonAssertSecurityCheck = defineCodemod<Data>({
  id: 'remediate:python/assert-security-check',
  languages: ['python'],
  rules: { bandit: ['B101'] },
  cwe: [703, 617],
  owasp: ['A04:2021'],
  title: 'Access checks that survive python -O instead of assert',
  description:
    'Rewrites an `assert` outside test code, typically one that checks authentication or ' +
    'authorization (`user.is_admin`, `has_perm(...)`, `token == expected`, ...), into ' +
    '`if not (condition): raise AssertionError(message)`. Policy: every assert triage routes ' +
    'outside tests is rewritten (behaviour-preserving without `-O`); one whose condition names ' +
    'no access check (an invariant, a type or a shape) is marked `behaviour_change`, since ' +
    'under `-O` it now runs and may raise. Asserts in tests are left alone (pytest rewrites ' +
    'them to report values): declined with that reason.',
  rationale: {
    problem:
      'Python drops `assert` statements when run with `-O` or `PYTHONOPTIMIZE` (common in ' +
      'container images), so an access check written as an assert silently disappears and ' +
      'everyone passes it.',
    change: 'The check is an explicit `if`/`raise`, which runs whatever the interpreter flags.',
    safety:
      'Without `-O` the behaviour is identical: the same condition, evaluated once, raising the ' +
      'same `AssertionError` with the same message. With `-O` the check now runs, which is the ' +
      'point.',
  },
  references: [
    {
      title: 'CWE-617: Reachable Assertion',
      url: 'https://cwe.mitre.org/data/definitions/617.html',
    },
    {
      title: 'Python: the assert statement',
      url: 'https://docs.python.org/3/reference/simple_stmts.html#the-assert-statement',
    },
    {
      title: 'Bandit B101: assert_used',
      url: 'https://bandit.readthedocs.io/en/latest/plugins/b101_assert_used.html',
    },
  ],
  detect: securityAsserts,
  fix: ({ node, data }, editor, ctx) => {
    if (!data) return;
    const { lines, style, text } = editor.file;
    const line = node.range().start.line;
    const indent = lines.indentOf(line);
    const rest = text.slice(node.range().end.index, lines.lineEnd(node.range().end.line));
    if (indent.length !== node.range().start.column || !/^\s*(#.*)?$/.test(rest)) {
      return notApplicable('unsafe_to_change', 'the assert shares its line with other code');
    }
    const test = negation(data.condition);
    const raise = data.message
      ? `raise AssertionError(${data.message.text()})`
      : 'raise AssertionError';
    if (data.invariant) {
      ctx.behaviourChange(
        'the assert checks no access but an invariant: under python -O (PYTHONOPTIMIZE) it now runs and raises where it was stripped',
      );
    }
    editor.replace(node, `if ${test}:\n${indent}${style.indent}${raise}`);
  },
});
