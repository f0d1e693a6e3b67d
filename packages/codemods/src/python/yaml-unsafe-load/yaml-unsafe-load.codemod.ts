import type { SgNode } from '@ast-grep/napi';
import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { FileEditor } from '../../engine/file-editor.js';
import type { SourceFile } from '../../engine/source-file.js';
import type { Site } from '../../types.js';
import { appendToList } from '../../imports/list.js';
import { ensurePythonFromImport, pythonFromLocal } from '../../imports/python-imports.js';
import { argumentsOf } from '../shared/args.js';
import { dropImportsIfUnused, renameImportIfUnused } from '../shared/unused-import.js';
import { nestedSites, statementSites } from '../shared/statement-sites.js';
import { calleeName, importMap, qualifiedName, type ImportMap } from '../shared/names.js';

/** The unsafe PyYAML entry points and their safe equivalents. */
const SAFE: Record<string, string> = {
  load: 'safe_load',
  load_all: 'safe_load_all',
  unsafe_load: 'safe_load',
  unsafe_load_all: 'safe_load_all',
  full_load: 'safe_load',
  full_load_all: 'safe_load_all',
};
const UNSAFE_LOADERS = new Set([
  'Loader',
  'FullLoader',
  'UnsafeLoader',
  'CLoader',
  'CFullLoader',
  'CUnsafeLoader',
]);
const SAFE_LOADERS = new Set(['SafeLoader', 'CSafeLoader', 'BaseLoader', 'CBaseLoader']);

interface Data {
  /** The PyYAML function called (`load`, `unsafe_load`, ...). */
  fn: string;
  /** The callee node to rename: the attribute of `yaml.load` or the bare `load` name. */
  callee: SgNode;
  /** `yaml.load` (module attribute) or `load` (from-import). */
  style: 'attribute' | 'name';
  /** The loader argument, removed by the fix, or null. */
  loader: SgNode | null;
  /** Why the call cannot be rewritten safely, if it cannot. */
  refusal?: string;
}

const loaderOf = (args: SgNode[]): SgNode | null =>
  args.find((a) => a.kind() === 'keyword_argument' && a.field('name')?.text() === 'Loader') ??
  (args[1] && args[1].kind() !== 'keyword_argument' ? args[1] : null);

/** The loader class's name: `yaml.FullLoader`, `FullLoader`, or `Loader` bound to `yaml.CLoader`. */
const loaderName = (loader: SgNode, imports: ImportMap): string => {
  const value = loader.kind() === 'keyword_argument' ? loader.field('value')! : loader;
  const name = qualifiedName(value, imports) ?? value.text();
  return name.slice(name.lastIndexOf('.') + 1);
};

/**
 * Every call to an unsafe PyYAML loader in a file, resolved through its imports wherever they
 * are (module level, inside a function, under `try`/`if`), aliases and `from yaml import ...`.
 */
const unsafeLoads = (file: SourceFile): Site<Data>[] => {
  const imports = importMap(file.root);
  return file.root.findAll({ rule: { kind: 'call' } }).flatMap((call): Site<Data>[] => {
    const callee = call.field('function');
    const qualified = calleeName(call, imports);
    const fn = qualified?.startsWith('yaml.') ? qualified.slice('yaml.'.length) : undefined;
    if (!callee || !fn || !(fn in SAFE)) return [];
    const style: Data['style'] = callee.kind() === 'attribute' ? 'attribute' : 'name';
    const renamed = style === 'attribute' ? callee.field('attribute') : callee;
    if (!renamed) return [];
    const args = argumentsOf(call);
    const loader = fn === 'load' || fn === 'load_all' ? loaderOf(args) : null;
    if (loader && SAFE_LOADERS.has(loaderName(loader, imports))) {
      const name = loaderName(loader, imports);
      const decline = /Safe/.test(name)
        ? `the loader is already ${name}: nothing to change`
        : `the loader is ${name}, which builds only strings, lists and dicts and runs no constructors: the call is already safe (Bandit B506 accepts only SafeLoader and CSafeLoader)`;
      return [{ node: call, decline }];
    }
    const extra = args.filter((a) => a !== args[0] && a.id() !== loader?.id());
    const refusal =
      args.length === 0 ||
      args[0]!.kind() === 'keyword_argument' ||
      String(args[0]!.kind()).includes('splat')
        ? 'the stream is not a plain first argument'
        : extra.length > 0
          ? 'the call passes arguments besides the stream and the loader'
          : loader && !UNSAFE_LOADERS.has(loaderName(loader, imports))
            ? `custom loader ${loaderName(loader, imports)}: its constructors would be lost`
            : undefined;
    const data: Data = { fn, callee: renamed, style, loader, ...(refusal ? { refusal } : {}) };
    return [{ node: call, data }];
  });
};

/** The `from yaml import ...` statement that binds `local`, wherever it is. */
const fromImportBinding = (root: SgNode, local: string): SgNode | undefined =>
  root.findAll({ rule: { kind: 'import_from_statement' } }).find(
    (s) =>
      s.field('module_name')?.text() === 'yaml' &&
      s
        .namedChildren()
        .slice(1)
        .some((item) => (item.field('alias') ?? item).text() === local),
  );

