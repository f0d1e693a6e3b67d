import { named, within, type FlowLanguage, type Node } from './node.js';

// A load's option that builds plain data only, read from the call's own arguments (not its
// text, so a comment or a conditional expression is not taken for the option): a PyYAML safe
// loader (`Loader=yaml.SafeLoader`, or `SafeLoader` imported from yaml under its own name and
// not redefined in the file), PyTorch's `weights_only=True` (a restricted unpickler), NumPy's
// `allow_pickle=False`, js-yaml's `{ schema: yaml.JSON_SCHEMA }` and the other safe schemas.

const YAML_SAFE = /^(C?SafeLoader|BaseLoader)$/;
const JS_SAFE_SCHEMA = /^(yaml\.)?(JSON_SCHEMA|FAILSAFE_SCHEMA|CORE_SCHEMA|DEFAULT_SAFE_SCHEMA)$/;

const rootOf = (n: Node): Node => {
  let r = n;
  for (let p = r.parent(); p; p = p.parent()) r = p;
  return r;
};

/**
 * Whether a bare `name` is one of PyYAML's safe loaders: imported from yaml (as itself or as an
 * alias of a safe loader: `from yaml import CSafeLoader as SafeLoader`), never bound otherwise
 * (`CLoader as SafeLoader`, a class or an assignment of that name).
 */
const yamlsOwn = (name: string, root: Node): boolean => {
  const text = root.text();
  const imported = new RegExp(`^\\s*from\\s+yaml\\s+import\\s+[^\\n]*\\b${name}\\b`, 'm');
  const aliases = [...text.matchAll(new RegExp(`\\b(\\w+)\\s+as\\s+${name}\\b`, 'g'))];
  const rebound = new RegExp(`^\\s*(class|def)\\s+${name}\\b|^\\s*${name}\\s*=`, 'm');
  return imported.test(text) && aliases.every((m) => YAML_SAFE.test(m[1]!)) && !rebound.test(text);
};

/**
 * Whether a bare `name` of another spelling is bound only as an alias of PyYAML's safe loaders
 * (`try: from yaml import CSafeLoader as Loader` / `except ImportError: from yaml import
 * SafeLoader as Loader`): every binding is such an import, and nothing else binds it.
 */
const yamlSafeAlias = (name: string, root: Node): boolean => {
  const text = root.text();
  const alias = new RegExp(`^\\s*from\\s+yaml\\s+import\\s+(\\w+)\\s+as\\s+${name}\\s*$`, 'gm');
  const imports = [...text.matchAll(alias)];
  if (!imports.length || !imports.every((m) => YAML_SAFE.test(m[1]!))) return false;
  // Past those imports, the name may only be passed as the loader: any other mention (another
  // import list, a tuple or loop target, a parameter, a star import) could bind it otherwise.
  const rest = text
    .replace(alias, '')
    .replace(new RegExp(`\\bLoader\\s*=\\s*${name}\\b`, 'g'), '')
    .replace(
      new RegExp(`\\byaml\\.load(_all)?\\(([^()\\n]|\\([^()\\n]*\\))*,\\s*${name}\\s*\\)`, 'g'),
      '',
    );
  return !new RegExp(`\\b${name}\\b`).test(rest) && !/^\s*from\s+yaml\s+import\s+\*/m.test(text);
};

/** `yaml` is bound to something else than PyYAML (`import ruamel as yaml`, `yaml = …`). */
const yamlRebound = (root: Node): boolean =>
  /^\s*(import\s+\w+\s+as\s+yaml|yaml\s*=)/m.test(root.text());

/** What the methods of a safe loader's subclass may call: building plain values only. */
const PLAIN_CALL =
  /^(self\.construct_(sequence|mapping|scalar|pairs|yaml_\w+)|tuple|list|dict|set|frozenset|str|int|float|bool|len)$/;

/**
 * Whether a bare `name` is a class of the file subclassing PyYAML's `SafeLoader` whose own
 * methods only build plain values from what the safe loader read (`tuple(self.construct_sequence
 * (node))`), and whose only other uses register those methods as constructors
 * (`Name.add_constructor(tag, Name.method)`): what it loads is still plain data. Bound once.
 */
