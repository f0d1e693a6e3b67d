import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { quoted } from '../../text/style.js';
import { argsOf, calleeName } from '../common/calls.js';
import { ensureValueHelper } from '../common/helper.js';
import { unwrap } from '../common/request-input.js';
import { inputPieces } from '../common/wrap-input.js';

type Data = { pieces: SgNode[] };

const HELPER = 'withoutLineBreaks';
const LEVELS = new Set(['log', 'info', 'warn', 'error', 'debug', 'trace', 'fatal', 'verbose']);
const LOGGERS = /^(console|logger|log|this\.logger|this\.log|req\.log|app\.log|fastify\.log)$/;
const CLEANED = /linebreak|newline|sanitize|escape|stringify|inspect/i;

/** A logging call: `console.log(...)`, `logger.info(...)`, `req.log.warn(...)`. */
const isLogCall = (call: SgNode): boolean => {
  const callee = call.field('function');
  if (callee?.kind() !== 'member_expression' || !LEVELS.has(calleeName(call) ?? '')) return false;
  return LOGGERS.test(unwrap(callee.field('object')!).text());
};

/** `remediate:js/log-injection`: request values in log lines → CR/LF removed. */
export const jsLogInjection = defineCodemod<Data>({
  id: 'remediate:js/log-injection',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    codeql: ['js/log-injection'],
    sonarqube: ['javascript:S5145', 'jssecurity:S5145', 'typescript:S5145', 'tssecurity:S5145'],
  },
  cwe: [117],
  owasp: ['A09:2021'],
  title: 'Strip line breaks from request values in log lines',
  description:
    'In `console.*` and logger calls (`logger.info`, `req.log.warn`, ...), request values ' +
    'written as text (a string argument, a template literal or a concatenation) go through a ' +
    '`withoutLineBreaks` helper that replaces CR, LF and the Unicode line separators with a ' +
    'space. Structured fields (`logger.info({ user })`) are already escaped by the logger and ' +
    'are left alone.',
  rationale: {
    problem:
      'A value containing a line break starts a new log line of the attacker\u2019s choosing: ' +
      'forged entries hide an attack or mislead whoever reads the logs.',
    change:
      'Each request value in the message passes through a small helper, added once to the ' +
      'file, that replaces `\\r`, `\\n`, U+2028 and U+2029 with a space.',
    safety:
      'Values without line breaks are logged unchanged; the log line keeps its wording and ' +
      'its other arguments.',
  },
  references: [
    {
      title: 'CWE-117: Improper Output Neutralization for Logs',
      url: 'https://cwe.mitre.org/data/definitions/117.html',
    },
    {
      title: 'OWASP Logging Cheat Sheet',
      url: 'https://cheatsheetseries.owasp.org/cheatsheets/Logging_Cheat_Sheet.html',
    },
  ],
  detect: (file) =>
    file.root
      .findAll({ rule: { kind: 'call_expression' } })
      .filter(isLogCall)
      .flatMap((call) => {
        const pieces = argsOf(call)
          .filter((a) => unwrap(a).kind() !== 'object')
          .flatMap((a) => inputPieces(a, HELPER, CLEANED));
        return pieces.length > 0 ? [{ node: call, anchors: pieces, data: { pieces } }] : [];
      }),
  fix: ({ data }, editor) => {
    if (!data) return;
    const helper = ensureValueHelper(
      editor,
      HELPER,
      'The text with line breaks replaced by spaces (one log entry per line).',
      [
        `return String(value).replace(/[\\r\\n\\u2028\\u2029]+/g, ${quoted(editor.file.style, ' ')});`,
      ],
    );
    if (typeof helper !== 'string') return helper;
    for (const piece of data.pieces) editor.replace(piece, `${helper}(${piece.text()})`);
  },
});
