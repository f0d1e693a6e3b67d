import type { SgNode } from '@ast-grep/napi';
import type { FileEditor } from '../../engine/file-editor.js';

/** One import spec of a Go file: `alias "path"` inside `import (...)` or `import "path"`. */
export interface GoImport {
  spec: SgNode;
  /** The `import` declaration holding it. */
  declaration: SgNode;
  path: string;
  /** The explicit name (`crand`, `_`, `.`), or null. */
  alias: string | null;
  /** The name the file uses for the package (alias, else the path's package name). */
  local: string;
  grouped: boolean;
}

/**
 * The package name of an import path as `goimports` guesses it: the last element, skipping a
 * major-version suffix (`math/rand/v2` → `rand`) and a `.vN`/`go-` decoration
 * (`gopkg.in/yaml.v3` → `yaml`, `go-sql-driver/mysql` → `mysql`).
 */
export const packageName = (path: string): string => {
  const parts = path.split('/');
  let last = parts.at(-1) ?? path;
  if (/^v\d+$/.test(last) && parts.length > 1) last = parts.at(-2)!;
  return last
    .replace(/\.v\d+$/, '')
    .replace(/^go-/, '')
    .replace(/[-.]go$/, '')
    .replace(/[^A-Za-z0-9_]/g, '_');
};

/** Standard-library paths have no dot in their first element (goimports' grouping rule). */
export const isStdlib = (path: string): boolean => !path.split('/')[0]!.includes('.');

/** Every import of a Go file, in source order. */
export const goImports = (root: SgNode): GoImport[] =>
  root
    .children()
    .filter((n) => n.kind() === 'import_declaration')
    .flatMap((declaration) =>
      declaration.findAll({ rule: { kind: 'import_spec' } }).map((spec) => {
        const path = spec.field('path')?.text().slice(1, -1) ?? '';
        const alias = spec.field('name')?.text() ?? null;
        return {
          spec,
          declaration,
          path,
          alias,
          local: alias ?? packageName(path),
          grouped: declaration.find({ rule: { kind: 'import_spec_list' } }) !== null,
        };
      }),
    );

/** The name a file uses for an imported package (`md5`, `crand`), or null when not imported. */
export const importedAs = (root: SgNode, path: string): string | null =>
  goImports(root).find((i) => i.path === path && i.alias !== '_' && i.alias !== '.')?.local ?? null;

/** Selector expressions and qualified types that use an imported package's name (`md5.New`). */
export const packageUses = (root: SgNode, local: string): SgNode[] => [
  ...root
    .findAll({ rule: { kind: 'selector_expression' } })
    .filter(
      (s) => s.field('operand')?.kind() === 'identifier' && s.field('operand')?.text() === local,
    ),
  ...root
    .findAll({ rule: { kind: 'qualified_type' } })
    .filter((t) => t.field('package')?.text() === local),
];

/** True when a top-level declaration, import or any identifier already uses `name`. */
export const nameTaken = (root: SgNode, name: string): boolean =>
  goImports(root).some((i) => i.local === name) ||
  root.find({
    rule: { any: [{ kind: 'identifier' }, { kind: 'package_identifier' }], regex: `^${name}$` },
  }) !== null;

const specLine = (alias: string | null, path: string) => `${alias ? `${alias} ` : ''}"${path}"`;

/**
 * The name to write for package `path`, importing it once if needed in `goimports` order:
 * standard-library imports in the first group, sorted, others in the last non-standard group
 * (a new group after a blank line when there is none); a lone `import "x"` becomes a block.
 * `alias` is used when the package's own name is taken; null when both are taken.
 */
export const ensureGoImport = (editor: FileEditor, path: string, alias?: string): string | null => {
  const key = `go-import:${path}`;
  const memo = editor.memo.get(key);
  if (memo) return memo;
  const existing = importedAs(editor.root, path);
  if (existing) return existing;
  const own = packageName(path);
  const removed = new Set((editor.memo.get('go-removed') ?? '').split('\0'));
  const imports = goImports(editor.root);
  // A package whose import the fix removes leaves its name free (the fix rewrote every use).
  const freed = imports.filter((i) => removed.has(i.path)).map((i) => i.local);
  const free = (name: string) =>
    !imports.some((i) => i.local === name && !removed.has(i.path)) &&
    (freed.includes(name) ||
      editor.root.find({ rule: { kind: 'identifier', regex: `^${name}$` } }) === null);
  const local = free(own) ? own : alias && free(alias) ? alias : null;
  if (!local) return null;
  addImport(editor, local === own ? null : local, path);
  editor.memo.set(key, local);
  return local;
};