const yamlSafeSubclass = (name: string, root: Node): boolean => {
  const classes = named(root).filter(
    (c) => c.kind() === 'class_definition' && c.field('name')?.text() === name,
  );
  const cls = classes.length === 1 ? classes[0]! : null;
  const bases = cls ? named(cls.field('superclasses') ?? cls) : [];
  const base = bases.length === 1 ? /^(yaml\.)?(C?SafeLoader)$/.exec(bases[0]!.text()) : null;
  if (!cls || !base || (!base[1] && !yamlsOwn(base[2]!, root))) return false;
  if (yamlRebound(root) && base[1]) return false;
  const rebound = new RegExp(`^\\s*(def\\s+${name}\\b|${name}\\s*=)`, 'm');
  if (rebound.test(root.text())) return false;
  const methods = new Set<string>();
  for (const member of named(cls.field('body') ?? cls)) {
    if (member.kind() === 'expression_statement' && named(member)[0]?.kind() === 'string') continue;
    if (member.kind() !== 'function_definition') return false;
    const calls = member.findAll({ rule: { kind: 'call' } });
    if (!calls.every((c) => PLAIN_CALL.test(c.field('function')?.text() ?? ''))) return false;
    methods.add(member.field('name')?.text() ?? '');
  }
  // Outside the class: the name only passed as a loader or registering its own methods.
  const uses = root
    .findAll({ rule: { kind: 'identifier' } })
    .filter((i) => i.text() === name && !within(i, cls));
  return uses.every((i) => {
    const parent = i.parent();
    if (parent?.kind() === 'keyword_argument') return parent.field('name')?.text() === 'Loader';
    // A YAMLObject's `yaml_loader = Name`: the loader its tags are read with.
    if (parent?.kind() === 'assignment')
      return (
        parent.field('left')?.text() === 'yaml_loader' && parent.field('right')?.text() === name
      );
    if (parent?.kind() !== 'attribute' || parent.field('object')?.text() !== name) return false;
    const attr = parent.field('attribute')?.text() ?? '';
    const call = parent.parent();
    if (attr === 'add_constructor' && call?.kind() === 'call') {
      const args = named(call.field('arguments') ?? call);
      const fn = args[1]?.text() ?? '';
      return (
        args.length === 2 && methods.has(fn.replace(`${name}.`, '')) && fn.startsWith(`${name}.`)
      );
    }
    // `Name.method` handed to add_constructor above.
    return methods.has(attr) && call?.kind() === 'argument_list';
  });
};

const pythonSafe = (name: string, value: Node, root: Node): boolean => {
  const v = value.text();
  if (name === 'weights_only') return v === 'True';
  if (name === 'allow_pickle') return v === 'False';
  if (name !== 'Loader') return false;
  if (/^[A-Za-z_]\w*$/.test(v) && !YAML_SAFE.test(v))
    return yamlSafeAlias(v, root) || yamlSafeSubclass(v, root);
  const m = /^(yaml\.)?([A-Za-z]+)$/.exec(v);
  if (!m || !YAML_SAFE.test(m[2]!)) return false;
  return m[1] ? !yamlRebound(root) : yamlsOwn(v, root);
};

const escaped = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `receiver` (`yaml`, `self.yaml`) is only ever ruamel.yaml's `YAML()` of a type that
 * builds plain data: `typ` left out (round-trip, the default), `'rt'`, `'safe'` or `'base'`. Not
 * `'unsafe'` or a type held in a variable; not a parameter or any other binding of that name.
 */
/** How many brackets are open before `at` in `line` (an `=` inside a call is a keyword). */
const depthAt = (line: string, at: number): number => {
  let depth = 0;
  for (const ch of line.slice(0, at)) {
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
  }
  return depth;
};

