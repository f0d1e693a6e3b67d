import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { ensureJavaHelper } from '../../imports/helpers.js';
import { ensureJavaImport } from '../../imports/java-imports.js';
import type { Site } from '../../types.js';
import {
  argsOf,
  isConstantString,
  kindOf,
  methodName,
  plusOperands,
  receiver,
  unparen,
} from '../shared/ast.js';
import {
  asPath,
  containedLater,
  pathBuilds,
  repeatableBase,
  type PathBuild,
} from '../shared/paths.js';
import { declarationOfExpr, enclosingBody, staticHelperHost } from '../shared/scope.js';
import { endsItsLine, insertAfter } from '../shared/statements.js';

interface TraversalData {
  build: PathBuild;
}

const SANITIZERS = /^(getName|getFileName|getBaseName|randomUUID|toHexString)$/;
const HELPERS = /^requireInside(Dir|Path)$/;
const NOT_TEXT = /^(int|long|short|byte|Integer|Long|Short|Byte|UUID)$/;

/** True for a part that may carry `..` or an absolute path chosen by someone else. */
const untrusted = (input: SgNode, depth = 0): boolean => {
  const expr = unparen(input);
  if (depth > 4) return true;
  if (isConstantString(expr)) return false;
  const parts = plusOperands(expr);
  if (parts.length > 1) return parts.some((p) => untrusted(p, depth + 1));
  if (kindOf(expr) === 'method_invocation') {
    if (SANITIZERS.test(methodName(expr)) && !/entry/i.test(receiver(expr)?.text() ?? ''))
      return false;
    return !(methodName(expr) === 'getName' && /entry/i.test(receiver(expr)?.text() ?? ''));
  }
  const declaration = declarationOfExpr(expr);
  if (!declaration) return kindOf(expr) === 'identifier' && !/^[A-Z][A-Z0-9_]*$/.test(expr.text());
  if (NOT_TEXT.test(declaration.simpleType)) return false;
  if (declaration.value) return untrusted(declaration.value, depth + 1);
  return declaration.kind !== 'field';
};

/** `p = base.resolve(name);` followed in the method by a `startsWith` check that names `p`. */
const assignedThenChecked = (creation: SgNode): boolean => {
  const assignment = creation.parent();
  if (kindOf(assignment) !== 'assignment_expression') return false;
  const name = assignment!.field('left')?.text() ?? '';
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return false;
  const after = creation.range().end.index;
  return (enclosingBody(creation) ?? creation)
    .findAll({ rule: { kind: 'method_invocation' } })
    .some(
      (c) =>
        methodName(c) === 'startsWith' &&
        c.range().start.index > after &&
        new RegExp(`\\b${name}\\b`).test(c.text()),
    );
};

const wrapped = (creation: SgNode): boolean =>
  kindOf(creation.parent()) === 'argument_list' &&
  HELPERS.test(methodName(creation.parent()!.parent()!)) &&
  receiver(creation.parent()!.parent()!) === null;

/** File constructors and factories that open a path given whole (one value, no base). */
const WHOLE_PATH_TYPES =
  /^(java\.io\.)?(File|FileInputStream|FileOutputStream|FileReader|FileWriter|RandomAccessFile|PrintWriter|PrintStream)$/;

/**
 * `Files.createTempFile(dir, prefix, suffix)` / `createTempDirectory(...)`: the JDK refuses a
 * prefix or suffix that would put the file in another directory (`IllegalArgumentException`).
 */
const tempFiles = (file: SourceFile): SgNode[] =>
  file.root
    .findAll({ rule: { kind: 'method_invocation' } })
    .filter(
      (call) =>
        /^(java\.nio\.file\.)?Files$/.test(receiver(call)?.text() ?? '') &&
        /^createTemp(File|Directory)$/.test(methodName(call)),
    );

/** `new File(name)`, `Paths.get(name)`, `Path.of(uri)`: a path that is one outside value. */
const wholePaths = (file: SourceFile): SgNode[] =>
  file.root
    .findAll({
      rule: { any: [{ kind: 'object_creation_expression' }, { kind: 'method_invocation' }] },
    })
    .filter((node) => {
      const args = argsOf(node);
      if (args.length === 0 || isConstantString(unparen(args[0]!))) return false;
      if (kindOf(node) === 'object_creation_expression') {
        const type = node.field('type')?.text() ?? '';
        return (
          WHOLE_PATH_TYPES.test(type) && (args.length === 1 || !/^(java\.io\.)?File$/.test(type))
        );
      }
      const owner = receiver(node)?.text() ?? '';
      return (
        args.length === 1 &&
        ((/^(java\.nio\.file\.)?Paths$/.test(owner) && methodName(node) === 'get') ||
          (/^(java\.nio\.file\.)?Path$/.test(owner) && methodName(node) === 'of'))
      );
    });