const addImport = (editor: FileEditor, alias: string | null, path: string): void => {
  const { lines } = editor.file;
  const removed = new Set((editor.memo.get('go-removed') ?? '').split('\0'));
  const imports = goImports(editor.root).filter((i) => !removed.has(i.path));
  const block = imports.find((i) => i.grouped)?.declaration;
  const line = specLine(alias, path);
  if (block) {
    const specs = imports.filter((i) => i.declaration === block);
    // Groups are runs of specs separated by blank lines.
    const groups: GoImport[][] = [];
    let prevLine = -2;
    for (const spec of specs) {
      const at = spec.spec.range().start.line;
      const blank = lines.text
        .slice(lines.lineStart(prevLine + 1), lines.lineStart(at))
        .split('\n')
        .some((l, i, all) => i < all.length - 1 && l.trim() === '');
      if (groups.length === 0 || (prevLine >= 0 && blank)) groups.push([]);
      groups.at(-1)!.push(spec);
      prevLine = spec.spec.range().end.line;
    }
    const std = isStdlib(path);
    const group = std
      ? groups.find((g) => g.every((s) => isStdlib(s.path)))
      : groups.findLast((g) => g.some((s) => !isStdlib(s.path)));
    const indent = specs[0] ? lines.indentOf(specs[0].spec.range().start.line) : '\t';
    if (group) {
      const next = group.find((s) => s.path > path);
      if (next) {
        const at = lines.lineStart(next.spec.range().start.line);
        editor.insert(at, `${indent}${line}\n`, 'import');
      } else {
        const last = group.at(-1)!.spec;
        editor.insert(lines.lineEnd(last.range().end.line), `\n${indent}${line}`, 'import');
      }
      return;
    }
    if (std && specs[0]) {
      const at = lines.lineStart(specs[0].spec.range().start.line);
      editor.insert(at, `${indent}${line}\n\n`, 'import');
      return;
    }
    const last = specs.at(-1)?.spec;
    if (last) {
      editor.insert(lines.lineEnd(last.range().end.line), `\n\n${indent}${line}`, 'import');
      return;
    }
  }
  const single = imports.filter((i) => !i.grouped);
  if (single.length === 1) {
    const only = single[0]!;
    const both = [only, { path, alias, line }]
      .map((i) => ({ path: i.path, text: specLine(i.alias, i.path) }))
      .sort((a, b) => a.path.localeCompare(b.path));
    const std = both.filter((i) => isStdlib(i.path));
    const other = both.filter((i) => !isStdlib(i.path));
    const body = [std, other]
      .filter((g) => g.length > 0)
      .map((g) => g.map((i) => `\t${i.text}`).join('\n'))
      .join('\n\n');
    editor.replace(only.declaration, `import (\n${body}\n)`, 'import');
    return;
  }
  const last = single.at(-1)?.declaration;
  if (last) {
    editor.insert(lines.lineEnd(last.range().end.line), `\nimport ${line}`, 'import');
    return;
  }
  const pkg = editor.root.children().find((n) => n.kind() === 'package_clause');
  const at = pkg ? lines.lineEnd(pkg.range().end.line) : 0;
  editor.insert(at, `\n\nimport ${line}`, 'import');
};

/**
 * Removes the import of `path` (a package the fix no longer uses: Go refuses to compile an
 * unused import). The spec's line goes, with a blank line it would leave doubled; a lone
 * `import "x"` declaration goes whole.
 */
export const removeGoImport = (editor: FileEditor, path: string): void => {
  const found = goImports(editor.root).find((i) => i.path === path);
  if (!found) return;
  editor.memo.set('go-removed', `${editor.memo.get('go-removed') ?? ''}\0${path}`);
  const { lines, text } = editor.file;
  const siblings = goImports(editor.root).filter((i) => i.declaration === found.declaration);
  const target = !found.grouped || siblings.length === 1 ? found.declaration : found.spec;
  const first = target.range().start.line;
  const last = target.range().end.line;
  const lineText = (line: number) =>
    line < 0 ? null : text.slice(lines.lineStart(line), lines.lineEnd(line)).trim();
  const beyond = lines.lineStart(last + 1) >= text.length;
  let start = lines.lineStart(first);
  let end = lines.lineStart(last + 1);
  const above = lineText(first - 1);
  const below = beyond ? null : lineText(last + 1);
  // gofmt allows no blank line doubled, after `import (` or before `)`.
  if (above === '' && (below === '' || below === ')' || below === null)) {
    start = lines.lineStart(first - 1);
  } else if (above?.endsWith('(') && below === '') {
    end = lines.lineStart(last + 2);
  }
  editor.replace({ start, end: Math.min(end, text.length) }, '', 'import');
};
