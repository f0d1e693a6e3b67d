import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable } from '../../engine/codemod.js';
import { argsOf, calleeName, stringValue } from '../common/calls.js';
import { unwrap } from '../common/request-input.js';
import { stringParts } from '../common/string-parts.js';
import type { Site } from '../../types.js';

type Data = { text: SgNode | null; why?: string };

const TIMERS = /^((window|globalThis|global|self)\.)?(setTimeout|setInterval|setImmediate)$/;
/** Argument kinds that build a string (the timer would evaluate it). */
const STRINGISH = new Set(['template_string', 'binary_expression', 'string']);

const DATA_NAME = /json|body|payload|data|config|settings|response|state|snapshot|record|row/i;

/**
 * The JSON text an evaluation reads, when it is data: `eval('(' + x + ')')`,
 * `new Function('return ' + x)()`, or `eval(x)` of a request value or a JSON-named variable.
 */
const jsonText = (source: SgNode, wrapped: 'eval' | 'function'): SgNode | null => {
  const parts = stringParts(source);
  const texts = parts
    .filter((p) => p.kind === 'text')
    .map((p) => (p.kind === 'text' ? p.text : ''));
  const exprs = parts.filter((p) => p.kind === 'expr');
  if (exprs.length !== 1) return null;
  const expr = unwrap((exprs[0] as { node: SgNode }).node);
  const literal = texts.join('').replace(/\s+/g, '');
  const fits =
    wrapped === 'eval'
      ? literal === '' || literal === '()'
      : literal === 'return' || literal === 'return()' || literal === 'return();';
  if (!fits) return null;
  // A bare `eval(x)` is JSON data only when the value says so (its name), not merely because it
  // comes from a request: `eval(req.query.expression)` evaluates code.
  if (wrapped === 'eval' && literal === '' && !DATA_NAME.test(expr.text())) return null;
  return expr;
};

/** True when the result of the evaluation is used as a value (not a statement for its effects). */
const usedAsValue = (call: SgNode): boolean => call.parent()?.kind() !== 'expression_statement';

/** `remediate:js/eval-json`: `eval` / `new Function` of JSON text → `JSON.parse`. */
export const jsEvalJson = defineCodemod<Data>({
  id: 'remediate:js/eval-json',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    codeql: ['js/code-injection'],
    semgrep: [
      'javascript.lang.security.detect-eval-with-expression.detect-eval-with-expression',
      'javascript.browser.security.eval-detected.eval-detected',
      'javascript.browser.security.new-function-detected.new-function-detected',
      'javascript_eval_rule-eval-with-expression',
      'rules_lgpl_javascript_eval_rule-eval-nodejs',
    ],
    eslint: ['security/detect-eval-with-expression', 'sonarjs/code-eval', 'no-eval', 'no-new-func'],
    njsscan: ['eval_nodejs'],
    sonarqube: [
      'javascript:S1523',
      'typescript:S1523',
      'javascript:S5334',
      'jssecurity:S5334',
      'typescript:S5334',
      'tssecurity:S5334',
    ],
  },
  cwe: [95, 94],
  owasp: ['A03:2021'],
  title: 'JSON.parse instead of eval for JSON data',
  description:
    "`eval('(' + text + ')')`, `eval(text)` of request data or a JSON-named value, and " +
    "`new Function('return ' + text)()` become `JSON.parse(text)` when the result is used as a " +
    'value. Evaluations of code (statements, expressions that are not data) are left for a person. ' +
    'Declined with the reason: timers given a function value (`setTimeout(fn, 0)`, which ' +
    'evaluates no text) and timers given a string of code.',
  rationale: {
    problem:
      'Evaluating text runs it as JavaScript with the full rights of the process: data crafted ' +
      'as `process.mainModule.require("child_process")...` executes commands.',
    change: 'The text is parsed with `JSON.parse`, which only ever produces data.',
    safety:
      'Valid JSON gives the same value as before. Text that is JavaScript but not JSON (single ' +
      'quotes, functions, comments) now throws a `SyntaxError` instead of running. One ' +
      'difference to check: `JSON.parse` keeps a `"__proto__"` key as an own property, so a ' +
      'merge of the result into another object must guard that key (see ' +
      '`remediate:js/prototype-pollution`).',
  },
  references: [
    {
      title: 'CWE-95: Eval Injection',
      url: 'https://cwe.mitre.org/data/definitions/95.html',
    },
    {
      title: 'MDN: Never use eval()!',
      url: 'https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/eval#never_use_direct_eval!',
    },
  ],
  detect: (file) => [
    ...file.root
      .findAll({ rule: { kind: 'call_expression' } })
      .filter((c) => c.field('function')?.text() === 'eval')
      .flatMap((call) => {
        const source = argsOf(call)[0];
        if (!source || stringValue(source) !== null) return [];
        return [
          { node: call, data: { text: usedAsValue(call) ? jsonText(source, 'eval') : null } },
        ];
      }),
    ...file.root
      .findAll({ rule: { any: [{ kind: 'new_expression' }, { kind: 'call_expression' }] } })
      .filter(
        (n) =>
          calleeName(n) === 'Function' &&
          unwrap(n.field(n.kind() === 'new_expression' ? 'constructor' : 'function')!).kind() ===
            'identifier',
      )
      .flatMap((fn) => {
        const args = argsOf(fn);
        const body = args[args.length - 1];
        if (!body || stringValue(body) !== null) return [];
        const outer = fn.parent()?.kind() === 'call_expression' ? fn.parent()! : null;
        const invoked =
          outer && argsOf(outer).length === 0 && args.length === 1 && usedAsValue(outer);
        return [
          {
            node: outer ?? fn,
            anchors: [fn],
            data: invoked
              ? { text: jsonText(body, 'function') }
              : { text: null, why: 'the function is kept and called later' },
          },
        ];
      }),
    // Timers: Semgrep's eval-with-expression reports setTimeout(x, ...) with any non-literal x.
    ...file.root
      .findAll({ rule: { kind: 'call_expression' } })
      .filter((c) => TIMERS.test(c.field('function')?.text() ?? '') && argsOf(c).length > 0)
      .flatMap((call): Site<Data>[] => {
        const first = unwrap(argsOf(call)[0]!);
        if (stringValue(first) !== null) return [];
        return [
          {
            node: call,
            decline: STRINGISH.has(String(first.kind()))
              ? 'the timer runs a string of code: turning it into a function of the same code is left for a person'
              : 'the timer is given a function value, which runs no text as code',
          },
        ];
      }),
  ],
  fix: ({ node, data }, editor) => {
    if (!data?.text) {
      return notApplicable(
        'unsafe_to_change',
        data?.why ?? 'the evaluated text may be code, not JSON data',
      );
    }
    editor.replace(node, `JSON.parse(${data.text.text()})`);
  },
});