const ruamelSafe = (receiver: string, root: Node): boolean => {
  const text = root.text();
  if (!/^\s*(from\s+ruamel(\.yaml)?\s+import\s+[^\n]*\bYAML\b|import\s+ruamel\.yaml\b)/m.test(text))
    return false;
  // `self.yaml` is also bound as a class attribute `yaml = …`: every binding of the last name.
  const last = escaped(receiver.split('.').pop()!);
  const safeMaker =
    /^\s*(ruamel\.yaml\.)?YAML\(\s*(typ\s*=\s*['"](rt|safe|base)['"]\s*)?(,\s*pure\s*=\s*(True|False)\s*)?\)\s*$/;
  let bound = 0;
  for (const line of text.split('\n')) {
    if (!new RegExp(`(^|[^\\w])${last}\\b`).test(line)) continue;
    // Where the name is read (`yaml.load(s)`, `return self.yaml`) nothing is bound.
    // Left of the last `=` (a chained `a = yaml = …` binds every name before it).
    const eqs = [...line.matchAll(/(?<![=!<>:+\-*/%&|^])=(?!=)/g)].filter(
      (m) => depthAt(line, m.index) === 0,
    );
    const left = eqs.length ? line.slice(0, eqs.at(-1)!.index) : '';
    const binds =
      new RegExp(`(^|[^\\w])${last}\\b`).test(left) ||
      new RegExp(
        `${last}\\s*:=|\\bfor\\b[^\\n]*\\b${last}\\b[^\\n]*\\bin\\b|\\bas\\s+${last}\\b|\\bimport\\s+(?:[\\w.]+\\s*,\\s*)*${last}\\b|\\bdef\\s+\\w+\\([^)]*\\b${last}\\b`,
      ).test(line);
    if (!binds) continue;
    // Only `yaml = YAML(…)` or `self.yaml = YAML(…)` of a safe type, alone on its line.
    const m = new RegExp(`^\\s*(self\\.)?${last}\\s*(?::[^=\\n]*)?=(?!=)(.*)$`).exec(line);
    if (!m || eqs.length !== 1 || !safeMaker.test(m[2]!)) return false;
    bound++;
  }
  // Its attributes set (`yaml.Constructor = Constructor`) may swap in what constructs objects.
  if (new RegExp(`(^|[^\\w])${last}\\.\\w+\\s*=(?!=)`, 'm').test(text)) return false;
  return bound > 0;
};

/** The safe option as written (`Loader=yaml.SafeLoader`), or null. */
export const safeLoaderOption = (lang: FlowLanguage, sink: Node): string | null => {
  const args = sink.field('arguments');
  if (!args) return null;
  if (lang === 'python') {
    // yaml.load(stream, SafeLoader): PyYAML's second positional parameter is the loader.
    const loader = named(args)[1];
    const callee = sink.field('function')?.text() ?? '';
    if (
      /^yaml\.(load|load_all)$/.test(callee) &&
      loader &&
      loader.kind() !== 'keyword_argument' &&
      pythonSafe('Loader', loader, rootOf(sink))
    )
      return loader.text();
    // ruamel.yaml: `yaml = YAML(typ="safe")` … `yaml.load(stream)`.
    const m = /^((?:self\.)?[A-Za-z_]\w*)\.(load|load_all)$/.exec(callee);
    if (m && ruamelSafe(m[1]!, rootOf(sink))) return `${m[1]} = YAML(…) of ruamel.yaml`;
    for (const a of named(args)) {
      if (a.kind() !== 'keyword_argument') continue;
      const name = a.field('name')?.text() ?? '';
      const value = a.field('value');
      if (value && pythonSafe(name, value, rootOf(sink))) return a.text();
    }
    return null;
  }
  if (lang === 'java' || lang === 'go') return null;
  for (const a of named(args)) {
    if (a.kind() !== 'object') continue;
    for (const p of named(a)) {
      if (p.kind() !== 'pair') continue;
      const key = p
        .field('key')
        ?.text()
        .replace(/^['"]|['"]$/g, '');
      const value = p.field('value')?.text() ?? '';
      if (key === 'schema' && JS_SAFE_SCHEMA.test(value)) return p.text();
    }
  }
  return null;
};
