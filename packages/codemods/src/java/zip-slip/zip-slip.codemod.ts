import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { ensureJavaImport } from '../../imports/java-imports.js';
import type { Site } from '../../types.js';
import { argsOf, kindOf, methodName, receiver, unparen } from '../shared/ast.js';
import { exceptionHandled } from '../shared/exceptions.js';
import {
  asCanonicalPath,
  containedLater,
  pathBuilds,
  repeatableBase,
  type PathBuild,
} from '../shared/paths.js';
import { declarationOfExpr, enclosingBody } from '../shared/scope.js';
import { endsItsLine, insertAfter } from '../shared/statements.js';

interface ZipData {
  build: PathBuild;
  /** The `entry.getName()` expression (or the variable holding it). */
  entryName: SgNode;
  refusal?: string;
}

/** `entry.getName()` on an archive entry, directly or through a local initialized with it. */
const entryNameOf = (input: SgNode): boolean => {
  const expr = unparen(input);
  if (kindOf(expr) === 'method_invocation') {
    if (methodName(expr) !== 'getName' || argsOf(expr).length !== 0 || !receiver(expr))
      return false;
    const owner = receiver(expr)!;
    const declaration = declarationOfExpr(owner);
    const type = declaration?.simpleType;
    return type && type !== 'var' ? /Entry$/.test(type) : /entry/i.test(owner.text());
  }
  if (kindOf(expr) !== 'identifier') return false;
  const declaration = declarationOfExpr(expr);
  return !!declaration?.value && declaration.kind === 'local' && entryNameOf(declaration.value);
};

const refusalOf = (build: PathBuild): string | undefined => {
  if (!build.holder) return 'the extracted path is not held in a local variable the check can test';
  if (!build.baseType || !repeatableBase(build)) {
    return 'the target directory is an expression of unknown type or one that cannot be evaluated twice';
  }
  if (!exceptionHandled(build.holder.statement, 'IOException')) {
    return 'IOException (thrown by the canonical-path check) is neither caught nor declared here';
  }
  return undefined;
};

const zipSlipSites = (file: SourceFile): Site<ZipData>[] =>
  pathBuilds(file).flatMap((build) => {
    const entryName = build.inputs.find(entryNameOf);
    if (!entryName || containedLater(build)) return [];
    const body = enclosingBody(build.creation);
    const uses = build.holder
      ? (body ?? build.creation)
          .findAll({ rule: { kind: 'identifier', regex: `^${build.holder.name}$` } })
          .filter((u) => u.range().start.index > build.holder!.statement.range().end.index)
      : [];
    const refusal = refusalOf(build);
    return [
      {
        node: build.creation,
        anchors: [entryName, ...(build.holder ? [build.holder.statement] : []), ...uses],
        data: { build, entryName, ...(refusal ? { refusal } : {}) },
      },
    ];
  });

/** `remediate:java/zip-slip`: archive entries checked to stay inside the target directory. */
export const javaZipSlip = defineCodemod<ZipData>({
  id: 'remediate:java/zip-slip',
  languages: ['java'],
  rules: {
    codeql: ['java/zipslip'],
    spotbugs: ['PATH_TRAVERSAL_OUT', 'PATH_TRAVERSAL_IN'],
    sonarqube: ['javasecurity:S6096'],
  },
  cwe: [22],
  owasp: ['A01:2021'],
  title: 'Zip Slip: extracted entries must stay in the target directory',
  description:
    'After `File f = new File(dir, entry.getName())` (also `dir.resolve(name)`, `Paths.get(dir, ' +
    'name)` and `dir + File.separator + name`) for a zip, jar or tar entry, inserts a check that ' +
    "the entry's canonical path is inside the target directory's canonical path and throws " +
    '`IOException` otherwise. Refused when the path is not held in a local variable or ' +
    'IOException cannot propagate.',
  rationale: {
    problem:
      'Archive entry names are chosen by whoever made the archive. A name like ' +
      '`../../etc/cron.d/x` or an absolute path makes the extraction write outside the target ' +
      'directory, overwriting configuration, code or keys (Zip Slip).',
    change:
      'Right after the destination path is built, its canonical form (`..` and symbolic links ' +
      "resolved) must start with the target directory's canonical form; otherwise extraction " +
      'stops with an `IOException` naming the entry.',
    safety:
      'Entries inside the directory are extracted exactly as before. The check uses ' +
      '`Path.startsWith`, which compares whole name elements, so `/data/out-evil` does not pass ' +
      'for `/data/out`. It throws the `IOException` the extraction loop already handles or ' +
      'declares (the codemod refuses otherwise), so a malicious archive fails like a corrupt one.',
  },
  references: [
    {
      title:
        "CWE-22: Improper Limitation of a Pathname to a Restricted Directory ('Path Traversal')",
      url: 'https://cwe.mitre.org/data/definitions/22.html',
    },
    {
      title: 'Snyk: Zip Slip vulnerability',
      url: 'https://security.snyk.io/research/zip-slip-vulnerability',
    },
    {
      title: 'SEI CERT IDS04-J. Safely extract files from ZipInputStream',
      url: 'https://wiki.sei.cmu.edu/confluence/display/java/IDS04-J.+Safely+extract+files+from+ZipInputStream',
    },
  ],
  codeFlow: 'location-first',
  detect: zipSlipSites,
  fix: ({ data }, editor) => {
    if (!data) return;
    if (data.refusal) return notApplicable('unsafe_to_change', data.refusal);
    const { build, entryName } = data;
    const holder = build.holder!;
    if (!endsItsLine(editor, holder.statement)) {
      return notApplicable('unsafe_to_change', 'another statement follows on the same line');
    }
    const needsFile = holder.type === 'String' || build.baseType === 'String';
    const file = needsFile ? ensureJavaImport(editor, 'java.io.File') : 'File';
    const io = ensureJavaImport(editor, 'java.io.IOException');
    const target = asCanonicalPath(holder.name, holder.type, file);
    const dir = asCanonicalPath(build.base.text(), build.baseType!, file);
    const unit = editor.file.style.indent;
    insertAfter(editor, holder.statement, [
      `if (!${target}.startsWith(${dir})) {`,
      `${unit}throw new ${io}("Entry is outside of the target directory: " + ${entryName.text()});`,
      '}',
    ]);
  },
});
