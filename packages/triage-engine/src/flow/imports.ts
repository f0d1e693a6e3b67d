import { named, parsed, flowLanguageOf, type FlowLanguage, type Node } from './node.js';

// Functions a file imports from the project's own modules (`from .base import check`,
// `import { check } from './check.js'`, `const { check } = require('./check')`): where they are
// defined, so a guard call can be read where it is written. Packages from a registry are not
// followed: their file is not the project's.

/**
 * A name the file imports: the module as written and the name it has there (`*`: the module
 * itself, `default`: its default export, `a.b`: a member of it, as `require('m').a.b`).
 */
export interface Imported {
  module: string;
  name: string;
}

const unquote = (s: string): string => s.replace(/^['"`]|['"`]$/g, '');

const IMPORTS = new WeakMap<Node, Map<string, Imported>>();

/** The names a file imports from modules, by their local name (kept per tree). */
export const importsOf = (root: Node, lang: FlowLanguage): Map<string, Imported> => {
  const hit = IMPORTS.get(root);
  if (hit) return hit;
  const out = readImports(root, lang);
  IMPORTS.set(root, out);
  return out;
};

const readImports = (root: Node, lang: FlowLanguage): Map<string, Imported> => {
  const out = new Map<string, Imported>();
  if (lang === 'python') {
    // import os.path as osp
    for (const st of root.findAll({ rule: { kind: 'import_statement' } }))
      for (const c of named(st))
        if (c.kind() === 'aliased_import') {
          const module = c.field('name')?.text();
          const alias = c.field('alias')?.text();
          if (module && alias) out.set(alias, { module, name: '*' });
        }
    for (const st of root.findAll({ rule: { kind: 'import_from_statement' } })) {
      const module = st.field('module_name')?.text();
      if (!module) continue;
      for (const n of st.fieldChildren('name')) {
        if (n.kind() === 'aliased_import') {
          const name = n.field('name')?.text();
          const alias = n.field('alias')?.text();
          if (name && alias) out.set(alias, { module, name });
        } else out.set(n.text(), { module, name: n.text() });
      }
    }
    return out;
  }
  if (lang === 'go') {
    // import "example.com/mod/pkg" / import alias "…": the package by its local name.
    for (const spec of root.findAll({ rule: { kind: 'import_spec' } })) {
      const path = unquote(spec.field('path')?.text() ?? '');
      const alias = spec.field('name')?.text();
      const last = path
        .split('/')
        .filter((x) => !/^v\d+$/.test(x))
        .pop();
      const local = alias ?? last;
      if (path && local && local !== '_' && local !== '.')
        out.set(local, { module: path, name: '*' });
    }
    return out;
  }
  if (lang === 'java') return out;
  // const m = require('m'), const { a, b: c } = require('m').sub
  for (const d of root.findAll({ rule: { kind: 'variable_declarator' } })) {
    const value = d.field('value');
    const pattern = d.field('name');
    if (!value || !pattern) continue;
    const req = /^require\s*\(\s*(['"`][^'"`]+['"`])\s*\)((?:\.[\w$]+)*)$/.exec(value.text());
    if (!req) continue;
    const module = unquote(req[1]!);
    const member = (req[2] ?? '').slice(1);
    const of = (name: string) => [member, name].filter(Boolean).join('.');
    if (pattern.kind() === 'identifier') out.set(pattern.text(), { module, name: member || '*' });
    else if (pattern.kind() === 'object_pattern')
      for (const p of named(pattern)) {
        if (p.kind() === 'shorthand_property_identifier_pattern')
          out.set(p.text(), { module, name: of(p.text()) });
        else if (p.kind() === 'pair_pattern' && p.field('value')?.kind() === 'identifier') {
          const key = p.field('key')?.text();
          if (key) out.set(p.field('value')!.text(), { module, name: of(key) });
        }
      }
  }
  // import d, * as ns, { a, b as c } from 'm'
  for (const st of root.findAll({ rule: { kind: 'import_statement' } })) {
    const source = st.field('source');
    if (!source) continue;
    const module = unquote(source.text());
    const clause = named(st).find((x) => x.kind() === 'import_clause');
    for (const c of clause ? named(clause) : []) {
      if (c.kind() === 'identifier') out.set(c.text(), { module, name: 'default' });
      else if (c.kind() === 'namespace_import') {
        const id = named(c).find((x) => x.kind() === 'identifier');
        if (id) out.set(id.text(), { module, name: '*' });
      } else if (c.kind() === 'named_imports')
        for (const spec of named(c).filter((x) => x.kind() === 'import_specifier')) {
          const name = spec.field('name')?.text();
          if (name) out.set(spec.field('alias')?.text() ?? name, { module, name });
        }
    }
  }
  return out;
};

const dirname = (path: string): string => path.split('/').slice(0, -1).join('/');

/** `a/b/../c/./d` → `a/c/d`; null when it climbs above the root. */
const normal = (path: string): string | null => {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (!out.length) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join('/');
};

const JS_EXTENSIONS = ['.js', '.ts', '.tsx', '/index.js', '/index.ts'];

/**
 * The repository paths a module of the project may be read from, most likely first, for a file
 * at `uri`: relative imports against its folder; Python's absolute ones against the folder the
 * package's top name sits in (`src/` layouts too). Registry packages give none.
 */
export const modulePaths = (uri: string, lang: FlowLanguage, module: string): string[] => {
  if (lang === 'python') {
    const dots = /^\.*/.exec(module)![0].length;
    const rest = module.slice(dots).replace(/\./g, '/');
    let base: string;
    if (dots > 0) {
      base = dirname(uri);
      for (let i = 1; i < dots; i++) base = dirname(base);
    } else {
      const top = rest.split('/')[0]!;
      const at = `/${uri}`.lastIndexOf(`/${top}/`);
      if (at < 0) return [];
      base = uri.slice(0, at).replace(/\/$/, '');
    }
    const stem = normal([base, rest].filter(Boolean).join('/'));
    return stem === null ? [] : [`${stem}.py`, `${stem}/__init__.py`];
  }
  if (!module.startsWith('.')) return [];
  const stem = normal(`${dirname(uri)}/${module}`);
  if (stem === null) return [];
  // `./check.js` in TypeScript sources names `./check.ts`.
  const bare = stem.replace(/\.(js|mjs|cjs)$/, '');
  return [...new Set([stem, ...JS_EXTENSIONS.map((ext) => bare + ext)])];
};

/** Names the file calls directly (`check(x)`, `await check(x)`, `y = quote(x)`). */
const calledNames = (root: Node, lang: FlowLanguage): Set<string> => {
  const out = new Set<string>();
  for (const e of root.findAll({
    rule: { kind: lang === 'python' ? 'call' : 'call_expression' },
  })) {
    const fn = e.field('function')?.text() ?? '';
    if (/^[\w$]+$/.test(fn)) out.add(fn);
  }
  return out;
};

/** The module a Go file belongs to: the nearest go.mod above it and the path it declares. */
export const goModuleOf = (
  uri: string,
  goMod: (path: string) => string | undefined,
): { dir: string; path: string } | null => {
  for (let dir = dirname(uri); ; dir = dirname(dir)) {
    const text = goMod(dir ? `${dir}/go.mod` : 'go.mod');
    const m = text === undefined ? null : /^\s*module\s+("?)([^\s"]+)\1\s*$/m.exec(text);
    if (m) return { dir, path: m[2]! };
    if (!dir) return null;
  }
};

/**
 * The folders of the Go packages a file calls into within its own module: its own folder (the
 * package spreads over its files) and each imported package of the module it calls a function of.
 */
export const goPackageDirs = (
  uri: string,
  text: string,
  module: { dir: string; path: string } | null,
): string[] => {
  let root: Node;
  try {
    root = parsed(uri, 'go', text);
  } catch {
    return [];
  }
  const key = module ? `${module.dir}\u0000${module.path}` : '';
  const hit = GO_DIRS.get(root)?.get(key);
  if (hit) return hit;
  const out = new Set([dirname(uri)]);
  const done = () => {
    const list = [...out];
    GO_DIRS.set(root, (GO_DIRS.get(root) ?? new Map<string, string[]>()).set(key, list));
    return list;
  };
  if (!module) return done();
  const called = new Set<string>();
  for (const e of root.findAll({ rule: { kind: 'call_expression' } })) {
    const m = /^([A-Za-z_]\w*)\.[A-Z]\w*$/.exec(e.field('function')?.text() ?? '');
    if (m) called.add(m[1]!);
  }
  for (const [local, { module: path }] of importsOf(root, 'go')) {
    const dir = called.has(local) ? goPackageDir(module, path) : null;
    if (dir !== null) out.add(dir);
  }
  return done();
};

/** goPackageDirs by tree and module. */
const GO_DIRS = new WeakMap<Node, Map<string, string[]>>();

/** The folder of Go import `path` when it lies in `module`, else null. */
const goPackageDir = (module: { dir: string; path: string }, path: string): string | null => {
  if (path !== module.path && !path.startsWith(`${module.path}/`)) return null;
  return [module.dir, path.slice(module.path.length + 1)].filter(Boolean).join('/');
};

/** The non-test Go files of folder `dir` among `files` (kept per source view). */
const GO_FILES = new WeakMap<ReadonlyMap<string, string>, Map<string, string[]>>();
const goFilesIn = (files: ReadonlyMap<string, string>, dir: string): string[] => {
  let byDir = GO_FILES.get(files);
  if (!byDir) {
    byDir = new Map();
    for (const k of files.keys())
      if (k.endsWith('.go') && !k.endsWith('_test.go')) {
        const d = dirname(k);
        byDir.set(d, [...(byDir.get(d) ?? []), k]);
      }
    GO_FILES.set(files, byDir);
  }
  return byDir.get(dir) ?? [];
};

/** importedPaths by tree: a batch's findings share few files, read again by every batch. */
const PATHS = new WeakMap<Node, string[]>();

/**
 * The project files a file imports the functions it calls from (a guard or a helper that builds
 * or cleans a value), for reading them along with it.
 */
export const importedPaths = (uri: string, text: string): string[] => {
  const lang = flowLanguageOf(uri);
  if (!lang) return [];
  let root: Node;
  try {
    root = parsed(uri, lang, text);
  } catch {
    return [];
  }
  const hit = PATHS.get(root);
  if (hit) return hit;
  const imports = importsOf(root, lang);
  // Most files import no project function: no walk over their calls.
  const called = imports.size ? calledNames(root, lang) : new Set<string>();
  const out = new Set<string>();
  for (const [local, { module }] of imports)
    if (called.has(local)) for (const p of modulePaths(uri, lang, module)) out.add(p);
  PATHS.set(root, [...out]);
  return [...out];
};

/** The name of the function a module exports as default (`export default function f`, `export default f`). */
const defaultExport = (root: Node): string | null => {
  for (const st of named(root)) {
    if (st.kind() !== 'export_statement' || !/^export\s+default\b/.test(st.text())) continue;
    const decl = st.field('declaration') ?? st.field('value');
    return decl?.kind() === 'identifier' ? decl.text() : (decl?.field('name')?.text() ?? null);
  }
  return null;
};

/** A function another file of the project defines, with that file's tree and facts. */
export interface ImportedFunction<F> {
  fn: Node;
  root: Node;
  lang: FlowLanguage;
  facts: F;
}

/**
 * Finds the definition of a function the file at `uri` imports, in `files` (the source view):
 * null when the name is not imported from the project or its file is not in view.
 */
export const importedFunctions = <F extends { functions: Map<string, Node> }>(
  root: Node,
  lang: FlowLanguage,
  uri: string,
  files: ReadonlyMap<string, string>,
  factsOf: (root: Node, lang: FlowLanguage) => F,
): ((name: string) => ImportedFunction<F> | null) => {
  let imports: Map<string, Imported> | null = null;
  /** The tree of a file in view (undefined: not in view; null: it does not parse). */
  const treeOf = (path: string): { root: Node; lang: FlowLanguage } | null | undefined => {
    if (path === uri) return { root, lang };
    const text = files.get(path);
    const other = text === undefined ? null : flowLanguageOf(path);
    if (text === undefined || !other) return undefined;
    try {
      return { root: parsed(path, other, text), lang: other };
    } catch {
      return null;
    }
  };
  const inFile = (path: string, name: string): ImportedFunction<F> | null | undefined => {
    const tree = treeOf(path);
    if (!tree) return tree;
    const { root: otherRoot, lang: other } = tree;
    const facts = factsOf(otherRoot, other);
    const fn = facts.functions.get(name === 'default' ? (defaultExport(otherRoot) ?? '') : name);
    return fn ? { fn, root: otherRoot, lang: other, facts } : null;
  };
  // Go: `Clean(x)` from another file of the package, `pkg.Clean(x)` from a package of the module.
  const inGoPackage = (dir: string, name: string): ImportedFunction<F> | null => {
    for (const path of goFilesIn(files, dir)) {
      if (path === uri) continue;
      const found = inFile(path, name);
      if (found) return found;
    }
    return null;
  };
  // Go: `x.method(…)`, the one method of that name the package declares (in any of its files).
  // Unexported only: no type of another package has it, so the value is one of this package's.
  const goMethod = (name: string): ImportedFunction<F> | null => {
    if (!/^[a-z_]/.test(name)) return null;
    let found: ImportedFunction<F> | null = null;
    for (const path of new Set([uri, ...goFilesIn(files, dirname(uri))])) {
      const tree = treeOf(path);
      if (!tree) continue;
      for (const m of tree.root.findAll({ rule: { kind: 'method_declaration' } })) {
        if (m.field('name')?.text() !== name) continue;
        if (found) return null;
        found = { fn: m, root: tree.root, lang: 'go', facts: factsOf(tree.root, 'go') };
      }
    }
    return found;
  };
  let module: { dir: string; path: string } | null | undefined;
  return (name) => {
    imports ??= importsOf(root, lang);
    if (lang === 'go') {
      const dot = name.indexOf('.');
      if (dot < 0) return inGoPackage(dirname(uri), name);
      const imp = imports.get(name.slice(0, dot));
      if (!imp) return goMethod(name.slice(name.lastIndexOf('.') + 1));
      if (module === undefined) module = goModuleOf(uri, (p) => files.get(p));
      const dir = imp && module ? goPackageDir(module, imp.module) : null;
      return dir === null ? null : inGoPackage(dir, name.slice(dot + 1));
    }
    const imp = imports.get(name);
    if (!imp) return null;
    for (const path of modulePaths(uri, lang, imp.module)) {
      const found = inFile(path, imp.name);
      if (found !== undefined) return found;
    }
    return null;
  };
};