const traversalSites = (file: SourceFile): Site<TraversalData>[] => {
  const builds = pathBuilds(file);
  const built = new Set(builds.map((b) => b.creation.id()));
  return [
    ...builds.flatMap((build): Site<TraversalData>[] => {
      const inputs = build.inputs.filter((i) => untrusted(i));
      if (wrapped(build.creation)) return [];
      if (containedLater(build) || assignedThenChecked(build.creation)) {
        return [
          {
            node: build.creation,
            anchors: build.inputs,
            decline:
              'the built path is already checked against its base directory later in the method (a startsWith on it)',
          },
        ];
      }
      if (inputs.length === 0) {
        return [
          {
            node: build.creation,
            anchors: build.inputs,
            decline:
              'every part below the base directory is a constant, a number or a file\u2019s own name (getName()), none of which can hold a directory part',
          },
        ];
      }
      const body = enclosingBody(build.creation);
      const uses = build.holder
        ? (body ?? build.creation)
            .findAll({ rule: { kind: 'identifier', regex: `^${build.holder.name}$` } })
            .filter((u) => u.range().start.index > build.holder!.statement.range().end.index)
        : [];
      return [
        {
          node: build.creation,
          anchors: [...inputs, ...(build.holder ? [build.holder.statement] : []), ...uses],
          data: { build },
        },
      ];
    }),
    ...tempFiles(file).map((node): Site<TraversalData> => ({
      node,
      decline:
        'Files.createTempFile/createTempDirectory refuse a prefix or suffix that holds a directory part (the JDK checks the generated name); the directory, when one is given, is the caller\u2019s choice',
    })),
    ...wholePaths(file)
      .filter((node) => !built.has(node.id()) && !wrapped(node))
      .map((node): Site<TraversalData> => ({
        node,
        decline:
          'the whole path is one value (a parameter, a property, a URI) with no base directory in the code to confine it to; which directory is allowed is the caller\u2019s decision',
      })),
  ];
};

const MESSAGE = '"path escapes its base directory"';

const helperFor = (type: 'File' | 'Path', typeName: string) => {
  const name = type === 'File' ? 'requireInsideDir' : 'requireInsidePath';
  const normalized = (v: string) =>
    type === 'File' ? `${v}.toPath().normalize()` : `${v}.normalize()`;
  return {
    name,
    code: [
      `private static ${typeName} ${name}(${typeName} path, ${typeName} base) {`,
      `\tif (!${normalized('path')}.startsWith(${normalized('base')})) {`,
      `\t\tthrow new IllegalArgumentException(${MESSAGE});`,
      '\t}',
      '\treturn path;',
      '}',
    ].join('\n'),
  };
};

