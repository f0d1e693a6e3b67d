import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import { nearestFile } from '../../manifests/nearest.js';
import { goAtLeast } from '../shared/go-mod.js';
import {
  argsOf,
  enclosingFunction,
  packageCalls,
  returnWithError,
  statementOf,
} from '../shared/func.js';
import { SEMGREP_GO } from '../shared/ids.js';
import { ensureGoImport, importedAs } from '../shared/imports.js';

interface Data {
  /** The archive entry name as written (`f.Name`, `hdr.Name`, `name`). */
  entry: SgNode;
  filepath: string;
}

/** Identifiers bound to archive entries: `for _, f := range zr.File` and `hdr, err := tr.Next()`. */
const entryVariables = (fn: SgNode): Set<string> => {
  const out = new Set<string>();
  for (const loop of fn.findAll({ rule: { kind: 'range_clause' } })) {
    const right = loop.field('right')?.text() ?? '';
    const names = loop.field('left')?.namedChildren() ?? [];
    if (/\.File$/.test(right) && names[1]) out.add(names[1].text());
  }
  for (const decl of fn.findAll({ rule: { kind: 'short_var_declaration' } })) {
    const value = decl.field('right')?.text() ?? '';
    const first = decl.field('left')?.namedChildren()[0];
    if (/^\w+\.Next\(\)$/.test(value) && first) out.add(first.text());
  }
  return out;
};

/** `name := f.Name` in the same function, for an entry variable `f`. */
const nameAliases = (fn: SgNode, entries: Set<string>): Set<string> => {
  const out = new Set<string>();
  for (const decl of fn.findAll({ rule: { kind: 'short_var_declaration' } })) {
    const left = decl.field('left')?.namedChildren() ?? [];
    const right = decl.field('right')?.namedChildren() ?? [];
    if (left.length === 1 && right.length === 1 && isEntryName(right[0]!, entries))
      out.add(left[0]!.text());
  }
  return out;
};

/**
 * Names bound from a call given an entry's name, with the call's name: `d, f :=
 * splitpath(file.Name)` → d and f, through `splitpath()`.
 */
const derivedNames = (
  fn: SgNode,
  entries: Set<string>,
  aliases: Set<string>,
): Map<string, string> => {
  const out = new Map<string, string>();
  for (const decl of fn.findAll({
    rule: { any: [{ kind: 'short_var_declaration' }, { kind: 'assignment_statement' }] },
  })) {
    const right = decl.field('right')?.namedChildren() ?? [];
    const call = right.length === 1 && right[0]!.kind() === 'call_expression' ? right[0]! : null;
    if (!call) continue;
    const fromEntry = argsOf(call).some(
      (a) => isEntryName(a, entries) || (a.kind() === 'identifier' && aliases.has(a.text())),
    );
    if (!fromEntry) continue;
    for (const name of decl.field('left')?.namedChildren() ?? [])
      if (name.kind() === 'identifier') out.set(name.text(), call.field('function')!.text());
  }
  return out;
};

/**
 * The map a joined path is only ever a key of (`dirname := filepath.Join(d, f)` then
 * `fs.files[dirname]`): the path names no file, nothing is opened or written from it. Null when
 * the join is not stored in one variable or a use of it is anything but a map index.
 */
const onlyAKeyOf = (join: SgNode, fn: SgNode): string | null => {
  const decl = join.parent()?.parent();
  if (decl?.kind() !== 'short_var_declaration' && decl?.kind() !== 'assignment_statement')
    return null;
  const left = decl.field('left')?.namedChildren() ?? [];
  if (left.length !== 1 || left[0]!.kind() !== 'identifier') return null;
  const name = left[0]!.text();
  const uses = fn
    .findAll({ rule: { kind: 'identifier', regex: `^${name}$` } })
    .filter((u) => u.range().start.index > decl.range().end.index);
  const maps = uses.map((u) => {
    const parent = u.parent();
    return parent?.kind() === 'index_expression' &&
      parent.field('index')?.range().start.index === u.range().start.index
      ? parent.field('operand')!.text()
      : null;
  });
  if (maps.length === 0 || maps.some((m) => m === null)) return null;
  return maps[0]!;
};

const isEntryName = (node: SgNode, entries: Set<string>): boolean =>
  node.kind() === 'selector_expression' &&
  node.field('field')?.text() === 'Name' &&
  entries.has(node.field('operand')?.text() ?? '');

