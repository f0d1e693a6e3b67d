import type { SgNode } from '@ast-grep/napi';
import { literalValue } from './strings.js';

/**
 * What each imported local name stands for: `import a.b as x` → `x: a.b`, `import a.b` →
 * `a: a`, `from a.b import c as d` → `d: a.b.c`. Relative and `*` imports are left out, and so
 * is a name the file also binds some other way (an assignment, a parameter, a `def`), since a
 * call through it may not reach the module.
 */
export type ImportMap = ReadonlyMap<string, string>;

const aliasOf = (item: SgNode): [string, string] | null => {
  if (item.kind() === 'dotted_name') return [item.text(), item.text()];
  if (item.kind() !== 'aliased_import') return null;
  return [item.field('name')!.text(), item.field('alias')!.text()];
};

/** The class or function whose body holds a node (null at module level). */
const scopeOf = (node: SgNode): SgNode | null => {
  for (let n = node.parent(); n; n = n.parent()) {
    if (n.kind() === 'function_definition' || n.kind() === 'class_definition') return n;
  }
  return null;
};

/** The innermost function a binding at `node` is local to (null: the module). */
const functionOf = (node: SgNode): SgNode | null => {
  for (let n = node.parent(); n; n = n.parent()) {
    if (n.kind() === 'function_definition') return n;
  }
  return null;
};

/** Names a function declares `global` or `nonlocal`: its assignments bind them outside it. */
const declaredOutside = (fn: SgNode): Set<string> =>
  new Set(
    fn
      .findAll({ rule: { any: [{ kind: 'global_statement' }, { kind: 'nonlocal_statement' }] } })
      .flatMap((g) => g.namedChildren().map((n) => n.text())),
  );

/**
 * Identifiers the file binds other than by importing (a conservative over-approximation), each
 * with the functions it is local to, or `null` for a binding at module level (or through
 * `global`), which hides the import in the whole file. A class attribute or method (`pickle =
 * 'pickle'` in an Enum, `def random(self)`) is left out: it binds a name on the class, which
 * code outside the class body never sees unqualified.
 */
const otherBindings = (
  root: SgNode,
  skip: ReadonlySet<number> = new Set(),
): Map<string, (SgNode | null)[]> => {
  const names = new Map<string, (SgNode | null)[]>();
  const outside = new Map<number, Set<string>>();
  const bind = (name: string, at: SgNode, fn: SgNode | null = functionOf(at)) => {
    let scope = fn;
    if (scope) {
      if (!outside.has(scope.id())) outside.set(scope.id(), declaredOutside(scope));
      if (outside.get(scope.id())!.has(name)) scope = null;
    }
    names.set(name, [...(names.get(name) ?? []), scope]);
  };
  const inClassBody = (node: SgNode) => scopeOf(node)?.kind() === 'class_definition';
  const targets = (node: SgNode | null): void => {
    if (!node) return;
    if (node.kind() === 'identifier') bind(node.text(), node);
    else if (/pattern|tuple|list/.test(String(node.kind()))) node.children().forEach(targets);
  };
  for (const a of root.findAll({
    rule: { any: [{ kind: 'assignment' }, { kind: 'augmented_assignment' }] },
  })) {
    if (!inClassBody(a) && !skip.has(a.id())) targets(a.field('left'));
  }
  for (const f of root.findAll({ rule: { kind: 'for_statement' } })) targets(f.field('left'));
  for (const d of root.findAll({
    rule: { any: [{ kind: 'function_definition' }, { kind: 'class_definition' }] },
  })) {
    const name = d.field('name');
    if (name && !inClassBody(d)) bind(name.text(), d);
  }
  for (const p of root.findAll({ rule: { kind: 'parameters' } })) {
    const fn = p.parent()?.kind() === 'function_definition' ? p.parent()! : null;
    for (const param of p.namedChildren()) {
      const id =
        param.kind() === 'identifier' ? param : param.find({ rule: { kind: 'identifier' } });
      // A lambda's parameters (no function node here) count for the whole file, as before.
      if (id) bind(id.text(), id, fn);
    }
  }
  for (const a of root.findAll({ rule: { kind: 'as_pattern_target' } })) targets(a.child(0));
  return names;
};

/**
 * For each import map, the names that functions bind locally (a parameter `random`, a local
 * `sha1 = ...`) with those functions: inside them the name is not the import.
 */
const localShadows = new WeakMap<ImportMap, Map<string, SgNode[]>>();

/** True when `id` sits inside a function that binds its name (its defaults and annotations excepted). */
const shadowed = (id: SgNode, imports: ImportMap): boolean => {
  const functions = localShadows.get(imports)?.get(id.text());
  if (!functions) return false;
  const at = id.range().start.index;
  return functions.some((fn) => {
    const { start, end } = fn.range();
    if (at < start.index || at >= end.index) return false;
    // Parameter defaults and annotations are evaluated where the function is defined.
    const params = fn.field('parameters');
    const returns = fn.field('return_type');
    const outer = [params, returns].some(
      (n) => n && n.range().start.index <= at && at < n.range().end.index,
    );
    return !outer;
  });
};

/** What the import statements alone bind (no shadowing considered). */
const importsOnly = (root: SgNode): Map<string, string> => {
  const map = new Map<string, string>();
  for (const statement of root.findAll({ rule: { kind: 'import_statement' } })) {
    for (const item of statement.namedChildren()) {
      const pair = aliasOf(item);
      if (!pair) continue;
      const [name, alias] = pair;
      if (item.kind() === 'dotted_name') map.set(name.split('.')[0]!, name.split('.')[0]!);
      else map.set(alias, name);
    }
  }
  for (const statement of root.findAll({ rule: { kind: 'import_from_statement' } })) {
    const module = statement.field('module_name');
    if (!module || module.kind() !== 'dotted_name') continue;
    for (const item of statement.namedChildren()) {
      if (item.range().start.index === module.range().start.index) continue;
      const pair = aliasOf(item);
      if (pair) map.set(pair[1], `${module.text()}.${pair[0]}`);
    }
  }
  return map;
};

