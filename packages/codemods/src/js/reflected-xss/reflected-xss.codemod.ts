import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { quoted } from '../../text/style.js';
import { argsOf, calleeName } from '../common/calls.js';
import { ensureValueHelper } from '../common/helper.js';
import { unwrap } from '../common/request-input.js';
import { inputPieces } from '../common/wrap-input.js';

type Data = { pieces: SgNode[] };

const HELPER = 'escapeHtml';
const ESCAPED = /escape|sanitize|purify|encode/i;
const SINKS = new Set(['send', 'write', 'end']);

/** `res.send(...)`, `res.status(400).send(...)`, `res.write(...)`, `response.end(...)`. */
const isResponseWrite = (call: SgNode): boolean => {
  const callee = call.field('function');
  if (callee?.kind() !== 'member_expression' || !SINKS.has(calleeName(call) ?? '')) return false;
  let receiver = unwrap(callee.field('object')!);
  while (
    receiver.kind() === 'call_expression' &&
    receiver.field('function')?.kind() === 'member_expression'
  ) {
    receiver = unwrap(receiver.field('function')!.field('object')!);
  }
  return /^(res|response)$/.test(receiver.text());
};

/** `remediate:js/reflected-xss`: request values written into a response → HTML-escaped. */
export const jsReflectedXss = defineCodemod<Data>({
  id: 'remediate:js/reflected-xss',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    codeql: ['js/reflected-xss'],
    semgrep: [
      'javascript.express.security.audit.xss.direct-response-write.direct-response-write',
      'javascript.express.security.injection.raw-html-format.raw-html-format',
      'rules_lgpl_javascript_xss_rule-express-xss',
    ],
    njsscan: ['express_xss'],
    snyk: ['javascript/XSS'],
    sonarqube: ['javascript:S5131', 'jssecurity:S5131', 'typescript:S5131', 'tssecurity:S5131'],
  },
  cwe: [79],
  owasp: ['A03:2021'],
  title: 'Escape request values written into HTML responses',
  description:
    'In `res.send(...)`/`res.write(...)`/`res.end(...)` of a string built from a template ' +
    'literal or concatenation (or of a request value itself), each request-derived value is ' +
    'wrapped in an `escapeHtml` helper; the literal markup around it is unchanged.',
  rationale: {
    problem:
      'A request value copied into an HTML response is parsed by the browser as markup, so ' +
      '`?q=<script>...</script>` runs script on the site\u2019s origin (reflected XSS).',
    change:
      'Each request value passes through a small `escapeHtml` helper, added once to the file, ' +
      'which replaces `& < > " \'` with character references.',
    safety:
      'Text without those five characters is sent unchanged; with them, the browser shows them ' +
      'as typed instead of interpreting them. Values that are not from the request are not ' +
      'touched.',
  },
  references: [
    {
      title: 'CWE-79: Cross-site Scripting',
      url: 'https://cwe.mitre.org/data/definitions/79.html',
    },
    {
      title: 'OWASP Cross Site Scripting Prevention Cheat Sheet',
      url: 'https://cheatsheetseries.owasp.org/cheatsheets/Cross_Site_Scripting_Prevention_Cheat_Sheet.html',
    },
  ],
  detect: (file) =>
    file.root
      .findAll({ rule: { kind: 'call_expression' } })
      .filter(isResponseWrite)
      .flatMap((call) => {
        const value = argsOf(call)[0];
        if (!value || unwrap(value).kind() === 'object') return [];
        const pieces = inputPieces(value, HELPER, ESCAPED);
        return pieces.length > 0 ? [{ node: call, anchors: [value], data: { pieces } }] : [];
      }),
  fix: ({ data }, editor) => {
    if (!data) return;
    const q = (s: string) => quoted(editor.file.style, s);
    const helper = ensureValueHelper(
      editor,
      HELPER,
      'The text with HTML-special characters replaced by character references.',
      [
        `return String(value).replace(/[&<>"']/g, (c) => ${q('&#')} + c.charCodeAt(0) + ${q(';')});`,
      ],
    );
    if (typeof helper !== 'string') return helper;
    for (const piece of data.pieces) editor.replace(piece, `${helper}(${piece.text()})`);
  },
});