/** `remediate:java/path-traversal`: user-chosen names checked to stay under their base directory. */
export const javaPathTraversal = defineCodemod<TraversalData>({
  id: 'remediate:java/path-traversal',
  languages: ['java'],
  rules: {
    codeql: ['java/path-injection', 'java/path-injection-local'],
    semgrep: [
      'java.lang.security.httpservlet-path-traversal.httpservlet-path-traversal',
      'java.servlets.security.httpservlet-path-traversal.httpservlet-path-traversal',
      'java.spring.security.injection.tainted-file-path.tainted-file-path',
    ],
    spotbugs: ['PATH_TRAVERSAL_IN', 'PATH_TRAVERSAL_OUT'],
    sonarqube: ['javasecurity:S2083'],
    snyk: ['java/PT'],
  },
  cwe: [22, 23],
  owasp: ['A01:2021'],
  title: 'Path traversal: keep user-chosen names under their base directory',
  description:
    'After `File f = new File(base, name)` / `Path p = Paths.get(base, name)` / `base.resolve(name)` ' +
    'with a name that is not a constant, inserts a check that the normalized path starts with the ' +
    'normalized base and throws `IllegalArgumentException` otherwise; a path built inline is ' +
    'wrapped in a small `requireInsideDir` / `requireInsidePath` helper. Archive entry names are ' +
    'left to `remediate:java/zip-slip`. Declined with the reason: a path that is one value ' +
    '(`new File(name)`, `Paths.get(uri)`, `new FileInputStream(path)`: no base directory in the ' +
    'code, the allowed directory is the caller\u2019s decision) and a name below the base that ' +
    'cannot hold a directory part (a constant, a number, `getName()`), a path already checked with ' +
    '`startsWith` later in the method (after its declaration or an assignment), and ' +
    '`Files.createTempFile` / `createTempDirectory` (the JDK refuses a prefix or suffix with a ' +
    'directory part).',
  rationale: {
    problem:
      'A name that reaches the file system unchecked can contain `../` segments or be absolute, ' +
      'so a request for `../../etc/passwd` or `/home/app/.ssh/id_rsa` reads or writes files ' +
      'outside the directory the code meant to serve.',
    change:
      'The built path is normalized (`..` and `.` segments resolved) and must still start with ' +
      'the normalized base directory; otherwise the operation is refused with ' +
      '`IllegalArgumentException` before any file is touched.',
    safety:
      'Names that stay inside the base (including sub-directories) behave exactly as before. ' +
      '`Path.startsWith` compares whole name elements, so `/srv/files-old` does not pass for ' +
      '`/srv/files`. Only requests that would have escaped the directory now fail; callers that ' +
      'map exceptions to HTTP statuses see a client error instead of a file.',
  },
  references: [
    {
      title:
        "CWE-22: Improper Limitation of a Pathname to a Restricted Directory ('Path Traversal')",
      url: 'https://cwe.mitre.org/data/definitions/22.html',
    },
    {
      title: 'OWASP: Path Traversal',
      url: 'https://owasp.org/www-community/attacks/Path_Traversal',
    },
    {
      title: 'SEI CERT FIO16-J. Canonicalize path names before validating them',
      url: 'https://wiki.sei.cmu.edu/confluence/display/java/FIO16-J.+Canonicalize+path+names+before+validating+them',
    },
  ],
  detect: traversalSites,
  fix: ({ data }, editor) => {
    if (!data) return;
    const { build } = data;
    if (!build.baseType || !repeatableBase(build)) {
      return notApplicable(
        'unsafe_to_change',
        'the base directory is an expression that cannot be evaluated twice',
      );
    }
    const file = () => ensureJavaImport(editor, 'java.io.File');
    if (build.holder) {
      const { holder } = build;
      if (!endsItsLine(editor, holder.statement)) {
        return notApplicable('unsafe_to_change', 'another statement follows on the same line');
      }
      const needsFile =
        holder.type === 'String' || (build.baseType === 'String' && build.type !== 'Path');
      const fileName = needsFile ? file() : 'File';
      const target = `${asPath(holder.name, holder.type, fileName)}.normalize()`;
      const viaNio = build.type === 'Path' && build.baseType === 'String';
      const base = viaNio
        ? `${receiver(build.creation)!.text()}.${methodName(build.creation)}(${build.base.text()}).normalize()`
        : `${asPath(build.base.text(), build.baseType, fileName)}.normalize()`;
      return insertAfter(editor, holder.statement, [
        `if (!${target}.startsWith(${base})) {`,
        `${editor.file.style.indent}throw new IllegalArgumentException(${MESSAGE});`,
        '}',
      ]);
    }
    if (build.type === 'String') {
      return notApplicable(
        'unsafe_to_change',
        'the path is a string built inline; there is no value to check',
      );
    }
    const host = staticHelperHost(build.creation);
    if (!host) return notApplicable('unsafe_to_change', 'no class can hold the helper');
    const typeName =
      build.type === 'File' ? file() : ensureJavaImport(editor, 'java.nio.file.Path');
    const base =
      build.type === build.baseType
        ? build.base.text()
        : build.type === 'File'
          ? `new ${typeName}(${build.base.text()})`
          : `${receiver(build.creation)!.text()}.${methodName(build.creation)}(${build.base.text()})`;
    const helper = ensureJavaHelper(editor, host, helperFor(build.type, typeName));
    if (!helper) return notApplicable('unsafe_to_change', 'the helper name is taken');
    editor.replace(build.creation, `${helper}(${build.creation.text()}, ${base})`);
  },
});
