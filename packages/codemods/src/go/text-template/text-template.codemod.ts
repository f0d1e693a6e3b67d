import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { SEMGREP_GO } from '../shared/ids.js';
import {
  ensureGoImport,
  goImports,
  importedAs,
  packageUses,
  removeGoImport,
} from '../shared/imports.js';

interface Data {
  local: string;
}

// Functions and types text/template has and html/template lacks.
const TEXT_ONLY = /^(ExecError|IsTrue|HTMLEscape|JSEscape)$/;

/** A file that imports text/template and writes to an HTTP response or parses HTML templates. */
const textTemplates = (file: SourceFile) => {
  const spec = goImports(file.root).find((i) => i.path === 'text/template');
  if (!spec) return [];
  const local = importedAs(file.root, 'text/template');
  if (!local) return [];
  const html =
    /http\.ResponseWriter/.test(file.text) ||
    /\.(html?|gohtml|tmpl\.html)\b/.test(file.text) ||
    /<[a-zA-Z][a-zA-Z0-9]*[\s>]/.test(file.text);
  if (!html) return [];
  const uses = packageUses(file.root, local);
  const executes = file.root
    .findAll({ rule: { kind: 'call_expression' } })
    .filter((c) =>
      /^(Execute|ExecuteTemplate)$/.test(c.field('function')?.field('field')?.text() ?? ''),
    );
  return [spec.spec, ...uses, ...executes].map((node) => ({
    node,
    scope: file.root,
    data: { local },
  }));
};

/** `remediate:go/text-template`: text/template rendering HTML → html/template. */
export const goTextTemplate = defineCodemod<Data>({
  id: 'remediate:go/text-template',
  languages: ['go'],
  rules: { semgrep: [SEMGREP_GO.textTemplate] },
  cwe: [79],
  owasp: ['A03:2021'],
  title: 'html/template for HTML pages',
  description:
    'Swaps the `text/template` import for `html/template` in a file that renders to an ' +
    '`http.ResponseWriter` or parses `.html` templates or HTML text: html/template has the same ' +
    'API (`New`, `Must`, `Parse`, `ParseFiles`, `FuncMap`, `Execute`...) and escapes every value ' +
    'by its context. A file that uses text/template-only names is left with the reason.',
  rationale: {
    problem:
      'text/template writes values as they are: a name or a comment containing `<script>` runs ' +
      "in the reader's browser (cross-site scripting).",
    change:
      'The templates are html/template ones, which escape each value for where it lands (HTML ' +
      'text, attributes, URLs, JavaScript, CSS).',
    safety:
      'The calls and types are the same, so the file compiles unchanged. Values that were meant ' +
      'to be raw HTML are now escaped (they must be typed `template.HTML` on purpose), which is ' +
      'the behaviour change the fix reports.',
  },
  references: [
    { title: 'html/template', url: 'https://pkg.go.dev/html/template' },
    {
      title: 'CWE-79: Cross-site Scripting',
      url: 'https://cwe.mitre.org/data/definitions/79.html',
    },
  ],
  detect: textTemplates,
  fix: ({ data }, editor, ctx) => {
    const { local } = data!;
    const other = packageUses(editor.root, local).find((u) =>
      TEXT_ONLY.test(u.field('field')?.text() ?? ''),
    );
    if (other)
      return notApplicable('unsafe_to_change', `${other.text()} has no html/template counterpart`);
    if (goImports(editor.root).some((i) => i.path === 'html/template'))
      return notApplicable('unsafe_to_change', 'the file imports html/template too');
    if (local !== 'template')
      return notApplicable('unsafe_to_change', `text/template is imported as ${local}`);
    // Removed and added rather than renamed in place: gofmt keeps each import group sorted.
    removeGoImport(editor, 'text/template');
    if (ensureGoImport(editor, 'html/template') !== 'template')
      return notApplicable('unsafe_to_change', 'the name template is taken');
    ctx.behaviourChange('values rendered into the templates are HTML-escaped by context');
  },
});
