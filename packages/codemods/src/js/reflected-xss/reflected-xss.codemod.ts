import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { quoted } from '../../text/style.js';
import { argsOf, calleeName, stringValue } from '../common/calls.js';
import { ensureValueHelper } from '../common/helper.js';
import { fromRequest, isRequestInput, unwrap } from '../common/request-input.js';
import { stringParts } from '../common/string-parts.js';
import type { Site } from '../../types.js';
import { inputPieces } from '../common/wrap-input.js';

type Data = { pieces: SgNode[] };

const HELPER = 'escapeHtml';
const ESCAPED = /escape|sanitize|purify|encode/i;
const SINKS = new Set(['send', 'write', 'end']);
/** Request properties that hold parsed objects (not strings such as `req.url`). */
const PARSED_PARTS = new Set(['body', 'query', 'params', 'headers', 'cookies', 'signedCookies']);

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

/** A method call named like a response write: `x.send(...)`, `x.write(...)`, `x.end(...)`. */
const isWriteCall = (call: SgNode): boolean =>
  call.field('function')?.kind() === 'member_expression' && SINKS.has(calleeName(call) ?? '');

/** `req.body`, `req.query`, `request.params`: a whole parsed part of the request. */
const isWholeRequestPart = (value: SgNode): boolean => {
  const v = unwrap(value);
  if (!isRequestInput(v) || v.kind() !== 'member_expression') return false;
  return (
    unwrap(v.field('object')!).kind() === 'identifier' &&
    PARSED_PARTS.has(v.field('property')?.text() ?? '')
  );
};

/**
 * Why a write reported as reflected XSS is left as it is, or null: an object sent (answered as
 * JSON), a whole parsed request part echoed (an object for JSON and form bodies), or a value in
 * which no request input appears at this call.
 */
const declineReason = (call: SgNode, value: SgNode): string | null => {
  const v = unwrap(value);
  if (v.kind() === 'object') {
    return calleeName(call) === 'send'
      ? 'an object is sent: `send` answers it as JSON (`application/json`), which a browser does not parse as HTML'
      : null;
  }
  if (isWholeRequestPart(v)) {
    return `the whole parsed \`${v.text()}\` is sent back: it is an object for JSON, form and query input (answered as JSON) and text only with a text parser; escaping it as HTML would turn an object into the text "[object Object]", so a person decides`;
  }
  if (stringValue(v) !== null || fromRequest(v)) return null;
  if (stringParts(value).some((p) => p.kind === 'expr' && fromRequest(p.node))) return null;
  return `no request value is written at this call: \`${oneLine(v)}\` is built elsewhere, and whether it needs escaping is decided there`;
};

const oneLine = (node: SgNode): string => {
  const text = node.text().replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
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
    'wrapped in an `escapeHtml` helper; the literal markup around it is unchanged. Declined ' +
    'with the reason: an object sent with `send` (answered as JSON), a whole parsed `req.body` ' +
    'or `req.query` echoed (escaping would turn the object into text), and a write in which no ' +
    'request value appears (a value built elsewhere, such as raw HTTP header text).',
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
      .filter(isWriteCall)
      .flatMap((call): Site<Data>[] => {
        const value = argsOf(call)[0];
        if (!value) return [];
        const decline = declineReason(call, value);
        if (decline) return [{ node: call, anchors: [value], decline }];
        if (!isResponseWrite(call) || unwrap(value).kind() === 'object') return [];
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