const unsafeJoins = (file: SourceFile): Site<Data>[] =>
  (['path/filepath', 'path'] as const).flatMap((path) => {
    const local = importedAs(file.root, path);
    if (!local) return [];
    const filepath = importedAs(file.root, 'path/filepath') ?? 'filepath';
    return packageCalls(file.root, local, /^Join$/).flatMap((join): Site<Data>[] => {
      const fn = enclosingFunction(join);
      if (!fn) return [];
      const entries = entryVariables(fn);
      const aliases = nameAliases(fn, entries);
      const [base, ...rest] = argsOf(join);
      const derived = derivedNames(fn, entries, aliases);
      const isDerived = (a: SgNode | undefined) =>
        a?.kind() === 'identifier' && derived.has(a.text());
      // The name as the archive wrote it, an alias of it, or a value computed from it
      // (`name := strings.TrimPrefix(f.Name, "./")`): the check reads what is joined.
      const entry = rest.find(
        (a) =>
          isEntryName(a, entries) ||
          (a.kind() === 'identifier' && aliases.has(a.text())) ||
          isDerived(a),
      );
      if (!entry && !isDerived(base)) return [];
      const key = onlyAKeyOf(join, fn);
      if (key) {
        const decline = `the joined path names no file: it is only a key of ${key} (an in-memory index), nothing is opened or written from it`;
        return [{ node: join, decline }];
      }
      if (!entry || isDerived(base)) {
        const decline = `the directory ${base!.text()} itself comes from the entry name (through ${derived.get(base!.text())}()): there is no fixed destination to keep the entry inside`;
        return [{ node: join, decline }];
      }
      const statement = statementOf(join);
      return [
        { node: join, ...(statement ? { scope: statement } : {}), data: { entry, filepath } },
      ];
    });
  });

/** `remediate:go/zip-slip`: archive entry names checked with filepath.IsLocal before use. */
export const goZipSlip = defineCodemod<Data>({
  id: 'remediate:go/zip-slip',
  languages: ['go'],
  rules: { gosec: ['G305'], semgrep: [SEMGREP_GO.zipSlip] },
  cwe: [22],
  owasp: ['A01:2021'],
  title: 'Archive entries kept inside the destination',
  description:
    'Before `filepath.Join(dest, f.Name)` of a zip entry (`range zr.File`) or a tar header ' +
    '(`tr.Next()`), adds `if !filepath.IsLocal(f.Name) { return ..., fmt.Errorf(...) }` and ' +
    'joins `filepath.FromSlash(f.Name)` (archive names are slash-separated). Needs Go 1.20 ' +
    '(`filepath.IsLocal`) and a function that returns an error; otherwise left with the reason. ' +
    'A joined path that is only a map key (an in-memory index of the entries, as in a zip file ' +
    'system) names no file and is left with that reason, as is a join whose directory is itself ' +
    'computed from the entry name. A name computed from the entry (`strings.TrimPrefix(f.Name, ' +
    '"./")`) is checked as it is joined.',
  rationale: {
    problem:
      'An archive entry named `../../home/app/.ssh/authorized_keys` or `/etc/cron.d/x` is joined ' +
      'to the destination and written outside it (Zip Slip): extracting an uploaded archive ' +
      'overwrites arbitrary files.',
    change:
      'Entries whose name is absolute, contains `..` that climbs out, or is a reserved name are ' +
      'refused with an error before anything is written.',
    safety:
      '`filepath.IsLocal` accepts every name that stays under the destination, so legitimate ' +
      "archives extract as before. `FromSlash` is the identity on Unix and turns the archive's " +
      '`/` into `\\` on Windows, as the zip and tar formats intend.',
  },
  references: [
    { title: 'path/filepath IsLocal', url: 'https://pkg.go.dev/path/filepath#IsLocal' },
    { title: 'Zip Slip', url: 'https://security.snyk.io/research/zip-slip-vulnerability' },
  ],
  detect: unsafeJoins,
  fix: ({ node, data }, editor, ctx) => {
    const { entry } = data!;
    const goMod = nearestFile(ctx.input, ctx.input.path, 'go.mod');
    if (goMod && !goAtLeast(ctx.fileText(goMod.path) ?? goMod.text, 1, 20)) {
      return notApplicable(
        'unsafe_to_change',
        'filepath.IsLocal needs Go 1.20; the module declares an older go version',
      );
    }
    const statement = statementOf(node);
    if (!statement || statement.parent()?.kind() !== 'statement_list') {
      return notApplicable(
        'unsafe_to_change',
        'the join is not in a statement a check can precede',
      );
    }
    const fmt = ensureGoImport(editor, 'fmt', 'stdfmt');
    const filepath = ensureGoImport(editor, 'path/filepath', 'stdfilepath');
    const leave =
      fmt &&
      returnWithError(
        node,
        `${fmt}.Errorf("archive entry %q leaves the destination", ${entry.text()})`,
      );
    if (!leave || !filepath) {
      return notApplicable(
        'unsafe_to_change',
        'the function does not return an error (or has named results), so there is no way to refuse the entry here',
      );
    }
    const { lines, style } = editor.file;
    const line = statement.range().start.line;
    const indent = lines.indentOf(line);
    editor.insert(
      lines.lineStart(line),
      `${indent}if !${filepath}.IsLocal(${entry.text()}) {\n${indent}${style.indent}${leave}\n${indent}}\n`,
    );
    editor.replace(entry, `${filepath}.FromSlash(${entry.text()})`);
  },
});
