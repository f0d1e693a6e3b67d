import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable } from '../../engine/codemod.js';
import { argsOf, calleeName, stringValue } from '../common/calls.js';
import { bindingValue, unwrap } from '../common/request-input.js';

type Data = { method: 'alloc' | 'from' | null };

const ENCODINGS = /^(utf-?8|hex|base64|base64url|ascii|latin1|binary|ucs-?2|utf-?16le)$/i;

/** What a value is, as far as the text shows: a number, bytes/text, or unknown. */
const kindOf = (node: SgNode, depth = 0): 'number' | 'data' | null => {
  const n = unwrap(node);
  const kind = String(n.kind());
  if (kind === 'number' || kind === 'unary_expression') return 'number';
  if (['string', 'template_string', 'array', 'object'].includes(kind)) return 'data';
  if (kind === 'binary_expression') {
    const op = n.field('operator')?.text();
    if (op === '+') {
      const l = kindOf(n.field('left')!, depth + 1);
      const r = kindOf(n.field('right')!, depth + 1);
      return l === 'data' || r === 'data'
        ? 'data'
        : l === 'number' && r === 'number'
          ? 'number'
          : null;
    }
    return ['-', '*', '/', '%', '<<', '>>', '>>>', '|', '&'].includes(op ?? '') ? 'number' : null;
  }
  if (kind === 'member_expression' && n.field('property')?.text() === 'length') return 'number';
  if (kind === 'call_expression') {
    const name = calleeName(n) ?? '';
    if (['Number', 'parseInt', 'parseFloat', 'ceil', 'floor', 'max', 'min', 'round'].includes(name))
      return 'number';
    if (
      [
        'toString',
        'stringify',
        'String',
        'join',
        'slice',
        'substring',
        'trim',
        'padStart',
        'padEnd',
        'encode',
      ].includes(name)
    )
      return 'data';
    return null;
  }
  if (kind === 'identifier' && depth < 3) {
    const value = bindingValue(n, n.text());
    return value ? kindOf(value, depth + 1) : null;
  }
  return null;
};

/** `remediate:js/new-buffer`: deprecated `new Buffer(x)` → `Buffer.alloc` / `Buffer.from`. */
export const jsNewBuffer = defineCodemod<Data>({
  id: 'remediate:js/new-buffer',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    eslint: ['security/detect-new-buffer', 'n/no-deprecated-api', 'node/no-deprecated-api'],
  },
  cwe: [665, 908],
  owasp: ['A06:2021'],
  title: 'Buffer.alloc / Buffer.from instead of new Buffer',
  description:
    'The deprecated `new Buffer(x)` (and `Buffer(x)`) becomes `Buffer.alloc(n)` when `x` is ' +
    'a size and `Buffer.from(x, ...)` when it is a string, an array or bytes (with its encoding ' +
    'kept). When the file does not show which one `x` is, the call is left for a person.',
  rationale: {
    problem:
      '`new Buffer(x)` does two different things depending on the type of `x`: a number ' +
      'allocates memory (uninitialized before Node.js 8), anything else copies data. Input that ' +
      'is a number where a string was expected allocates attacker-sized or stale memory.',
    change:
      'The call names the intended operation explicitly: `Buffer.alloc(size)` (zero-filled) or ' +
      '`Buffer.from(data, encoding)`.',
    safety:
      'For the argument types the file shows, both produce the same bytes as the old ' +
      'constructor; untyped arguments are refused rather than guessed.',
  },
  references: [
    {
      title: 'Node.js: Buffer() is deprecated (DEP0005)',
      url: 'https://nodejs.org/api/deprecations.html#DEP0005',
    },
    {
      title: 'Porting to the Buffer.from/Buffer.alloc API',
      url: 'https://nodejs.org/en/learn/modules/how-to-use-buffers',
    },
  ],
  detect: (file) =>
    file.root
      .findAll({ rule: { any: [{ kind: 'new_expression' }, { kind: 'call_expression' }] } })
      .filter((n) => {
        const callee = n.field(n.kind() === 'new_expression' ? 'constructor' : 'function');
        return (
          callee?.kind() === 'identifier' && calleeName(n) === 'Buffer' && argsOf(n).length > 0
        );
      })
      .map((n) => {
        const [first, second] = argsOf(n);
        const encoding = stringValue(second);
        const kind = encoding !== null && ENCODINGS.test(encoding) ? 'data' : kindOf(first!);
        return {
          node: n,
          data: { method: kind === 'number' ? 'alloc' : kind === 'data' ? 'from' : null },
        };
      }),
  fix: ({ node, data }, editor) => {
    if (!data?.method) {
      return notApplicable(
        'unsafe_to_change',
        'the file does not show whether the argument is a size or data',
      );
    }
    const args = node.field('arguments')!;
    if (data.method === 'alloc' && argsOf(node).length > 1) {
      return notApplicable(
        'unsafe_to_change',
        'a size with more arguments is not a plain allocation',
      );
    }
    editor.replace(node, `Buffer.${data.method}${args.text()}`);
  },
});
