import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable } from '../../engine/codemod.js';
import { stringValue } from '../common/calls.js';
import { unwrap } from '../common/request-input.js';

type Data = { kind: 'option' } | { kind: 'env' };

const OPTIONS = new Set(['rejectUnauthorized', 'strictSSL']);
const ENV = 'NODE_TLS_REJECT_UNAUTHORIZED';

const keyName = (pair: SgNode): string => {
  const key = pair.field('key');
  return key?.kind() === 'string' ? key.text().slice(1, -1) : (key?.text() ?? '');
};

const isFalse = (node: SgNode | null): boolean => {
  const n = node && unwrap(node);
  return n?.kind() === 'false' || n?.text() === '0';
};

/** The call or `new` an options object is passed to (for scanners that report the call). */
const ownerCall = (node: SgNode): SgNode | null => {
  for (let p = node.parent(); p; p = p.parent()) {
    if (p.kind() === 'call_expression' || p.kind() === 'new_expression') return p;
    if (/statement|declaration/.test(String(p.kind()))) return null;
  }
  return null;
};

const FUNCTION =
  /^(function_declaration|function_expression|arrow_function|method_definition|generator_function_declaration)$/;

/**
 * The condition of the nearest `if`, `?:` or `&&`/`||` inside the same function under which a
 * statement runs, or null when it runs whenever the function does.
 */
const guardOf = (node: SgNode): SgNode | null => {
  for (let child = node, p = node.parent(); p; child = p, p = p.parent()) {
    const kind = String(p.kind());
    if (FUNCTION.test(kind) || kind === 'program') return null;
    if (kind === 'if_statement' && p.field('condition')?.id() !== child.id())
      return p.field('condition');
    if (kind === 'ternary_expression' && p.field('condition')?.id() !== child.id())
      return p.field('condition');
    if (kind === 'binary_expression' && /^(&&|\|\||\?\?)$/.test(p.field('operator')?.text() ?? ''))
      return p.field('left')?.id() === child.id() ? null : p.field('left');
  }
  return null;
};

const oneLine = (node: SgNode): string => {
  const text = node.text().replace(/\s+/g, ' ');
  const bare = /^\((.*)\)$/.exec(text)?.[1] ?? text;
  return bare.length > 80 ? `${bare.slice(0, 77)}...` : bare;
};

/** `process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'` (dot or bracket access). */
const disablesEnv = (assignment: SgNode): boolean => {
  const left = assignment.field('left');
  const value = assignment.field('right');
  if (!left || !value) return false;
  const text = left
    .text()
    .replace(/\s+/g, '')
    .replace(/\[['"`](\w+)['"`]\]/g, '.$1');
  const v = stringValue(value) ?? unwrap(value).text();
  return text === `process.env.${ENV}` && v === '0';
};

/** `remediate:js/tls-verification`: certificate verification switched off → on. */
export const jsTlsVerification = defineCodemod<Data>({
  id: 'remediate:js/tls-verification',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    codeql: ['js/disabling-certificate-validation'],
    semgrep: [
      'problem-based-packs.insecure-transport.js-node.bypass-tls-verification.bypass-tls-verification',
      'rules_lgpl_javascript_crypto_rule-node-tls-reject',
    ],
    eslint: ['sonarjs/unverified-certificate'],
    njsscan: ['node_tls_reject'],
    sonarqube: ['javascript:S4830', 'typescript:S4830'],
  },
  cwe: [295],
  owasp: ['A07:2021', 'A02:2021'],
  title: 'Verify TLS certificates',
  description:
    'Turns certificate verification back on: `rejectUnauthorized: false` (https, tls, agents, ' +
    'axios `httpsAgent`) and `strictSSL: false` become `true`, as does an assignment ' +
    '`options.rejectUnauthorized = false`, and a statement setting ' +
    "`process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'` is removed. An assignment that switches " +
    'verification off only under a condition (`if (self.strictSSL === false)`: an opt-out a ' +
    'library offers its callers) is declined with the reason.',
  rationale: {
    problem:
      'With verification off, any certificate is accepted, so anyone on the network path can ' +
      'impersonate the server and read or change the traffic (including credentials).',
    change:
      'The option is set to `true` (the default of Node.js and of the request libraries), or ' +
      'the process-wide environment override is removed.',
    safety:
      'Connections to servers with valid certificates behave exactly as before. A server with a ' +
      'self-signed or private-CA certificate now fails the handshake: pass its CA with the `ca` ' +
      'option (or `NODE_EXTRA_CA_CERTS`) instead of turning verification off.',
  },
  references: [
    {
      title: 'CWE-295: Improper Certificate Validation',
      url: 'https://cwe.mitre.org/data/definitions/295.html',
    },
    {
      title: 'Node.js tls.connect options (rejectUnauthorized, ca)',
      url: 'https://nodejs.org/api/tls.html#tlsconnectoptions-callback',
    },
  ],
  detect: (file) => [
    ...file.root
      .findAll({ rule: { kind: 'pair' } })
      .filter((pair) => OPTIONS.has(keyName(pair)) && isFalse(pair.field('value')))
      .map((pair) => {
        const call = ownerCall(pair);
        return {
          node: pair.field('value')!,
          anchors: call ? [pair, call] : [pair],
          data: { kind: 'option' as const },
        };
      }),
    ...file.root.findAll({ rule: { kind: 'assignment_expression' } }).flatMap((assignment) => {
      const left = assignment.field('left');
      const value = assignment.field('right');
      if (left?.kind() !== 'member_expression' || !isFalse(value)) return [];
      if (!OPTIONS.has(left.field('property')?.text() ?? '')) return [];
      const condition = guardOf(assignment);
      return [
        {
          node: value!,
          anchors: [assignment],
          data: { kind: 'option' as const },
          ...(condition
            ? {
                decline: `verification is switched off only under \`${oneLine(condition)}\`, an opt-out chosen at run time (an option of the code\u2019s callers, such as \`strictSSL: false\`, or of its environment); switching it on always would remove that choice, which a person decides`,
              }
            : {}),
        },
      ];
    }),
    ...file.root
      .findAll({ rule: { kind: 'assignment_expression' } })
      .filter(disablesEnv)
      .map((assignment) => ({
        node:
          assignment.parent()?.kind() === 'expression_statement'
            ? assignment.parent()!
            : assignment,
        anchors: [assignment],
        data: { kind: 'env' as const },
      })),
  ],
  fix: ({ node, data }, editor, ctx) => {
    if (data?.kind === 'option') {
      ctx.note('A server with a private CA now needs its certificate passed with the `ca` option.');
      return editor.replace(node, 'true');
    }
    const parent = node.parent();
    if (
      node.kind() !== 'expression_statement' ||
      !['program', 'statement_block'].includes(String(parent?.kind()))
    ) {
      return notApplicable('unsafe_to_change', 'the override is not a statement of its own');
    }
    const { lines } = editor.file;
    const { start, end } = node.range();
    const from = lines.lineStart(start.line);
    const alone =
      editor.text.slice(from, start.index).trim() === '' &&
      editor.text.slice(end.index, lines.lineEnd(end.line)).trim() === '';
    if (!alone) return editor.replace(node, '');
    const next =
      end.line + 1 < lines.lineCount ? lines.lineStart(end.line + 1) : lines.lineEnd(end.line);
    editor.replace({ start: from, end: next }, '');
    ctx.note(
      'Certificates are verified again for the whole process; pass a private CA with `NODE_EXTRA_CA_CERTS`.',
    );
  },
});
