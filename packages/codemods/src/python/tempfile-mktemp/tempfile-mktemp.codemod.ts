import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { ensureHelper } from '../../imports/helpers.js';
import { ensurePythonImport } from '../../imports/python-imports.js';
import { hasSplat } from '../shared/args.js';
import { calleeName, enclosingFunction, importMap, type ImportMap } from '../shared/names.js';
import { dropImportIfUnused } from '../shared/unused-import.js';

interface Data {
  refusal?: string;
}

const HELPER = 'mkstemp_path';

/** Calls that need the path to be free (they create it themselves) or test whether it exists. */
const NEEDS_FREE_PATH = new Set([
  'os.mkdir',
  'os.makedirs',
  'os.mkfifo',
  'os.mknod',
  'os.symlink',
  'os.link',
  'os.path.exists',
  'os.path.isfile',
  'os.path.lexists',
  'shutil.copytree',
]);

/** The name a `x = tempfile.mktemp(...)` assigns to, or null. */
const assignedName = (call: SgNode): string | null => {
  const parent = call.parent();
  if (parent?.kind() !== 'assignment' || parent.field('left')?.kind() !== 'identifier') return null;
  return parent.field('left')!.text();
};

/** Why the path a mktemp call returns must stay a free name, if it must. */
const refusalOf = (call: SgNode, imports: ImportMap): string | undefined => {
  if (hasSplat(call)) return 'the call passes *args or **kwargs';
  const name = assignedName(call);
  const scope = enclosingFunction(call) ?? call.getRoot().root();
  const uses = name ? scope.findAll({ rule: { kind: 'identifier', regex: `^${name}$` } }) : [];
  for (const use of uses) {
    const args = use.parent();
    const outer = args?.kind() === 'argument_list' ? args.parent() : null;
    const callee = outer && calleeName(outer, imports);
    if (callee && NEEDS_FREE_PATH.has(callee)) {
      return `the path is passed to ${callee}, which needs it not to exist yet`;
    }
    if (
      outer &&
      /\.(mkdir|touch|symlink_to|hardlink_to|exists)$/.test(outer.field('function')?.text() ?? '')
    ) {
      return 'the path is created or tested by pathlib, which needs it not to exist yet';
    }
  }
  return undefined;
};

/** Every `tempfile.mktemp(...)` call. */
const mktempCalls = (file: SourceFile) => {
  const imports = importMap(file.root);
  return file.root
    .findAll({ rule: { kind: 'call' } })
    .filter((call) => calleeName(call, imports) === 'tempfile.mktemp')
    .map((call) => {
      const refusal = refusalOf(call, imports);
      return { node: call, data: refusal ? { refusal } : {} };
    });
};

/** `remediate:python/tempfile-mktemp`: `tempfile.mktemp()` → a file created by `mkstemp`. */
export const pythonTempfileMktemp = defineCodemod<Data>({
  id: 'remediate:python/tempfile-mktemp',
  languages: ['python'],
  rules: {
    bandit: ['B306'],
    codeql: ['py/insecure-temporary-file'],
    semgrep: ['python_tmpdir_rule-mktemp-q'],
    sonarqube: ['python:S5445'],
  },
  cwe: [377],
  owasp: ['A01:2021'],
  title: 'Temporary files created atomically instead of tempfile.mktemp',
  description:
    'Replaces `tempfile.mktemp(...)` with a small helper, `mkstemp_path(...)`, that creates the ' +
    'file with `tempfile.mkstemp` (atomically, mode 0600), closes the descriptor and returns the ' +
    'path, so the code that writes to the path keeps working. Paths later handed to `os.mkdir`, ' +
    '`os.mkfifo`, `os.symlink` or an existence test, which need the name to be free, are left ' +
    'for a person.',
  rationale: {
    problem:
      '`tempfile.mktemp` only returns a name that did not exist a moment ago. Between that and ' +
      'the open, another local user can create the file or a symlink there, and the program ' +
      'then writes into (or reads from) a file the attacker controls.',
    change:
      'The file is now created by `tempfile.mkstemp`, which picks the name and creates the file ' +
      'in one atomic `O_CREAT | O_EXCL` call with owner-only permissions; the helper closes the ' +
      'descriptor and returns the path, as `mktemp` did.',
    safety:
      'The helper takes the same `suffix`, `prefix` and `dir` arguments, so names look the same. ' +
      'The path now names an empty file that exists (owned by the process): code that opens it ' +
      'for writing, truncates or replaces it behaves as before; code that needs the name to be ' +
      'free is not changed.',
  },
  references: [
    {
      title: 'CWE-377: Insecure Temporary File',
      url: 'https://cwe.mitre.org/data/definitions/377.html',
    },
    {
      title: 'tempfile.mkstemp',
      url: 'https://docs.python.org/3/library/tempfile.html#tempfile.mkstemp',
    },
    {
      title: 'OWASP A01:2021 Broken Access Control',
      url: 'https://owasp.org/Top10/A01_2021-Broken_Access_Control/',
    },
  ],
  detect: mktempCalls,
  fix: ({ node, data }, editor) => {
    if (data?.refusal) return notApplicable('unsafe_to_change', data.refusal);
    const os = ensurePythonImport(editor, 'os');
    const tempfile = ensurePythonImport(editor, 'tempfile');
    const helper = ensureHelper(editor, {
      name: HELPER,
      code: [
        `def ${HELPER}(suffix=None, prefix=None, dir=None):`,
        '\t"""Create an empty temporary file only this user can access and return its path."""',
        `\tfd, path = ${tempfile}.mkstemp(suffix=suffix, prefix=prefix, dir=dir)`,
        `\t${os}.close(fd)`,
        '\treturn path',
      ].join('\n'),
    });
    if (!helper) return notApplicable('unsafe_to_change', `the name ${HELPER} is already used`);
    const callee = node.field('function')!;
    editor.replace(callee, helper);
    // `from tempfile import mktemp`: the name is no longer used (the module one, `tempfile`, is).
    if (callee.kind() === 'identifier') dropImportIfUnused(editor, callee.text(), [callee]);
  },
});