/**
 * The local name of `yaml.<safe>`: the from-imported unsafe name renamed in its import when the
 * fix replaces its every use (`callees`), else imported next to it.
 */
const safeName = (
  editor: FileEditor,
  callee: SgNode,
  safe: string,
  callees: readonly SgNode[],
): string => {
  const key = `py:yaml:${safe}`;
  const known = editor.memo.get(key);
  if (known) return known;
  if (
    !pythonFromLocal(editor.root, 'yaml', safe) &&
    renameImportIfUnused(editor, callee.text(), safe, callees)
  ) {
    editor.memo.set(key, safe);
    return safe;
  }
  const statement = fromImportBinding(editor.root, callee.text());
  // A from-import inside a function or a `try` keeps the import where it is (the module may be
  // an optional dependency), so the safe name joins that same statement.
  if (!statement || statement.parent()?.kind() === 'module') {
    return ensurePythonFromImport(editor, 'yaml', safe);
  }
  const bound = statement
    .namedChildren()
    .slice(1)
    .some((item) => (item.field('alias') ?? item).text() === safe);
  if (!bound) appendToList(editor, statement, statement.namedChildren().at(-1)!, safe);
  return safe;
};

/** `remediate:python/yaml-unsafe-load`: `yaml.load` with an unsafe loader → `yaml.safe_load`. */
export const pythonYamlUnsafeLoad = defineCodemod<Data>({
  id: 'remediate:python/yaml-unsafe-load',
  languages: ['python'],
  rules: {
    codeql: ['py/unsafe-deserialization'],
    semgrep: [
      'python.lang.security.deserialization.avoid-pyyaml-load.avoid-pyyaml-load',
      'python_deserialization_rule-yaml-load',
    ],
    bandit: ['B506'],
  },
  cwe: [502],
  owasp: ['A08:2021'],
  title: 'Safe YAML loading',
  description:
    'Rewrites PyYAML `yaml.load(x)`, `yaml.load(x, Loader=yaml.Loader | FullLoader | ' +
    'UnsafeLoader)`, `unsafe_load` and `full_load` (and their `_all` forms) to `yaml.safe_load` ' +
    '/ `yaml.safe_load_all`, keeping the `from yaml import load` style when the file uses it. ' +
    'Imports are followed wherever they are (inside functions, `try: from yaml import CLoader as ' +
    'Loader`), and a loader passed by keyword or position. Policy: behaviour-preserving for ' +
    'standard YAML; a custom loader class is declined (its constructors would be lost), and a ' +
    'call that already passes `BaseLoader`/`CBaseLoader` (only strings, lists and dicts, no ' +
    'constructors; Bandit B506 still reports it) or `SafeLoader` is left with the reason that ' +
    'it is already safe.',
  rationale: {
    problem:
      "PyYAML's default, full and unsafe loaders build arbitrary Python objects from tags such " +
      'as `!!python/object/apply`, so loading untrusted YAML can run code.',
    change:
      'The call now uses `safe_load`, which only builds plain YAML types (mappings, sequences, ' +
      'strings, numbers, booleans, null, dates); the loader argument is dropped.',
    safety:
      'Documents made of standard YAML load to exactly the same values; only documents relying ' +
      'on Python-specific tags are now rejected, which is the point. Calls with a custom loader ' +
      'or extra arguments are left for a person.',
  },
  references: [
    {
      title: 'CWE-502: Deserialization of Untrusted Data',
      url: 'https://cwe.mitre.org/data/definitions/502.html',
    },
    {
      title: 'PyYAML yaml.load(input) deprecation',
      url: 'https://github.com/yaml/pyyaml/wiki/PyYAML-yaml.load(input)-Deprecation',
    },
    {
      title: 'OWASP A08:2021 Software and Data Integrity Failures',
      url: 'https://owasp.org/Top10/A08_2021-Software_and_Data_Integrity_Failures/',
    },
  ],
  detect: unsafeLoads,
  fix: (site, editor) => {
    if (!site.data) return;
    const sites = statementSites(site, unsafeLoads(editor.file));
    const refused = sites.find((s) => s.data?.refusal)?.data?.refusal;
    if (refused) return notApplicable('unsafe_to_change', refused);
    if (nestedSites(sites)) return notApplicable('unsafe_to_change', 'a load is nested in another');
    const callees = sites.flatMap((s) => (s.data ? [s.data.callee] : []));
    const loaders = sites.flatMap((s) => (s.data?.loader ? [s.data.loader] : []));
    for (const { node, data } of sites) {
      if (!data) continue;
      const safe = SAFE[data.fn]!;
      const name = data.style === 'attribute' ? safe : safeName(editor, data.callee, safe, callees);
      editor.replace(data.callee, name);
      if (data.loader) {
        const args = argumentsOf(node);
        const previous = args[args.findIndex((a) => a.id() === data.loader!.id()) - 1]!;
        editor.replace(
          { start: previous.range().end.index, end: data.loader.range().end.index },
          '',
        );
      }
    }
    // `from yaml import Loader` is left unused once the loaders are gone.
    const loaderNames = loaders
      .map((l) => (l.kind() === 'keyword_argument' ? l.field('value')! : l))
      .filter((v) => v.kind() === 'identifier');
    dropImportsIfUnused(
      editor,
      loaderNames.map((v) => v.text()),
      loaders,
    );
  },
});
