import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import { ensureJavaHelper } from '../../imports/helpers.js';
import { findingSpan } from '../shared/finding-span.js';
import { staticHelperHost } from '../shared/scope.js';
import { HELPER, logSites, type LogData } from './log-sites.js';

const HELPER_CODE = [
  `private static String ${HELPER}(Object value) {`,
  '\treturn value == null ? null : value.toString().replace("\\r", "\\\\r").replace("\\n", "\\\\n");',
  '}',
].join('\n');

const inside = (node: SgNode, outer: SgNode): boolean =>
  node !== outer &&
  outer.range().start.index <= node.range().start.index &&
  node.range().end.index <= outer.range().end.index;

/** `remediate:java/log-injection`: CR and LF in logged values are escaped through a helper. */
export const javaLogInjection = defineCodemod<LogData>({
  id: 'remediate:java/log-injection',
  languages: ['java'],
  rules: {
    codeql: ['java/log-injection'],
    semgrep: ['java.lang.security.audit.crlf-injection-logs.crlf-injection-logs'],
    spotbugs: ['CRLF_INJECTION_LOGS'],
    sonarqube: ['javasecurity:S5145'],
  },
  cwe: [117, 93],
  owasp: ['A09:2021'],
  title: 'Escape line breaks in logged values',
  description:
    'In a logger call (SLF4J, Log4j, commons-logging, java.util.logging), wraps each text ' +
    'argument that is not a constant (a String variable, request value or concatenation) in ' +
    '`escapeLineBreaks(...)`, a private helper added once to the class that writes CR and LF ' +
    'as the two characters `\\r` and `\\n`. Placeholder objects (a key, a connection, a getter\u2019s ' +
    'result) are wrapped too, as their `toString()` is logged. Loggers are recognized by their declared ' +
    'type, a `LogFactory.getLog(...)` / `LoggerFactory.getLogger(...)` call, or the class\u2019s ' +
    '`log()` / `getLog()` accessor. Exceptions, numbers, class names and constants are left as they are.',
  rationale: {
    problem:
      'A value that ends up in a log line unescaped can contain CR/LF: an attacker who controls ' +
      'it starts a new line and forges log entries (a fake successful login, a cleared alert), ' +
      'misleading whoever or whatever reads the logs.',
    change:
      'The value passes through `escapeLineBreaks`, which replaces carriage return and line feed ' +
      'with their visible escapes, so one call always writes one line.',
    safety:
      'Values without line breaks are logged exactly as before, `null` stays `null`, and ' +
      'placeholders (`{}`), levels, markers and the exception argument keep their meaning (the ' +
      "helper's `String` result goes where the value went). Only the characters CR and LF change, " +
      'and they remain readable. Pattern-only scanners (the Semgrep rule) may keep reporting the ' +
      'call because they do not recognize the helper as a sanitizer; CodeQL does (a `replace` of ' +
      'line breaks).',
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
  detect: logSites,
  fix: ({ node, data }, editor, ctx) => {
    if (!data) return;
    const span = findingSpan(editor, ctx);
    const narrow =
      span && (span.start > node.range().start.index || span.end < node.range().end.index);
    const pointed = narrow
      ? data.wrappable.filter(
          (a) => a.range().start.index < span.end && span.start < a.range().end.index,
        )
      : [];
    const all = [...data.candidates, ...pointed];
    const wrap = all.filter(
      (n, i) =>
        all.findIndex(
          (m) => m.range().start.index === n.range().start.index && m.text() === n.text(),
        ) === i && !all.some((outer) => inside(n, outer)),
    );
    const host = staticHelperHost(node);
    const helper = host && ensureJavaHelper(editor, host, { name: HELPER, code: HELPER_CODE });
    if (!helper)
      return notApplicable('unsafe_to_change', `no class can hold ${HELPER}, or the name is taken`);
    for (const n of wrap) editor.replace(n, `${helper}(${n.text()})`);
  },
});
