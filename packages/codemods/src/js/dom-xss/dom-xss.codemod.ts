import type { SgNode } from '@ast-grep/napi';
import { defineCodemod } from '../../engine/define.js';
import { notApplicable } from '../../engine/codemod.js';
import { argsOf, calleeName, stringValue } from '../common/calls.js';
import { unwrap } from '../common/request-input.js';
import { literalText, stringParts } from '../common/string-parts.js';

type Data = {
  property: SgNode;
  replacement: 'textContent' | 'insertAdjacentText';
  value: SgNode;
  append?: boolean;
};

const SANITIZED = /sanitize|purify|escape|encode/i;
const MARKUP_NAME = /html|markup|template|rendered|svg|fragment/i;
const HTML_CALL = /render|html|markup|template|format|build|compile|marked|markdown|view|partial/i;

/** Why a value looks like intended markup (so textContent would break it), or null for text. */
const markupReason = (value: SgNode): string | null => {
  const parts = stringParts(value);
  if (/[<&]/.test(literalText(parts)) || /<[a-zA-Z/!]/.test(value.text())) {
    return 'the value builds HTML markup';
  }
  for (const part of parts) {
    if (part.kind !== 'expr') continue;
    const e = unwrap(part.node);
    if (e.kind() === 'call_expression' && HTML_CALL.test(calleeName(e) ?? '')) {
      return `\`${calleeName(e) ?? e.text()}\` may return HTML`;
    }
    if (MARKUP_NAME.test(e.text())) return `\`${e.text()}\` looks like markup`;
  }
  return null;
};

/** Callee kinds of calls that write no HTML, with the reason they are left as they are. */
const NOT_MARKUP_CALLS: Record<string, string> = {
  import:
    'a dynamic `import()` of a module chosen at run time writes no HTML: loading that module is what the code does, and a fixed specifier would change which module runs',
  string:
    'the callee is a string literal, not a method that writes HTML (the call throws a TypeError when it runs)',
};

const dynamic = (value: SgNode): boolean => {
  const v = unwrap(value);
  if (stringValue(v) !== null) return false;
  return !(v.kind() === 'call_expression' && SANITIZED.test(calleeName(v) ?? ''));
};

/** `remediate:js/dom-xss`: `el.innerHTML = text` → `el.textContent = text`. */
export const jsDomXss = defineCodemod<Data>({
  id: 'remediate:js/dom-xss',
  languages: ['javascript', 'typescript', 'tsx'],
  rules: {
    codeql: ['js/xss-through-dom', 'js/xss'],
    semgrep: [
      'javascript.browser.security.insecure-document-method.insecure-document-method',
      'javascript.browser.security.insecure-innerhtml.insecure-innerhtml',
    ],
    eslint: ['no-unsanitized/property', 'no-unsanitized/method'],
    njsscan: ['dom_xss'],
    snyk: ['javascript/DOMXSS'],
    sonarqube: ['javascript:S5696', 'jssecurity:S5696', 'typescript:S5696', 'tssecurity:S5696'],
  },
  cwe: [79],
  owasp: ['A03:2021'],
  title: 'textContent instead of innerHTML for text',
  description:
    '`el.innerHTML = value` becomes `el.textContent = value`, and `insertAdjacentHTML(pos, value)` ' +
    'becomes `insertAdjacentText(pos, value)`, when the value is text: no markup in its literal ' +
    'parts and no HTML-producing call. Values that build markup are left for a person (they need ' +
    'a sanitizer such as DOMPurify). Calls ESLint\u2019s `no-unsanitized/method` also reports ' +
    'that write no HTML are declined with the reason: a dynamic `import()` of a module chosen ' +
    'at run time, a string literal called as a function.',
  rationale: {
    problem:
      'Assigning a string to `innerHTML` parses it as HTML, so a value containing ' +
      '`<img src=x onerror=...>` runs script in the page (DOM-based XSS).',
    change:
      'The text is assigned with `textContent` (or inserted with `insertAdjacentText`), which ' +
      'never parses HTML.',
    safety:
      'For plain text the page shows the same characters; the value had no markup to keep. ' +
      'Characters such as `<` or `&` in the value are now shown as typed instead of being ' +
      'interpreted.',
  },
  references: [
    {
      title: 'CWE-79: Cross-site Scripting',
      url: 'https://cwe.mitre.org/data/definitions/79.html',
    },
    {
      title: 'OWASP DOM based XSS Prevention Cheat Sheet',
      url: 'https://cheatsheetseries.owasp.org/cheatsheets/DOM_based_XSS_Prevention_Cheat_Sheet.html',
    },
    {
      title: 'MDN: Node.textContent',
      url: 'https://developer.mozilla.org/en-US/docs/Web/API/Node/textContent',
    },
  ],
  detect: (file) => [
    ...file.root
      .findAll({
        rule: {
          any: [{ kind: 'assignment_expression' }, { kind: 'augmented_assignment_expression' }],
        },
      })
      .flatMap((assignment) => {
        const left = assignment.field('left');
        const value = assignment.field('right');
        const property = left?.kind() === 'member_expression' ? left.field('property') : null;
        if (property?.text() !== 'innerHTML' || !value || !dynamic(value)) return [];
        const append = assignment.kind() === 'augmented_assignment_expression';
        return [
          {
            node: assignment,
            anchors: [left!],
            data: { property, replacement: 'textContent' as const, value, append },
          },
        ];
      }),
    ...file.root.findAll({ rule: { kind: 'call_expression' } }).flatMap((call) => {
      const callee = call.field('function');
      const value = argsOf(call)[1];
      if (callee?.kind() !== 'member_expression' || calleeName(call) !== 'insertAdjacentHTML')
        return [];
      if (!value || !dynamic(value)) return [];
      const property = callee.field('property')!;
      return [
        { node: call, data: { property, replacement: 'insertAdjacentText' as const, value } },
      ];
    }),
    // Calls ESLint's no-unsanitized/method also reports that write no HTML: declined, with why.
    ...file.root.findAll({ rule: { kind: 'call_expression' } }).flatMap((call) => {
      const callee = call.field('function');
      const decline = callee ? NOT_MARKUP_CALLS[String(callee.kind())] : undefined;
      return decline && callee ? [{ node: call, anchors: [callee], decline }] : [];
    }),
  ],
  fix: ({ data }, editor) => {
    if (!data) return;
    if (data.append) {
      return notApplicable(
        'unsafe_to_change',
        '`innerHTML +=` re-parses the existing markup; textContent would drop it',
      );
    }
    const reason = markupReason(data.value);
    if (reason)
      return notApplicable('unsafe_to_change', `${reason}; sanitize it (DOMPurify) instead`);
    editor.replace(data.property, data.replacement);
  },
});
