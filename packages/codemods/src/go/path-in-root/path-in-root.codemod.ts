import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import { nearestFile } from '../../manifests/nearest.js';
import { goAtLeast } from '../shared/go-mod.js';
import { ensureGoHelper } from '../shared/helper.js';
import { argsOf, calleeOf, packageCalls } from '../shared/func.js';
import { SEMGREP_GO } from '../shared/ids.js';
import { ensureGoImport, importedAs, packageUses, removeGoImport } from '../shared/imports.js';

interface Data {
  os: string;
  /** The function as called (`Open`, `ReadFile`, `ioutil.ReadFile`, `OpenFile`, `Stat`...). */
  name: string;
  /** True for `os.Open`, `os.ReadFile` and `ioutil.ReadFile` of one path, which are rewritten. */
  rewritable: boolean;
  /** The `filepath.Join(dir, ...)` argument, when the path is built under a directory. */
  join: SgNode | null;
}

/** File functions gosec G304/G703 report; only `Open` and `ReadFile` are rewritten here. */
const CALLS = /^(Open|ReadFile|OpenFile|Create|Stat|Lstat|ReadDir|Remove|RemoveAll)$/;

const fileReads = (file: SourceFile) => {
  const filepath = importedAs(file.root, 'path/filepath');
  return (['os', 'io/ioutil'] as const).flatMap((path) => {
    const os = importedAs(file.root, path);
    if (!os) return [];
    return packageCalls(file.root, os, CALLS).flatMap((call) => {
      const [arg] = argsOf(call);
      if (!arg || /^["`]/.test(arg.text())) return [];
      const callee = arg.kind() === 'call_expression' ? calleeOf(arg) : null;
      const join =
        callee &&
        filepath &&
        callee.operand === filepath &&
        callee.name === 'Join' &&
        argsOf(arg).length >= 2
          ? arg
          : null;
      const name = calleeOf(call)!.name;
      const rewritable = argsOf(call).length === 1 && (name === 'Open' || name === 'ReadFile');
      return [
        {
          node: call,
          data: {
            os: importedAs(file.root, 'os') ?? 'os',
            name: path === 'io/ioutil' ? `ioutil.${name}` : name,
            join,
            rewritable: rewritable && (path === 'os' || name === 'ReadFile'),
          },
        },
      ];
    });
  });
};

const READ_IN = (
  os: string,
  io: string,
) => `// readFileIn reads the file name inside dir through os.Root: a name that leaves dir
// (.., an absolute path, a symbolic link pointing out) fails instead of being read.
func readFileIn(dir, name string) ([]byte, error) {
	root, err := ${os}.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	f, err := root.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ${io}.ReadAll(f)
}`;

/** `remediate:go/path-in-root`: files opened under a directory through os.Root. */
export const goPathInRoot = defineCodemod<Data>({
  id: 'remediate:go/path-in-root',
  languages: ['go'],
  rules: { gosec: ['G304', 'G703'], semgrep: [SEMGREP_GO.filePath] },
  cwe: [22],
  owasp: ['A01:2021'],
  title: 'Files opened inside their directory (os.Root)',
  description:
    '`os.Open(filepath.Join(dir, name))` becomes `os.OpenInRoot(dir, name)`, and ' +
    '`os.ReadFile` or `ioutil.ReadFile` of `filepath.Join(dir, name)` a `readFileIn(dir, name)` helper over ' +
    '`os.OpenRoot`: the name can no longer leave `dir`, through `..`, an absolute path or a ' +
    'symbolic link. Needs Go 1.24 (os.Root), read from go.mod. A path not built under a ' +
    'directory has nothing to confine it to and is left with the reason, as are `OpenFile`, ' +
    '`Create`, `Stat` and `Remove` under a directory (the root must be opened where it lives).',
  rationale: {
    problem:
      'A name from a request joined to a directory (`../../etc/passwd`, or a symbolic link in ' +
      'an upload directory) reads files outside it: `filepath.Join` cleans `..` away but does ' +
      'not keep the result inside the directory.',
    change:
      'The file is opened through `os.Root`, which resolves the name inside the directory and ' +
      'fails for any name (or link) that would leave it.',
    safety:
      'Names that stay inside the directory open the same file with the same result types ' +
      '(`*os.File`, `[]byte`); the others fail with an error instead of reading elsewhere.',
  },
  references: [
    { title: 'os.Root (Go 1.24)', url: 'https://go.dev/blog/osroot' },
    {
      title: 'CWE-22: Path Traversal',
      url: 'https://cwe.mitre.org/data/definitions/22.html',
    },
  ],
  detect: fileReads,
  fix: ({ node, data }, editor, ctx) => {
    const { os, name, join, rewritable } = data!;
    if (!join) {
      return notApplicable(
        'unsafe_to_change',
        'the path is not built under a directory (filepath.Join(dir, ...)), so there is no root to confine it to',
      );
    }
    if (!rewritable) {
      return notApplicable(
        'unsafe_to_change',
        `${name} under a directory needs the directory opened once as an os.Root and ${name.replace(/^ioutil\./, '')} called on it (os.Root has OpenFile, Create, Stat, Lstat, Remove; Go 1.25 adds more): written by hand where the root lives`,
      );
    }
    const goMod = nearestFile(ctx.input, ctx.input.path, 'go.mod');
    if (!goMod || !goAtLeast(ctx.fileText(goMod.path) ?? goMod.text, 1, 24)) {
      return notApplicable(
        'unsafe_to_change',
        'os.Root needs Go 1.24; the module declares an older go version (or no go.mod was read)',
      );
    }
    const [dir, ...parts] = argsOf(join);
    const filepath = calleeOf(join)!.operand;
    // Go refuses an import nothing uses: path/filepath goes when this join was its only use.
    if (parts.length === 1 && packageUses(editor.root, filepath).length === 1)
      removeGoImport(editor, 'path/filepath');
    const inner =
      parts.length === 1
        ? parts[0]!.text()
        : `${filepath}.Join(${parts.map((p) => p.text()).join(', ')})`;
    if (name === 'Open') {
      editor.replace(node, `${os}.OpenInRoot(${dir!.text()}, ${inner})`);
      return;
    }
    if (name.startsWith('ioutil.')) {
      const ioutil = calleeOf(node)!.operand;
      if (packageUses(editor.root, ioutil).length === 1) removeGoImport(editor, 'io/ioutil');
    }
    // Imports added at one place keep the order they are asked for: sorted, as gofmt wants.
    const io = ensureGoImport(editor, 'io', 'stdio');
    const osName = ensureGoImport(editor, 'os', 'stdos');
    const helper =
      io && osName && ensureGoHelper(editor, { name: 'readFileIn', code: READ_IN(osName, io) });
    if (!helper) return notApplicable('unsafe_to_change', 'the name readFileIn, os or io is taken');
    editor.replace(node, `${helper}(${dir!.text()}, ${inner})`);
  },
});