/** Calls that import a module by name and return it. */
const MODULE_LOADERS = new Set(['pytest.importorskip', 'importlib.import_module']);

/**
 * Module-level `name = pytest.importorskip("requests")` (a test module that needs an optional
 * dependency) and `name = importlib.import_module("m")`: the name is the module, as if imported.
 */
const moduleAssignments = (
  root: SgNode,
  imports: ImportMap,
): { assignment: SgNode; local: string; module: string }[] =>
  root
    .children()
    .filter((n) => n.kind() === 'expression_statement')
    .flatMap((statement) => statement.namedChildren())
    .filter((a) => a.kind() === 'assignment' && a.field('left')?.kind() === 'identifier')
    .flatMap((assignment) => {
      const call = assignment.field('right');
      if (call?.kind() !== 'call') return [];
      const loader = qualifiedName(call.field('function'), imports);
      const first = call.field('arguments')?.namedChildren()[0];
      const module = first ? literalValue(first) : null;
      if (!loader || !MODULE_LOADERS.has(loader) || !module || !/^[\w.]+$/.test(module)) return [];
      return [{ assignment, local: assignment.field('left')!.text(), module }];
    });

/** The file's import map (every import statement, top level or nested). */
export const importMap = (root: SgNode): ImportMap => {
  const map = new Map<string, string>();
  const raw = importsOnly(root);
  const loaded = moduleAssignments(root, raw);
  const bound = otherBindings(root, new Set(loaded.map((l) => l.assignment.id())));
  for (const { local, module } of loaded) map.set(local, module);
  for (const [local, name] of raw) map.set(local, name);
  const shadows = new Map<string, SgNode[]>();
  for (const [name, scopes] of bound) {
    if (scopes.includes(null)) map.delete(name);
    else if (map.has(name)) shadows.set(name, scopes as SgNode[]);
  }
  localShadows.set(map, shadows);
  return map;
};

/**
 * Every qualified name the file imports under `local` (`try: from sha1dc import sha1` /
 * `except ImportError: from hashlib import sha1` gives two), in file order.
 */
export const importSources = (root: SgNode, local: string): string[] => {
  const out: string[] = [];
  for (const statement of root.findAll({
    rule: { any: [{ kind: 'import_statement' }, { kind: 'import_from_statement' }] },
  })) {
    const module =
      statement.kind() === 'import_from_statement' ? statement.field('module_name') : null;
    if (statement.kind() === 'import_from_statement' && module?.kind() !== 'dotted_name') continue;
    for (const item of statement.namedChildren()) {
      if (module && item.id() === module.id()) continue;
      const pair = aliasOf(item);
      if (!pair) continue;
      const [name, alias] = pair;
      const bound = item.kind() === 'dotted_name' && !module ? name.split('.')[0]! : alias;
      if (bound !== local) continue;
      out.push(module ? `${module.text()}.${name}` : item.kind() === 'dotted_name' ? bound : name);
    }
  }
  return out;
};

/** `a.b.c` for an identifier or attribute chain whose root is imported, else null. */
export const qualifiedName = (node: SgNode | null, imports: ImportMap): string | null => {
  if (!node) return null;
  if (node.kind() === 'identifier')
    return shadowed(node, imports) ? null : (imports.get(node.text()) ?? null);
  if (node.kind() !== 'attribute') return null;
  const object = qualifiedName(node.field('object'), imports);
  return object ? `${object}.${node.field('attribute')!.text()}` : null;
};

/** The qualified name of a call's callee (`requests.get`), or null. */
export const calleeName = (call: SgNode, imports: ImportMap): string | null =>
  qualifiedName(call.field('function'), imports);

/** Every call in the file whose callee resolves to one of `names`, with the name. */
export const callsTo = (
  root: SgNode,
  imports: ImportMap,
  names: (name: string) => boolean,
): { call: SgNode; name: string }[] =>
  root.findAll({ rule: { kind: 'call' } }).flatMap((call) => {
    const name = calleeName(call, imports);
    return name && names(name) ? [{ call, name }] : [];
  });

/** True when any import in the file names `module` or one of its submodules. */
export const importsModule = (root: SgNode, module: string): boolean =>
  root
    .findAll({ rule: { any: [{ kind: 'import_statement' }, { kind: 'import_from_statement' }] } })
    .some((s) =>
      s
        .findAll({ rule: { kind: 'dotted_name' } })
        .some((d) => d.text() === module || d.text().startsWith(`${module}.`)),
    );

/** The function definition around a node, or null at module level. */
export const enclosingFunction = (node: SgNode): SgNode | null => {
  for (let n = node.parent(); n; n = n.parent()) {
    if (n.kind() === 'function_definition') return n;
  }
  return null;
};

/** The identifier at the root of an attribute chain (`a` of `a.b.c`). */
export const rootName = (node: SgNode): string => {
  let root = node;
  while (root.kind() === 'attribute') root = root.field('object')!;
  return root.text();
};

/** True when the file uses `name` as an identifier anywhere. */
export const nameUsed = (root: SgNode, name: string): boolean =>
  root.find({ rule: { kind: 'identifier', regex: `^${name}$` } }) !== null;
