import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { enclosingStatement, type SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import { notApplicable } from '../../engine/codemod.js';
import { quoted } from '../../text/style.js';
import { argsOf, calleeName } from '../common/calls.js';
import { ensureValueHelper } from '../common/helper.js';
import { fromRequest, unwrap } from '../common/request-input.js';
import { declaredSource } from '../common/declared-source.js';
import { isBuiltString, stringParts } from '../common/string-parts.js';

type Data = { parts: SgNode[] } | { refuse: string };

const HELPER = 'escapeRegExp';
/** Values already escaped (`escapeRegExp`, `_.escapeRegExp`, `quote`; not `unescape...`). */
const ESCAPED = /^(?!un)\w*(escape|quote)/i;
const PATTERN_NAME = /(pattern|regexp?|re|source|expr)$/i;

/** The expression pieces of a RegExp source that are data and need escaping. */
const dataParts = (source: SgNode): Data | null => {
  const parts = stringParts(source);
  const exprs = parts.flatMap((p) => (p.kind === 'expr' ? [unwrap(p.node)] : []));
  const unescaped = exprs.filter((e) => {
    if (e.kind() === 'number') return false;
    if (e.kind() === 'call_expression' && ESCAPED.test(calleeName(e) ?? '')) return false;
    return true;
  });
  if (unescaped.length === 0) return null;
  if (parts.length === 1) {
    return fromRequest(unescaped[0]!)
      ? { parts: unescaped }
      : {
          refuse:
            unescaped[0]!.kind() === 'call_expression'
              ? `the whole pattern is what \`${calleeName(unescaped[0]!) ?? 'a call'}(...)\` returns, which may build a regular expression on purpose`
              : 'the whole pattern comes from a variable that may be meant as a regular expression',
        };
  }
  const data = unescaped.filter((e) => !PATTERN_NAME.test(e.text()));
  if (data.length === 0)
    return { refuse: 'the interpolated values look like regular-expression fragments' };
  return { parts: data };
};

function detect(file: SourceFile): Site<Data>[] {
  return file.root
    .findAll({ rule: { any: [{ kind: 'new_expression' }, { kind: 'call_expression' }] } })
    .filter(
      (n) =>
        calleeName(n) === 'RegExp' &&
        unwrap(n.field(n.kind() === 'new_expression' ? 'constructor' : 'function')!).kind() ===
          'identifier',
    )
    .flatMap((n) => {
      const source = argsOf(n)[0];
      if (!source || ['string', 'regex'].includes(String(unwrap(source).kind()))) return [];
      // A pattern built in a `const` a few lines up is escaped where it is built.
      const declared = declaredSource(source, isBuiltString);
      const data = dataParts(declared?.value ?? source);
      if (!data) return [];
      return declared?.block
        ? [{ node: n, anchors: [source, declared.value], scope: declared.block, data }]
        : [{ node: n, anchors: [source], data }];
    });
}

/** `remediate:js/regex-injection`: values in `new RegExp(...)` → escaped with a helper. */
export const jsRegexInjection = defineCodemod<Data>({
  id: 'remediate:js/regex-injection',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    codeql: ['js/regex-injection'],
    semgrep: [
      'javascript.lang.security.audit.detect-non-literal-regexp.detect-non-literal-regexp',
      'javascript_dos_rule-non-literal-regexp',
      'rules_lgpl_javascript_dos_rule-regex-injection-dos',
    ],
    eslint: ['security/detect-non-literal-regexp'],
    njsscan: ['regex_injection_dos'],
    sonarqube: ['javascript:S2631', 'jssecurity:S2631', 'typescript:S2631', 'tssecurity:S2631'],
  },
  cwe: [730, 1333, 400],
  owasp: ['A03:2021'],
  title: 'Escape values built into regular expressions',
  description:
    'In `new RegExp(...)` sources built from literal pattern text and values (template literal or ' +
    'concatenation), or taken straight from a request, each value is wrapped in an ' +
    '`escapeRegExp` helper so it matches literally. A whole pattern from a variable of unknown ' +
    'origin may be meant as a regular expression and is declined with that reason. The fix is ' +
    'a `behaviour_change`: a value with metacharacters now matches them literally.',
  rationale: {
    problem:
      'A value inserted into a regular expression is interpreted as pattern syntax: input such ' +
      'as `(a+)+$` makes the match take exponential time (ReDoS), and `.*` widens what matches.',
    change:
      'Each inserted value goes through a small `escapeRegExp` helper (the MDN escape of ' +
      '`.*+?^${}()|[]\\`) added once to the file; the literal pattern text is unchanged.',
    safety:
      'Values without metacharacters produce the same pattern as before, so existing matches ' +
      'are unchanged; a value with metacharacters now matches those characters literally. The ' +
      'escapes are valid with and without the `u` and `v` flags.',
  },
  references: [
    {
      title: 'CWE-1333: Inefficient Regular Expression Complexity',
      url: 'https://cwe.mitre.org/data/definitions/1333.html',
    },
    {
      title: 'MDN: Escaping user input in regular expressions',
      url: 'https://developer.mozilla.org/en-US/docs/Web/JavaScript/Guide/Regular_expressions#escaping',
    },
  ],
  detect,
  fix: ({ node, data }, editor, ctx) => {
    if (!data) return;
    if ('refuse' in data) return notApplicable('unsafe_to_change', data.refuse);
    const helper = ensureValueHelper(
      editor,
      HELPER,
      'The text with every regular-expression metacharacter escaped.',
      [
        `return String(value).replace(/[.*+?^\${}()|[\\]\\\\]/g, ${quoted(editor.file.style, '\\$&')});`,
      ],
    );
    if (typeof helper !== 'string') return helper;
    // Scanners report each RegExp of a line; the statement's others are escaped with this one.
    const statement = enclosingStatement(node);
    const others = detect(editor.file).filter(
      (other) =>
        other.node.range().start.index >= statement.range().start.index &&
        other.node.range().end.index <= statement.range().end.index &&
        other.node.range().start.index !== node.range().start.index &&
        other.data &&
        'parts' in other.data,
    );
    const parts = [data, ...others.map((o) => o.data!)].flatMap((d) =>
      'parts' in d ? d.parts : [],
    );
    for (const part of parts) editor.replace(part, `${helper}(${part.text()})`);
    ctx.behaviourChange(
      'a value holding regular-expression metacharacters now matches them literally instead of as pattern syntax',
    );
  },
});
