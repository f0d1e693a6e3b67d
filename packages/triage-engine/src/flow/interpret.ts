import type { LanguageFamily } from '../code/language.js';
import { builtWithoutPrototype } from './proto-shape.js';
import {
  anchoredPatternFits,
  blocklistSafeFor,
  charsetSafeFor,
  keptByNegatedClass,
  refusedByClass,
} from './charset.js';
import { flatten, literal, opensQuote, singleQuotedConcat } from './shell-quote.js';
import { CHARACTER_PROBES, importedModules, speaksSqliteOnly, staysQuoted } from './sql-quote.js';
import { unsafeHtmlContext } from '../code/html-context.js';
import { escapeRe } from '../code/escape-re.js';
import { numberNeutralizes, numericConversionIn, sanitizerIn } from '../code/sanitizers.js';
import type { ImportedFunction } from './imports.js';
import { localSourceIn, remoteSourceIn } from '../code/sources.js';
import {
  ancestors,
  descendants,
  lineOf,
  named,
  sameRange,
  within,
  type FlowLanguage,
  type Node,
} from './node.js';
import {
  CLEAN,
  INPUT,
  LOCAL,
  UNKNOWN,
  clean,
  constant,
  contents,
  join,
  joinAll,
  fieldReadKey,
  joinEnv,
  sameEnv,
  sepEndedish,
  step,
  unknown,
  withStep,
  type Const,
  type Env,
  type Level,
  type PathStep,
  type Val,
} from './value.js';

/**
 * An abstract interpreter over one function's syntax tree: it runs the statements in order with
 * an environment of abstract values (value.ts), joins the branches it cannot decide, drops the
 * ones whose condition folds to a constant, and records the value of the sink's dangerous
 * arguments each time execution reaches the sink. Same-file callees are entered with their
 * arguments' values (a summary per call, two levels deep).
 */

export const FUNCTION_KINDS = new Set([
  'function_definition',
  'function_declaration',
  'generator_function_declaration',
  'function_expression',
  'generator_function',
  'function',
  'arrow_function',
  'method_definition',
  'method_declaration',
  'constructor_declaration',
  'lambda_expression',
]);

const SKIPPED_STATEMENTS = new Set([
  'function_definition',
  'function_declaration',
  'generator_function_declaration',
  'class_definition',
  'class_declaration',
  'decorated_definition',
  'method_declaration',
  'interface_declaration',
  'import_statement',
  'import_from_statement',
  'future_import_statement',
  'import_declaration',
  'comment',
  'line_comment',
  'block_comment',
  'pass_statement',
  'empty_statement',
  'global_statement',
  'nonlocal_statement',
  'assert_statement',
  'delete_statement',
  'type_alias_declaration',
  'interface_declaration',
  'enum_declaration',
  'debugger_statement',
  'local_class_declaration',
  'yield',
]);

/** Pure operations on strings, paths, numbers and containers: the result carries their inputs. */
const PROPAGATE = new Set([
  // strings (Python, JavaScript, Java)
  'format',
  'join',
  'replace',
  'replaceAll',
  'replaceFirst',
  'strip',
  'lstrip',
  'rstrip',
  'trim',
  'trimStart',
  'trimEnd',
  'lower',
  'upper',
  'casefold',
  'capitalize',
  'title',
  'toLowerCase',
  'toUpperCase',
  'substring',
  'substr',
  'slice',
  'concat',
  'split',
  'rsplit',
  'splitlines',
  'encode',
  'decode',
  'toString',
  'valueOf',
  'str',
  'repr',
  'String',
  'getBytes',
  'toCharArray',
  'padStart',
  'padEnd',
  'repeat',
  'ljust',
  'rjust',
  'center',
  'zfill',
  'expandtabs',
  'partition',
  'format_map',
  'intern',
  // Python's compile(source, filename, mode): the code object of the source it is given
  'compile',
  'formatted',
  'strip_tags',
  'copyValueOf',
  'charAt',
  'at',
  'subSequence',
  'normalize',
  'toArray',
  'asList',
  'of',
  'copyOf',
  'from',
  'list',
  'tuple',
  'sorted',
  'reversed',
  'set',
  'frozenset',
  'dict',
  'Array',
  'Object',
  'assign',
  'entries',
  'values',
  'keys',
  'items',
  'stringify',
  'parse',
  'loads',
  'dumps',
  'unquote',
  'unquote_plus',
  'quote_plus',
  'urlencode',
  'decodeURIComponent',
  'decodeURI',
  'encodeURI',
  'unescape',
  'b64decode',
  'b64encode',
  'urlsafe_b64decode',
  'getDecoder',
  'getEncoder',
  'getUrlDecoder',
  'Buffer',
  'fromCharCode',
  'hexlify',
  'unhexlify',
  'text',
  'textContent',
  // paths
  'resolve',
  'normpath',
  'abspath',
  'realpath',
  'expanduser',
  'dirname',
  'get',
  'joinpath',
  'toAbsolutePath',
  'toPath',
  'toFile',
  'getPath',
  'getAbsolutePath',
  'getCanonicalPath',
  'relative',
  // Go's fmt, strings, path/filepath
  'Sprintf',
  'Sprint',
  'Sprintln',
  'Join',
  'Replace',
  'ReplaceAll',
  'ToLower',
  'ToUpper',
  'TrimSpace',
  'Trim',
  'TrimPrefix',
  'TrimSuffix',
  'Title',
  'Repeat',
  'Split',
  'Fields',
  'Clean',
  'Abs',
  'Dir',
  'Ext',
  'QueryEscape',
  'PathEscape',
  'String',
  'Bytes',
  'string',
  'rune',
  // Go readers and buffers over a value: they hold what they were made from
  'NewReader',
  'NewBufferString',
  'NewBuffer',
  // dates and numbers as text
  'toISOString',
  'toUTCString',
  'toDateString',
  'toLocaleDateString',
  'toLocaleString',
  'toFixed',
  'toPrecision',
  'isoformat',
  'strftime',
  'hexdigest',
  'hex',
  'extname',
  'Path',
  'PurePath',
  'File',
  'with_suffix',
  'with_name',
  'parent',
]);

/** Results that are numbers or booleans: they carry no injectable text. */
const SCALAR = new Set([
  'len',
  'size',
  'length',
  'count',
  'indexOf',
  'lastIndexOf',
  'find',
  'rfind',
  'index',
  'hashCode',
  'compareTo',
  'equals',
  'equalsIgnoreCase',
  'startsWith',
  'endsWith',
  'startswith',
  'endswith',
  'contains',
  'includes',
  'isEmpty',
  'isBlank',
  'matches',
  'test',
  'has',
  'hasNext',
  'hasMoreElements',
  'containsKey',
  'containsValue',
  'isdigit',
  'isalpha',
  'isalnum',
  'exists',
  'isfile',
  'isdir',
  'bool',
  'isinstance',
  'hasattr',
  'callable',
  'ord',
  'abs',
  'round',
  'min',
  'max',
  'sum',
  'any',
  'all',
  'id',
  'hash',
  'random',
  'randint',
  'nextInt',
  'currentTimeMillis',
  'nanoTime',
  'now',
  'time',
]);

const LIST_TYPE = /(List|Vector|Deque|Queue|Stack|Set)\b/;
const MAP_TYPE = /(Map|Properties|Hashtable|Dictionary)\b/;
const BUILDER_TYPE = /\b(StringBuilder|StringBuffer|StringJoiner)\b/;
const FILE_OPEN =
  /^(os\.ReadFile|ioutil\.ReadFile|os\.Open|open|io\.open|codecs\.open|fs\.readFileSync|fs\.readFile|readFileSync|fs\.promises\.readFile|Files\.readString|Files\.readAllBytes|Files\.readAllLines|Files\.newBufferedReader|Files\.lines)$/;
const SOCKET_READ = /^(recv|recvfrom|recv_into|recvmsg|getInputStream|accept)$/;
const FILE_CONTENT = /^(read|readline|readlines|read_text|read_bytes|readLine|readAllBytes)$/;

interface Budget {
  left: number;
}

export interface Interp {
  lang: FlowLanguage;
  family: LanguageFamily;
  cls: string;
  root: Node;
  /** The sink's call (or assignment) node; null inside a callee summary. */
  sink: Node | null;
  /** The dangerous argument nodes of the sink. */
  sinkArgs: Node[];
  /** The sink is the expression the scanner reported (its value is what is judged). */
  sinkIsExpression?: boolean;
  /** The values seen at the sink. */
  hits: Val[];
  /** When set, each hit's values argument by argument (a caller run serves every parameter). */
  argHits?: Val[][];
  /** Branches whose condition folded and other steps worth showing. */
  notes: PathStep[];
  /** The sink lies in a branch that folding removed. */
  deadSink: PathStep | null;
  /** The last `if` whose condition folded (its step), to tell why no path left a statement. */
  lastFold?: PathStep;
  /** Why the run could not be trusted (an unsupported statement on the way). */
  unsupported: string | null;
  returns: Val[];
  functions: Map<string, Node>;
  globals: Map<string, Node | null>;
  imported: Set<string>;
  depth: number;
  budget: Budget;
  visitingGlobals: Set<string>;
  /** Enclosing loops and switches: where `break` and `continue` leave to (innermost last). */
  exits: ExitFrame[];
  /** Values for the parameters of the next callback holding the sink (`xs.forEach(x => …)`). */
  callbackParams?: Val[] | undefined;
  /** The prototype-pollution sink's shape, when the class is prototype pollution. */
  proto?: ProtoSink | null;
  /** Imported names and the module member they stand for (`osp` → `os.path`). */
  modules: Map<string, string>;
  /** A guard is being tried with a prototype key in place (see `refinedProto`). */
  tryingProto?: boolean;
  /**
   * That key stands in this variable's place (a key the code holds), not an element's: a fact
   * the guard states of the variable holds of the key (see the boolean right side of `&&`/`||`).
   */
  tryingName?: string;
  /** Inside a callback run for its effects: a `return` ends one call, like `continue`. */
  returnTo?: ExitFrame | undefined;
  /** The definition of a function the file imports from another file of the project. */
  importedFunction?: ((name: string) => ImportedFunction<FileFacts> | null) | undefined;
  /**
   * Prototype pollution: the function run and the arguments of each call it makes to itself
   * (`merge(to[key], from[key])`), for the objects a recursive walk passes down.
   */
  selfCalls?: { fn: Node; args: Val[][] } | undefined;
  /**
   * What the class puts in one of its fields (`self.table_name`, `this.root`) that the function
   * read does not assign: the values its methods assign, or what its constructor checked; null
   * when not known.
   */
  fieldValue?: ((field: string) => Val | null) | undefined;
}

/** What the reconstruction knows of a file: its functions, globals and imports. */
export interface FileFacts {
  functions: Map<string, Node>;
  globals: Map<string, Node | null>;
  imported: Set<string>;
  modules: Map<string, string>;
}

interface ExitFrame {
  loop: boolean;
  breaks: Env[];
  continues: Env[];
}

/** A computed write `target[key] = value`: what the keys must be kept from. */
export interface ProtoSink {
  /**
   * The write can reach Object.prototype through more than one step (a recursive merge, a
   * walk `obj = obj[key]`, a chain of three links): `constructor` (or `prototype`) must be kept
   * out as well as `__proto__`.
   */
  deep: boolean;
  /** The object each computed key writes into, by the key's text (for `hasOwn(obj, key)`). */
  objects: Map<string, string>;
  /** The object directly written when the chain has one link, else null. */
  direct: Node | null;
  /** The object the write sets a key of (`a.b[c]` for `a.b[c][k] = v`), whatever the chain. */
  written?: Node | null;
  /**
   * The write descends only by a walk `obj = obj[key]` (no recursion, fewer than three links):
   * when the object written is known to be plain there, a key kept from `__proto__` is enough.
   */
  walkOnly?: boolean;
  /** `o[a][b] = v`: exactly two links, both by computed keys. */
  pair?: boolean;
}

/** The keys that reach Object.prototype: `o.__proto__`, `o.constructor.prototype`. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;
const PROTO_SET: ReadonlySet<string> = new Set(PROTO_KEYS);

/**
 * A string built (`a + '.' + b`, `${a}.${b}`) with text of the code holding a character no
 * prototype key has (anything but letters and `_`): it can be none of them, whatever the rest.
 */
const holdsNonNameText = (n: Node): boolean => {
  const k = n.kind();
  if (k === 'parenthesized_expression') return named(n).some(holdsNonNameText);
  if (k === 'binary_expression')
    return (
      n.field('operator')?.text() === '+' &&
      [n.field('left'), n.field('right')].some((x) => x !== null && holdsNonNameText(x))
    );
  if (k === 'string' || k === 'template_string')
    return named(n).some(
      (c) =>
        (c.kind() === 'string_fragment' || c.kind() === 'escape_sequence') &&
        /[^A-Za-z_]/.test(c.text()),
    );
  return false;
};

/** True when the excluded keys keep a write away from Object.prototype. */
export const protoSafe = (excluded: ReadonlySet<string> | undefined, deep: boolean): boolean =>
  Boolean(
    excluded?.has('__proto__') &&
    (!deep || excluded.has('constructor') || excluded.has('prototype')),
  );

/**
 * `n` reads no element (`o[k]`) and hands its calls nothing but `name`, literals and the built-in
 * prototypes (`BLOCKED.includes(k)`, `!isProtoKey(k)`, `hasOwnProperty.call(Object.prototype, k)`,
 * but not `isSafe(o, k)`).
 */
const ELEMENT_READS = ['subscript_expression', 'subscript', 'index_expression', 'array_access'];
const CALLS = ['call_expression', 'call', 'method_invocation'];
const readsOnlyTheKey = (n: Node | null, name: string): boolean => {
  if (!n || ELEMENT_READS.includes(n.kind())) return false;
  if (
    CALLS.includes(n.kind()) &&
    !named(n.field('arguments') ?? n).every(
      (a) =>
        a.text() === name ||
        /^(Object|Function)\.prototype$/.test(a.text()) ||
        /^(string|number|integer|float|true|false|null|none|undefined)$/.test(a.kind()),
    )
  )
    return false;
  return named(n).every((c) => readsOnlyTheKey(c, name));
};

/** `v` without a fact that held of the whole value only (`noDash` of `x[1:]`, `x[i]`). */
const notChecked = (v: Val, fact: 'noDash'): Val => {
  if (!v[fact]) return v;
  const { [fact]: _dropped, ...rest } = v;
  return rest;
};

export class TooLong extends Error {}

const tick = (ip: Interp) => {
  if (--ip.budget.left < 0) throw new TooLong('the function is too long to follow');
};

const sameNode = (a: Node | null, b: Node | null): boolean => {
  if (!a || !b) return false;
  const x = a.range();
  const y = b.range();
  return x.start.index === y.start.index && x.end.index === y.end.index && a.kind() === b.kind();
};

const stripQuotes = (t: string): string => {
  const m = /^[a-zA-Z]*("""|'''|"|'|`)([\s\S]*)\1$/.exec(t);
  return m ? m[2]! : t;
};

/**
 * A Go or Java string literal's text with its escapes read (`\t`, `\n`, `\"`, `\\`, `\x3b`,
 * `\u003b`, Go's `\U0001f600` and octal `\073`, Java's `\s` for a blank), or null when it holds an
 * escape not read here.
 */
const escapedLiteral = (raw: string, lang: FlowLanguage): string | null => {
  let unread = false;
  const text = raw.replace(
    /\\(U[0-9a-fA-F]{8}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[0-7]{1,3}|.)/g,
    (esc, e: string) => {
      if (/^U/.test(e)) return String.fromCodePoint(parseInt(e.slice(1), 16));
      if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8));
      if (e === 's' && lang === 'java') return ' ';
      if (/^(u|x)/.test(e) || /^[nrtbfv\\"'a]$/.test(e))
        return e === 'a' ? '\u0007' : unescape1(esc);
      unread = true;
      return esc;
    },
  );
  return unread ? null : text;
};

/** The character a one-character escape (`\\'`, `\\n`, `` \\` ``) stands for; else the text after `\\`. */
const unescape1 = (esc: string): string => {
  const c = esc.slice(1);
  const map: Record<string, string> = {
    n: '\n',
    r: '\r',
    t: '\t',
    b: '\b',
    f: '\f',
    v: '\v',
    '0': '\0',
  };
  const hex = /^(?:x([0-9a-f]{2})|u([0-9a-f]{4})|u\{([0-9a-f]{1,6})\})$/i.exec(c);
  if (hex) return String.fromCodePoint(parseInt(hex[1] ?? hex[2] ?? hex[3]!, 16));
  return map[c] ?? (c.length === 1 ? c : esc);
};

const truthy = (v: Const): boolean => v !== null && v !== false && v !== 0 && v !== '';

/** Folds a binary operation on constants, or undefined. */
const fold = (op: string, a: Const | undefined, b: Const | undefined): Const | undefined => {
  if (a === undefined || b === undefined) return undefined;
  switch (op) {
    case '+':
      if (typeof a === 'string' || typeof b === 'string') return `${a}${b}`;
      return typeof a === 'number' && typeof b === 'number' ? a + b : undefined;
    case '-':
      return typeof a === 'number' && typeof b === 'number' ? a - b : undefined;
    case '*':
      return typeof a === 'number' && typeof b === 'number' ? a * b : undefined;
    case '/':
      return typeof a === 'number' && typeof b === 'number' && b !== 0 ? a / b : undefined;
    case '//':
      return typeof a === 'number' && typeof b === 'number' && b !== 0
        ? Math.floor(a / b)
        : undefined;
    case '%':
      return typeof a === 'number' && typeof b === 'number' && b !== 0 ? a % b : undefined;
    case '==':
    case '===':
    case 'is':
      return a === b;
    case '!=':
    case '!==':
    case 'is not':
      return a !== b;
    case '<':
      return typeof a === typeof b && a !== null && b !== null ? a < b : undefined;
    case '>':
      return typeof a === typeof b && a !== null && b !== null ? a > b : undefined;
    case '<=':
      return typeof a === typeof b && a !== null && b !== null ? a <= b : undefined;
    case '>=':
      return typeof a === typeof b && a !== null && b !== null ? a >= b : undefined;
    case 'in':
      return typeof a === 'string' && typeof b === 'string' ? b.includes(a) : undefined;
    case 'not in':
      return typeof a === 'string' && typeof b === 'string' ? !b.includes(a) : undefined;
    case '&&':
    case 'and':
      return truthy(a) ? b : a;
    case '||':
    case 'or':
      return truthy(a) ? a : b;
    default:
      return undefined;
  }
};

const COMPARISON = new Set([
  '==',
  '===',
  '!=',
  '!==',
  '<',
  '>',
  '<=',
  '>=',
  'is',
  'is not',
  'in',
  'not in',
  'instanceof',
]);

/** The key of an lvalue the environment tracks (`x`, `self.x`, `this.x`), or null. */
const keyOf = (n: Node): string | null => {
  const k = n.kind();
  if (k === 'identifier' || k === 'shorthand_property_identifier') return n.text();
  if (
    k === 'attribute' ||
    k === 'member_expression' ||
    k === 'field_access' ||
    k === 'selector_expression'
  ) {
    // A field of a local (`f.Name = clean(f.Name)`, `req.params.name`), kept until the local
    // (or the field holding it) is bound again.
    const t = n.text();
    return /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/.test(t) ? t : null;
  }
  return null;
};

/**
 * `i++` / `i--` (Go's statements, JavaScript's and Java's expressions): the variable holds its
 * number stepped by one, or no constant at all; a condition must not fold on the old value.
 */
const stepped = (operand: Node | null, was: Val, delta: number, env: Env): void => {
  const key = operand ? keyOf(operand) : null;
  if (!key) return;
  if (typeof was.value === 'number') env.set(key, { ...was, value: was.value + delta });
  else if (was.value !== undefined) {
    const { value: _old, ...rest } = was;
    env.set(key, rest);
  }
};

/** The property an assignment target writes (`o.name`, `o['name']`), or null when computed. */
const writtenName = (n: Node): string | null => {
  if (ELEMENT_READS.includes(n.kind())) {
    const index = n.field('index') ?? n.field('subscript') ?? named(n)[1] ?? null;
    return /^(['"])([\w$.-]+)\1$/.exec(index?.text() ?? '')?.[2] ?? null;
  }
  const prop = n.field('property') ?? n.field('attribute') ?? n.field('field');
  return prop && /^[A-Za-z_$][\w$]*$/.test(prop.text()) ? prop.text() : null;
};

const argNodes = (args: Node | null): Node[] =>
  !args
    ? []
    : // f(x for x in xs): the generator is the one argument.
      args.kind() === 'generator_expression'
      ? [args]
      : named(args).filter((a) => !/comment/.test(a.kind()));

/** The callee, its last member name and its receiver of a call-like node. */
export const calleeOf = (
  n: Node,
): { text: string; name: string; receiver: Node | null; args: Node[] } | null => {
  const k = n.kind();
  if (k === 'call' || k === 'call_expression') {
    const fn = n.field('function');
    if (!fn) return null;
    const receiver =
      fn.kind() === 'attribute' || fn.kind() === 'member_expression'
        ? fn.field('object')
        : fn.kind() === 'selector_expression'
          ? fn.field('operand')
          : null;
    const last =
      fn.kind() === 'attribute'
        ? fn.field('attribute')?.text()
        : fn.kind() === 'member_expression'
          ? fn.field('property')?.text()
          : fn.kind() === 'selector_expression'
            ? fn.field('field')?.text()
            : fn.text();
    return {
      text: fn.text(),
      name: last ?? fn.text(),
      receiver,
      args: argNodes(n.field('arguments')),
    };
  }
  if (k === 'method_invocation') {
    const obj = n.field('object');
    const name = n.field('name')?.text() ?? '';
    return {
      text: obj ? `${obj.text()}.${name}` : name,
      name,
      receiver: obj,
      args: argNodes(n.field('arguments')),
    };
  }
  if (k === 'new_expression' || k === 'object_creation_expression') {
    const type = n.field(k === 'new_expression' ? 'constructor' : 'type');
    const text = (type?.text() ?? '').replace(/<[\s\S]*>$/, '');
    return {
      text,
      name: text.split('.').pop() ?? text,
      receiver: null,
      args: argNodes(n.field('arguments')),
    };
  }
  return null;
};

const paramName = (p: Node): Node | null => {
  const k = p.kind();
  if (k === 'identifier') return p;
  if (k === 'formal_parameter' || k === 'spread_parameter') return p.field('name');
  if (
    k === 'typed_parameter' ||
    k === 'list_splat_pattern' ||
    k === 'dictionary_splat_pattern' ||
    k === 'rest_pattern'
  )
    return named(p).find((c) => c.kind() === 'identifier') ?? null;
  if (k === 'default_parameter' || k === 'typed_default_parameter') return p.field('name');
  if (k === 'required_parameter' || k === 'optional_parameter')
    return p.field('pattern') ?? named(p)[0] ?? null;
  if (k === 'assignment_pattern') return p.field('left');
  return null;
};

/** The parameter nodes of a function (names and declarations). */
export const paramsOf = (fn: Node): { name: string; decl: Node }[] => {
  const params = fn.field('parameters') ?? fn.field('parameter');
  if (!params) return [];
  const list = params.kind() === 'identifier' ? [params] : named(params);
  if (
    fn.kind() === 'function_declaration' ||
    fn.kind() === 'method_declaration' ||
    fn.kind() === 'func_literal'
  )
    if (list.some((d) => d.kind() === 'parameter_declaration'))
      return list.flatMap((decl) =>
        decl.fieldChildren('name').map((n) => ({ name: n.text(), decl })),
      );
  return list.flatMap((decl) => {
    const n = paramName(decl);
    return n && n.kind() === 'identifier' ? [{ name: n.text(), decl }] : [];
  });
};

const bodyOf = (fn: Node): Node | null => fn.field('body');

// ---------------------------------------------------------------------------------------------

/** Evaluates an expression to an abstract value. */
export const ev = (ip: Interp, n: Node | null, env: Env): Val => {
  const v = evaluate(ip, n, env);
  if (ip.sinkIsExpression && n && sameNode(n, ip.sink)) ip.hits.push(v);
  return v;
};

const evaluate = (ip: Interp, n: Node | null, env: Env): Val => {
  if (!n) return clean(step(0, 'constant', 'nothing'));
  tick(ip);
  const k = n.kind();
  const line = lineOf(n);
  const at = (kind: PathStep['kind']) => step(line, kind, n.text());
  switch (k) {
    case 'string':
    case 'template_string': {
      const parts = named(n).filter(
        (c) => c.kind() === 'interpolation' || c.kind() === 'template_substitution',
      );
      if (parts.length === 0) {
        const inner = named(n).filter(
          (c) =>
            c.kind() === 'string_content' ||
            c.kind() === 'string_fragment' ||
            c.kind() === 'escape_sequence',
        );
        const text = inner.length
          ? inner
              .map((c) => (c.kind() === 'escape_sequence' ? unescape1(c.text()) : c.text()))
              .join('')
          : stripQuotes(n.text());
        return constant(text, at('constant'));
      }
      // Each substitution after the text before it (known while every earlier part is).
      const vals: Val[] = [];
      let prefix: string | undefined = '';
      let quoted = false;
      for (const c of named(n)) {
        if (c.kind() === 'interpolation' || c.kind() === 'template_substitution') {
          const inner = named(c)[0] ?? null;
          const raw = ev(ip, inner, env);
          const v = inner
            ? quoted && raw.shellQuoted && ip.cls === 'command-injection'
              ? requotedValue(inner)
              : placedAfter(ip, prefix, raw, inner)
            : raw;
          vals.push(v);
          prefix =
            prefix !== undefined && typeof raw.value === 'string' ? prefix + raw.value : undefined;
        } else {
          const text = c.kind() === 'escape_sequence' ? unescape1(c.text()) : c.text();
          quoted = opensQuote(text, quoted);
          if (prefix !== undefined) prefix += text;
        }
      }
      const joined = withStep(joinAll(vals, clean(at('constant'))), at('propagate'));
      // `${root}/`, f"{base}/": the text ends with a separator, whatever goes before it.
      const built = /[/\\]['"`]$/.test(n.text()) ? { ...joined, sepEnded: true } : joined;
      return ip.proto && holdsNonNameText(n) ? { ...built, excluded: PROTO_SET } : built;
    }
    // Go's "…" and Java's "…" hold escapes (`\t`, `\n`, `\"`); Go's `…` and text blocks as written.
    case 'interpreted_string_literal':
    case 'string_literal': {
      const text = escapedLiteral(stripQuotes(n.text()), ip.lang);
      return text === null ? clean(at('constant')) : constant(text, at('constant'));
    }
    case 'raw_string_literal':
    case 'text_block':
      return constant(stripQuotes(n.text()), at('constant'));
    case 'character_literal':
      return constant(stripQuotes(n.text()), at('constant'));
    case 'concatenated_string': {
      const vals = named(n).map((c) => ev(ip, c, env));
      const value = vals.every((v) => typeof v.value === 'string')
        ? vals.map((v) => v.value).join('')
        : undefined;
      const out = joinAll(vals, clean(at('constant')));
      return value === undefined ? out : { ...out, value };
    }
    case 'int_literal':
    case 'float_literal':
    case 'integer':
    case 'float':
    case 'number':
    case 'decimal_integer_literal':
    case 'hex_integer_literal':
    case 'decimal_floating_point_literal':
    case 'octal_integer_literal':
    case 'binary_integer_literal': {
      const num = Number(
        n
          .text()
          .replace(/[_lLfFdD]$/g, '')
          .replace(/_/g, ''),
      );
      return constant(Number.isNaN(num) ? null : num, at('constant'));
    }
    case 'true':
      return constant(true, at('constant'));
    case 'false':
      return constant(false, at('constant'));
    case 'nil':
    case 'none':
    case 'null':
    case 'null_literal':
    case 'undefined':
      return constant(null, at('constant'));
    case 'identifier':
    case 'shorthand_property_identifier':
      return lookup(ip, n.text(), env, line);
    // A regex literal is code, whatever it is used on.
    case 'regex':
    case 'this':
    case 'super':
      return clean(at('constant'));
    // A generator gives what it yields to whoever iterates it (`for m in self.listen()`): each
    // yielded value is one of its results; `yield from it` gives the elements of `it`.
    case 'yield':
    case 'yield_expression': {
      const arg = named(n).filter((c) => !/comment/.test(c.kind()))[0] ?? null;
      if (arg) {
        const v = ev(ip, arg, env);
        ip.returns.push(/^yield\s+from\b|^yield\s*\*/.test(n.text()) ? contents(v) : v);
      }
      return clean(at('constant'));
    }
    case 'parenthesized_expression':
    case 'await_expression':
    case 'await':
    case 'as_expression':
    case 'satisfies_expression':
    case 'non_null_expression':
    case 'type_assertion':
    case 'expression_statement':
    case 'spread_element':
    case 'list_splat':
    case 'dictionary_splat':
      return ev(
        ip,
        named(n)
          // the type written beside the value (not an inner `<T>x` assertion, which is a value)
          .filter((c) => !/type/.test(c.kind()) || /assertion|expression/.test(c.kind()))
          .pop() ?? null,
        env,
      );
    case 'cast_expression': {
      const type = n.field('type')?.text() ?? '';
      const v = ev(ip, n.field('value'), env);
      return /^(int|long|short|byte|double|float|char|boolean|Integer|Long|Double|Boolean)$/.test(
        type,
      )
        ? clean(at('sanitizer'))
        : v;
    }
    case 'binary_operator':
    case 'binary_expression':
    case 'boolean_operator':
    case 'comparison_operator': {
      const kids = named(n);
      const left = n.field('left') ?? kids[0] ?? null;
      const right = n.field('right') ?? kids[kids.length - 1] ?? null;
      const op =
        n.field('operator')?.text() ??
        n
          .children()
          .find((c) => !c.isNamed() && c.text() !== '(' && c.text() !== ')')
          ?.text() ??
        '';
      // A value single-quoted for a shell, its own quotes escaped: one word, whatever it holds.
      if (op === '+' && ip.cls === 'command-injection' && singleQuotedConcat(n))
        return { ...clean(at('sanitizer')), shellQuoted: true };
      // …but put inside a quote the command already opened, its quotes close that one.
      const requoted = op === '+' ? requotedInConcat(ip, n, env) : null;
      if (requoted) return requoted;
      const a = ev(ip, left, env);
      const b0 = ev(ip, right, env);
      const b = op === '+' && right ? placedAfter(ip, a.value, b0, right) : b0;
      // `key in Object.prototype` / `key in {}`: what a plain object inherits; `key in
      // Function.prototype`: what a function inherits.
      const inherits = /^(Object\.prototype|\{\s*\}|Function\.prototype)$/.exec(
        right?.text() ?? '',
      );
      if (op === 'in' && ip.family === 'javascript' && typeof a.value === 'string' && inherits)
        return constant(
          a.value in (inherits[1] === 'Function.prototype' ? Function.prototype : Object.prototype),
          at('constant'),
        );
      // `".." in name.split("/")`: membership in a list of constants.
      const ops =
        k === 'comparison_operator'
          ? n
              .children()
              .filter((x) => !x.isNamed())
              .map((x) => x.text())
              .join(' ')
          : '';
      if (
        (ops === 'in' || ops === 'not in') &&
        kids.length === 2 &&
        a.value !== undefined &&
        b.elems?.every((e) => e.value !== undefined)
      ) {
        const found = b.elems.some((e) => e.value === a.value);
        return constant(ops === 'in' ? found : !found, at('constant'));
      }
      if (k === 'comparison_operator' || COMPARISON.has(op)) {
        const value =
          k === 'comparison_operator' && kids.length > 2 ? undefined : fold(op, a.value, b.value);
        return value === undefined ? clean(at('constant')) : constant(value, at('constant'));
      }
      if (op === '%' && typeof a.value === 'string')
        return withStep(join(a, contents(b)), at('propagate'));
      const value = fold(op, a.value, b.value);
      if (op === 'and' || op === 'or' || op === '&&' || op === '||' || op === '??') {
        if (a.value !== undefined && op !== '??') {
          const pick = (op === 'and' || op === '&&') === truthy(a.value) ? b : a;
          return pick;
        }
        // `err != nil || rel == ".."` with rel at "..": true whatever the left side holds (a
        // boolean right side decides the truth, and a truthy left one is no less true). Not in
        // prototype pollution's guard trials that put a key's text in an element's place
        // (`isObject(o[k])` tried with o[k] = "__proto__" is no fact about the object); in those
        // that put it in a variable's, the variable holds that key (`hasOwn(b, k) && !(k in
        // Object.prototype)` with k = "constructor" is false, whatever b holds), unless the right
        // side reads an element or hands a call anything but the key: `o[k]` with k = "__proto__"
        // is read as Object.prototype, which an attacker's object holding its own `__proto__`
        // (JSON.parse) is not, and a helper handed `o` and `k` may read `o[k]`.
        const and = op === 'and' || op === '&&';
        if (
          (!ip.proto || (ip.tryingName && readsOnlyTheKey(right, ip.tryingName))) &&
          op !== '??' &&
          typeof b.value === 'boolean' &&
          b.value !== and
        )
          return constant(b.value, at('constant'));
        return join(a, b);
      }
      // Python's `/` on paths (`Path(folder) / "index.pkl"`) joins them: the result holds both.
      const pathJoin =
        ip.family === 'python' &&
        op === '/' &&
        !(typeof a.value === 'number' && typeof b.value === 'number') &&
        (typeof a.value === 'string' ||
          typeof b.value === 'string' ||
          a.level > CLEAN ||
          b.level > CLEAN);
      if (
        !pathJoin &&
        /^(-|\*|\/|\/\/|\*\*|<<|>>|>>>|&|\||\^)$/.test(op) &&
        !(op === '*' && (typeof a.value === 'string' || typeof b.value === 'string'))
      )
        return value === undefined
          ? {
              ...clean(at('constant')),
              ...(ip.family === 'javascript' ? { typeOf: 'number' } : {}),
            }
          : constant(value, at('constant'));
      const out = withStep(join(a, b), at('propagate'));
      // '/' + x starts with a slash whatever x holds.
      const rooted =
        op === '+' && (a.rooted || (typeof a.value === 'string' && a.value.startsWith('/')))
          ? { rooted: true }
          : {};
      const sepEnded = op === '+' && separatorPiece(ip, right, b) ? { sepEnded: true } : {};
      return value === undefined
        ? {
            level: out.level,
            steps: out.steps,
            ...(out.reason ? { reason: out.reason } : {}),
            ...rooted,
            ...sepEnded,
            ...(op === '+' && ip.proto && holdsNonNameText(n) ? { excluded: PROTO_SET } : {}),
          }
        : { ...out, value };
    }
    case 'not_operator':
    case 'unary_operator':
    case 'unary_expression':
    case 'update_expression': {
      const operand = n.field('argument') ?? n.field('operand') ?? named(n)[0] ?? null;
      const inner = ev(ip, operand, env);
      // `i++`: the elements known by `i` (`parts[i]`) are other elements now.
      if (ip.proto && operand?.kind() === 'identifier' && /\+\+|--/.test(n.text()))
        forgetSlots(env, operand.text());
      if (/\+\+|--/.test(n.text())) {
        stepped(operand, inner, n.text().includes('++') ? 1 : -1, env);
        // `i++` gives the old value, `++i` the new one: either way not a constant to fold on.
        const { value: _was, ...rest } = inner;
        return rest;
      }
      const op =
        n
          .children()
          .find((c) => !c.isNamed())
          ?.text() ?? '';
      if ((op === 'not' || op === '!') && inner.value !== undefined)
        return constant(!truthy(inner.value), at('constant'));
      if (op === '-' && typeof inner.value === 'number')
        return constant(-inner.value, at('constant'));
      if (op === '~' && typeof inner.value === 'number')
        return constant(~inner.value, at('constant'));
      if (op === 'typeof') {
        const t =
          inner.typeOf ??
          (inner.value === undefined
            ? undefined
            : inner.value === null
              ? 'object'
              : typeof inner.value);
        return t === undefined ? clean(at('constant')) : constant(t, at('constant'));
      }
      if (op === 'void' || op === 'delete') return clean(at('constant'));
      if (op === '&' || op === '*' || op === '<-') return inner;
      return clean(at('constant'));
    }
    case 'conditional_expression':
    case 'ternary_expression': {
      const kids = named(n);
      // Python: a if cond else b; JS/Java: cond ? a : b
      const [cond, yes, no] =
        k === 'conditional_expression'
          ? [kids[1], kids[0], kids[2]]
          : [
              n.field('condition') ?? kids[0],
              n.field('consequence') ?? kids[1],
              n.field('alternative') ?? kids[2],
            ];
      const c = ev(ip, cond ?? null, env);
      if (c.value !== undefined) {
        const taken = truthy(c.value) ? yes : no;
        ip.notes.push(step(line, 'branch', `${cond?.text() ?? ''} is always ${truthy(c.value)}`));
        return withStep(
          ev(ip, taken ?? null, env),
          step(
            line,
            'branch',
            `${cond?.text() ?? ''} is always ${truthy(c.value)}: takes ${taken?.text() ?? ''}`,
          ),
        );
      }
      // Each arm sees what the condition tells about the values it reads.
      return join(
        ev(ip, yes ?? null, refined(ip, cond ?? null, env, true)),
        ev(ip, no ?? null, refined(ip, cond ?? null, env, false)),
      );
    }
    case 'list':
    case 'set':
    case 'tuple':
    case 'array':
    case 'array_initializer':
    case 'expression_list': {
      const elems = named(n)
        .filter((c) => !/comment/.test(c.kind()))
        .map((c) => ev(ip, c, env));
      const fresh = ip.proto && k === 'array' ? { plain: true } : {};
      if (named(n).some((c) => /splat|spread/.test(c.kind())))
        return { ...withStep(joinAll(elems, clean(at('constant'))), at('container')), ...fresh };
      return { ...joinAll(elems, clean(at('constant'))), elems, ...fresh };
    }
    case 'array_creation_expression': {
      const init = named(n).find((c) => c.kind() === 'array_initializer');
      return init ? ev(ip, init, env) : { ...clean(at('constant')), elems: [] };
    }
    case 'dictionary':
    case 'object': {
      const keys = new Map<string, Val>();
      let rest: Val | null = null;
      for (const p of named(n)) {
        if (p.kind() === 'pair') {
          const key = ev(ip, p.field('key'), env);
          const keyText =
            p.field('key')?.kind() === 'property_identifier' ? p.field('key')!.text() : key.value;
          const v = ev(ip, p.field('value'), env);
          if (keyText === undefined || keyText === null) rest = rest ? join(rest, v) : v;
          else keys.set(String(keyText), v);
        } else if (p.kind() === 'shorthand_property_identifier') keys.set(p.text(), ev(ip, p, env));
        else if (!/comment/.test(p.kind())) {
          const v = ev(ip, p, env);
          rest = rest ? join(rest, contents(v)) : contents(v);
        }
      }
      const all = joinAll([...keys.values(), ...(rest ? [rest] : [])], clean(at('constant')));
      const fresh = ip.proto ? { plain: true } : {};
      return rest ? { level: all.level, steps: all.steps, ...fresh } : { ...all, keys, ...fresh };
    }
    case 'list_comprehension':
    case 'set_comprehension':
    case 'generator_expression':
    case 'dictionary_comprehension': {
      // The loop variables take the elements of what they iterate; the result holds the body's
      // values (`[int(x) for x in xs]` holds numbers whatever `xs` holds).
      const scope: Env = new Map(env);
      for (const c of named(n).filter((x) => x.kind() === 'for_in_clause')) {
        const left = c.field('left');
        const each = contents(ev(ip, c.field('right'), scope));
        if (left) assign(ip, left, each, scope, c);
      }
      const body = n.field('body');
      const vals = body
        ? body.kind() === 'pair'
          ? [ev(ip, body.field('key'), scope), ev(ip, body.field('value'), scope)]
          : [ev(ip, body, scope)]
        : named(n)
            .filter((c) => c.kind() !== 'for_in_clause' && c.kind() !== 'if_clause')
            .map((c) => ev(ip, c, scope));
      return withStep(joinAll(vals, clean(at('constant'))), at('propagate'));
    }
    case 'subscript':
    case 'subscript_expression':
    case 'array_access':
    case 'index_expression':
      return notChecked(subscript(ip, n, env), 'noDash');
    case 'attribute':
    case 'member_expression':
    case 'field_access':
    case 'selector_expression':
      return member(ip, n, env);
    case 'slice_expression':
    case 'type_assertion_expression':
    case 'type_conversion_expression': {
      const v = ev(ip, n.field('operand') ?? named(n)[named(n).length - 1] ?? null, env);
      // A part of a string checked at its start is not checked at its own.
      return k === 'slice_expression' ? notChecked(v, 'noDash') : v;
    }
    // A composite literal, and an element's own `{…}` without its type (`map[string]struct{}{"a": {}}`).
    case 'composite_literal':
    case 'literal_value': {
      const body = k === 'literal_value' ? n : n.field('body');
      const keys = new Map<string, Val>();
      const elems: Val[] = [];
      for (const e of body ? named(body) : []) {
        if (e.kind() === 'keyed_element') {
          const [k, v] = named(e);
          const key = k?.kind() === 'literal_element' ? named(k)[0] : k;
          const kv =
            key?.kind() === 'field_identifier' || key?.kind() === 'identifier'
              ? key.text()
              : ev(ip, key ?? null, env).value;
          const value = ev(
            ip,
            v?.kind() === 'literal_element' ? (named(v)[0] ?? null) : (v ?? null),
            env,
          );
          if (kv === undefined || kv === null) return withStep(value, at('container'));
          keys.set(String(kv), value);
        } else if (e.kind() === 'literal_element') elems.push(ev(ip, named(e)[0] ?? null, env));
      }
      const all = joinAll([...keys.values(), ...elems], clean(at('constant')));
      return keys.size ? { ...all, keys } : { ...all, elems };
    }
    case 'call':
    case 'call_expression':
    case 'method_invocation':
    case 'new_expression':
    case 'object_creation_expression':
      return call(ip, n, env);
    case 'assignment':
    case 'assignment_expression':
    case 'augmented_assignment':
    case 'augmented_assignment_expression':
    case 'resolvedexpression':
      return assignExpr(ip, n, env);
    case 'func_literal':
    case 'lambda':
    case 'arrow_function':
    case 'function_expression':
    case 'generator_function':
    case 'function':
    case 'lambda_expression': {
      // A callback holding the sink runs where it is defined, seeing the variables around it.
      if (ip.sink && within(ip.sink, n)) {
        const inner: Env = new Map(env);
        // The values a known caller of the callback passes (`then`, `forEach`, `map` …).
        const bound = ip.callbackParams;
        ip.callbackParams = undefined;
        paramsOf(n).forEach((p, i) =>
          inner.set(
            p.name,
            bound?.[i]
              ? withStep(bound[i], step(line, 'assign', p.decl.text()))
              : unknown(`callback parameter ${p.name}`, step(line, 'parameter', p.decl.text())),
          ),
        );
        // A parameter hides the outer name: tests kept about that name are not about it.
        const params = new Set(paramsOf(n).map((p) => p.name));
        dropTests(
          inner,
          (names, name) => params.has(name) || names.some((x) => params.has(x.split('.')[0]!)),
        );
        if (ip.proto) elementAlias(n, inner, line);
        const body = n.field('body');
        if (body?.kind() === 'block' || body?.kind() === 'statement_block') {
          // It may run again (forEach, arrayEach, on('data')): the second run sees what the
          // first left in the variables around it (`section = m[1]` then `map[section][k] = v`).
          const after = execBlock(ip, body, new Map(inner));
          if (after) execBlock(ip, body, joinEnv(inner, after) ?? inner);
        } else if (body) ev(ip, body, inner);
      } else if (ip.proto && n.parent()?.kind() === 'arguments') runForEffects(ip, n, env);
      return clean(at('constant'));
    }
    case 'keyword_argument':
      return ev(ip, n.field('value'), env);
    // Go's f(xs...): the elements of xs.
    case 'variadic_argument':
      return contents(ev(ip, named(n)[0] ?? null, env));
    case 'sequence_expression':
      return ev(ip, named(n).pop() ?? null, env);
    default:
      return unknown(`an expression the reconstruction does not read (${k})`, at('unknown'));
  }
};

const lookup = (ip: Interp, name: string, env: Env, line: number): Val => {
  const v = env.get(name);
  if (v) return v;
  if (name === 'undefined' || name === 'None' || name === 'null')
    return constant(null, step(line, 'constant', name));
  if (name === 'True' || name === 'False')
    return constant(name === 'True', step(line, 'constant', name));
  if (name === '__dirname' || name === '__filename' || name === '__file__' || name === '__name__')
    return clean(step(line, 'constant', name));
  if (ip.globals.has(name)) {
    const init = ip.globals.get(name);
    // An empty container at module level (`helps = {}`, `REGISTRY = []`) is filled by code
    // elsewhere (other modules import and add to it): what it holds when read is not known.
    if (init && /^(\{\s*\}|\[\s*\]|dict\(\s*\)|list\(\s*\)|new Map\(\s*\))$/.test(init.text()))
      return unknown(
        `${name} starts empty at module level and is filled outside the function`,
        step(lineOf(init), 'unknown', `${name} = ${init.text()}`),
      );
    if (init && !ip.visitingGlobals.has(name)) {
      ip.visitingGlobals.add(name);
      try {
        const v = ev(ip, init, new Map());
        if (v.level === CLEAN)
          return withStep(v, step(lineOf(init), 'constant', `${name} = ${init.text()}`));
        return v;
      } finally {
        ip.visitingGlobals.delete(name);
      }
    }
    return unknown(`${name} is set outside the function`, step(line, 'unknown', name));
  }
  if (
    ip.imported.has(name) ||
    (ip.lang === 'java' && /^[A-Z]|^(java|javax|org|com|jakarta)$/.test(name))
  )
    return clean(step(line, 'constant', name));
  if (ip.functions.has(name)) return clean(step(line, 'constant', name));
  if (
    /^(print|len|str|int|float|list|dict|set|tuple|open|range|sorted|console|Math|JSON|Object|Array|String|Number|Boolean|Date|Promise|require|process|os|sys|re|json)$/.test(
      name,
    )
  )
    return clean(step(line, 'constant', name));
  return unknown(`${name} is defined outside the function`, step(line, 'unknown', name));
};

const sourceAt = (ip: Interp, text: string, n: Node): Val | null => {
  const remote = remoteSourceIn(text, ip.family);
  if (remote && text.startsWith(remote.split(/[.[]/)[0]!))
    return { level: INPUT, steps: [step(lineOf(n), 'source', n.text())] };
  const local = localSourceIn(text, ip.family);
  if (local && text.startsWith(local.split(/[.[]/)[0]!))
    return { level: LOCAL, steps: [step(lineOf(n), 'local-source', n.text())] };
  return null;
};

const SEPARATOR: Partial<Record<string, RegExp>> = {
  javascript: /^path\.(posix\.)?sep$/,
  python: /^os\.(path\.)?sep$/,
  go: /^(os\.PathSeparator|filepath\.Separator)$/,
  java: /^File\.separator(Char)?$/,
};

const member = (ip: Interp, n: Node, env: Env): Val => {
  const text = n.text();
  const tracked = env.get(text);
  if (tracked) return tracked;
  const src = sourceAt(ip, text, n);
  if (src) return src;
  const obj = n.field('object') ?? n.field('operand');
  const prop = (n.field('attribute') ?? n.field('property') ?? n.field('field'))?.text() ?? '';
  // The path separator of the platform the service runs on (`'..' + path.sep`, `os.sep`).
  const head = /^[\w$]+/.exec(text)?.[0] ?? '';
  if (
    (ip.modules.has(head) || ip.imported.has(head)) &&
    SEPARATOR[ip.family]?.test(canonicalCallee(ip, text))
  )
    return constant('/', step(lineOf(n), 'constant', `${text} (the path separator: /)`));
  // A field of the object itself (`self.x`, `this.x`) that this function did not assign holds
  // whatever the constructor, a setter or a caller put there: its origin is not known here.
  if (obj && /^(self|this)$/.test(obj.text())) {
    const known = ip.fieldValue?.(text);
    return known
      ? withStep(known, step(lineOf(n), 'container', text))
      : unknown(`${text} is a field set outside the function`, step(lineOf(n), 'unknown', text));
  }
  const base = ev(ip, obj, env);
  if (base.keys?.has(prop))
    return withStep(base.keys.get(prop)!, step(lineOf(n), 'container', text));
  if (prop === 'length') return { ...clean(step(lineOf(n), 'constant', text)), typeOf: 'number' };
  const c = contents(base);
  const out =
    c.level === CLEAN
      ? clean(step(lineOf(n), 'constant', text))
      : withStep(c, step(lineOf(n), 'propagate', text));
  if (!out.plain || !(PROTO_KEYS as readonly string[]).includes(prop)) return out;
  const { plain: _plain, ...rest } = out;
  return rest;
};

const subscript = (ip: Interp, n: Node, env: Env): Val => {
  const src = sourceAt(ip, n.text(), n);
  if (src) return src;
  const obj =
    n.field('value') ??
    n.field('object') ??
    n.field('array') ??
    n.field('operand') ??
    named(n)[0] ??
    null;
  const idxNode = n.field('subscript') ?? n.field('index') ?? named(n)[1] ?? null;
  // What is known of the element is read before the key's own updates run (`parts[i++]`).
  const known = ip.proto ? env.get(readSlot(n.text())) : undefined;
  const base = ev(ip, obj, env);
  const idx = ev(ip, idxNode, env);
  // A guard tried with a prototype key in place: `obj[key]` is what that key reaches on a plain
  // object (`constructor`: the Object function; `__proto__`, `prototype`: an object).
  // Not on the object the keys are enumerated from (`for (key in src)`, `Object.keys(src)`):
  // parsed JSON may hold `__proto__` as an own key there, whose value is anything.
  if (
    ip.tryingProto &&
    typeof idx.value === 'string' &&
    PROTO_TYPE[idx.value] &&
    !(idxNode && obj && enumeratedFrom(ip.root, idxNode.text()).has(obj.text()))
  )
    return { ...clean(step(lineOf(n), 'constant', n.text())), typeOf: PROTO_TYPE[idx.value] };
  if (ip.proto) {
    // An element this function just created (`o[k] = {}`) or checked to be an object.
    const slot = env.get(slotKey(n.text())) ?? known;
    if (slot) return withStep(slot, step(lineOf(n), 'container', n.text()));
    const v = element(base, idx.value, step(lineOf(n), 'container', n.text()));
    if (plainStep(base, idx)) return { ...v, plain: true };
    // A descent by an outside key not kept from __proto__ may land on Object.prototype.
    const reach =
      idx.level === INPUT &&
      (base.protoReach || !idx.excluded?.has('__proto__')) &&
      idx.typeOf !== 'number';
    // Only an element known by its constant key keeps what is known of it.
    const exact = idx.value !== undefined && idx.value !== null && (base.elems || base.keys);
    const { plain: _plain, ...rest } = v;
    const out = !v.plain || exact ? v : rest;
    return reach ? { ...out, protoReach: true } : out;
  }
  return element(base, idx.value, step(lineOf(n), 'container', n.text()));
};

/**
 * A descent `base[key]` that cannot land on a function or a prototype: from a plain object by a
 * key kept from `__proto__` and `constructor` (the only inherited property of a plain object that
 * leads to a function with a `prototype`), or by a number (an element of an array).
 */
const plainStep = (base: Val, idx: Val): boolean =>
  typeof idx.value === 'number' ||
  idx.typeOf === 'number' ||
  Boolean(
    base.plain &&
    ((idx.excluded?.has('__proto__') && idx.excluded.has('constructor')) ||
      (typeof idx.value === 'string' && !(PROTO_KEYS as readonly string[]).includes(idx.value))),
  );

/**
 * What a checked name holds now: its entry, or for a field of a local never assigned here
 * (`file.Name` of a range variable) what it reads, kept under its name from the check on. The
 * field is put in `env` too, which the other path's copy is made from, so that the join of the
 * two paths sees it on each.
 */
const knownOrField = (
  ip: Interp,
  out: Env,
  key: string,
  subject: Node,
  env: Env,
): Val | undefined => {
  const known = out.get(key);
  if (known || !key.includes('.')) return known;
  const now = ev(ip, subject, env);
  env.set(key, now);
  out.set(key, now);
  env.set(fieldReadKey(key), now);
  out.set(fieldReadKey(key), now);
  return now;
};

/** The environment key of an element `o[k]` (prototype pollution: what it was set to or found). */
export const slotKey = (text: string): string => `\u0000${text.replace(/\s+/g, '')}`;

/**
 * The objects whose own keys a name is bound to in the file: `for (k in o)`, `for (k of
 * Object.keys(o))`, `Object.keys(o).forEach((k) => …)`.
 */
const ENUMERATED = new WeakMap<Node, Map<string, Set<string>>>();
const enumeratedFrom = (root: Node, name: string): Set<string> => {
  let byName = ENUMERATED.get(root);
  if (!byName) {
    byName = new Map();
    const add = (k: string, o: string) => byName!.set(k, (byName!.get(k) ?? new Set()).add(o));
    const keysOf = (n: Node | null) =>
      n?.kind() === 'call_expression' &&
      /^Object\.(keys|entries)$/.test(n.field('function')?.text() ?? '')
        ? (named(n.field('arguments') ?? n)[0]?.text() ?? null)
        : null;
    for (const f of root.findAll({ rule: { kind: 'for_in_statement' } })) {
      const left = f.field('left');
      const right = f.field('right');
      if (!left || !right) continue;
      const k = left.kind() === 'identifier' ? left.text() : null;
      const isIn = f.children().some((c) => c.text() === 'in');
      if (k) add(k, isIn ? right.text() : (keysOf(right) ?? ''));
    }
    for (const c of root.findAll({ rule: { kind: 'call_expression' } })) {
      const fn = c.field('function');
      if (
        fn?.kind() !== 'member_expression' ||
        !/^(forEach|map|filter|some|every|reduce)$/.test(fn.field('property')?.text() ?? '')
      )
        continue;
      const o = keysOf(fn.field('object'));
      const cb = named(c.field('arguments') ?? c)[0];
      const k = cb ? paramsOf(cb)[0]?.name : undefined;
      if (o && k) add(k, o);
    }
    ENUMERATED.set(root, byName);
  }
  return byName.get(name) ?? new Set();
};

/** Forgets the elements known of `name` (as the object or in the key) once it is reassigned. */
const forgetSlots = (env: Env, name: string): void => {
  const word = new RegExp(`(^|[^\\w$])${name.replace(/[$]/g, '\\$')}($|[^\\w$])`);
  for (const [k, v] of [...env])
    if (
      (k.startsWith('\u0000') && word.test(k.slice(1))) ||
      (k.startsWith('\u0001') && (k === aliasKey(name) || word.test(String(v.value))))
    )
      env.delete(k);
};

/**
 * An array iterator's callback (`keys.forEach((k, i) => …)`, `keys.reduce((o, k, i) => …)`):
 * its element parameter is `keys[i]` for its index parameter, so a guard on either is a guard on
 * both.
 */
const elementAlias = (fn: Node, env: Env, line: number): void => {
  const owner = fn.parent()?.kind() === 'arguments' ? fn.parent()?.parent() : null;
  const c = owner ? calleeOf(owner) : null;
  if (!c?.receiver || c.receiver.kind() !== 'identifier' || !CALLBACK_BINDERS.has(c.name)) return;
  if (c.name === 'then') return;
  const ps = paramsOf(fn);
  const [el, idx] =
    c.name === 'reduce' || c.name === 'reduceRight' ? [ps[1], ps[2]] : [ps[0], ps[1]];
  if (!el || !idx) return;
  const text = `${c.receiver.text()}[${idx.name}]`;
  env.set(aliasKey(el.name), constant(text, step(line, 'assign', `${el.name} is ${text}`)));
};

/**
 * The environment key recording that a variable holds an element (`const part = parts[i]`,
 * prototype pollution): a guard on the variable is a guard on that element too.
 */
const aliasKey = (name: string): string => `\u0001${name}`;

/** `parts[i++]` reads the element `parts[i]`: the slot a postfix update reads. */
const readSlot = (text: string): string => slotKey(text.replace(/([\w$]+)\s*(\+\+|--)/g, '$1'));

const PROTO_TYPE: Record<string, string> = {
  constructor: 'function',
  __proto__: 'object',
  prototype: 'object',
};

/** The element of a container at a constant key or index, else anything inside it. */
const element = (base: Val, key: Const | undefined, s: PathStep): Val => {
  if (key !== undefined && key !== null) {
    if (base.elems && typeof key === 'number') {
      const i = key < 0 ? base.elems.length + key : key;
      if (i >= 0 && i < base.elems.length) return withStep(base.elems[i]!, s);
    }
    if (base.keys) {
      const v = base.keys.get(String(key));
      if (v) return withStep(v, s);
      return withStep(clean(s), s);
    }
    if (typeof base.value === 'string' && typeof key === 'number')
      return constant(base.value.charAt(key), s);
  }
  return withStep(contents(base), s);
};

/** Folds a method on a constant receiver (`"ABC".charAt(2)`, `s.upper()`). */
const foldMethod = (
  name: string,
  recv: Const | undefined,
  args: (Const | undefined)[],
): Const | undefined => {
  if (typeof recv !== 'string' || args.some((a) => a === undefined)) return undefined;
  const [a, b] = args as Const[];
  switch (name) {
    case 'charAt':
      return typeof a === 'number' ? recv.charAt(a) : undefined;
    case 'equals':
      return recv === a;
    case 'equalsIgnoreCase':
      return typeof a === 'string' ? recv.toLowerCase() === a.toLowerCase() : undefined;
    case 'length':
      return recv.length;
    case 'substring':
    case 'slice':
      return typeof a === 'number'
        ? recv.slice(a, typeof b === 'number' ? b : undefined)
        : undefined;
    case 'toUpperCase':
    case 'upper':
      return recv.toUpperCase();
    case 'toLowerCase':
    case 'lower':
      return recv.toLowerCase();
    case 'trim':
    case 'strip':
      return recv.trim();
    case 'startsWith':
    case 'startswith':
      return typeof a === 'string' ? recv.startsWith(a) : undefined;
    case 'endsWith':
    case 'endswith':
      return typeof a === 'string' ? recv.endsWith(a) : undefined;
    case 'indexOf':
    case 'find':
      return typeof a === 'string' ? recv.indexOf(a) : undefined;
    case 'lastIndexOf':
    case 'rfind':
      return typeof a === 'string' ? recv.lastIndexOf(a) : undefined;
    case 'contains':
    case 'includes':
      return typeof a === 'string' ? recv.includes(a) : undefined;
    case 'isEmpty':
      return recv.length === 0;
    default:
      return undefined;
  }
};

const MUTATORS = new Set([
  'append',
  'add',
  'push',
  'insert',
  'unshift',
  'put',
  'set',
  'setdefault',
  'update',
  'extend',
  'addAll',
  'putAll',
  'remove',
  'pop',
  'shift',
  'removeFirst',
  'removeLast',
  'poll',
  'addFirst',
  'addLast',
  'offer',
  'clear',
  'setProperty',
  'splice',
  'addElement',
  'putIfAbsent',
]);
const GETTERS = new Set([
  'get',
  'getOrDefault',
  'getProperty',
  'elementAt',
  'getFirst',
  'getLast',
  'peek',
  'nextElement',
  'next',
  'firstElement',
  'lastElement',
  'item',
  'getValue',
]);

/** Applies a container method to the receiver's value; returns [new receiver, call result]. */
const containerCall = (name: string, recv: Val, args: Val[], s: PathStep): [Val, Val] | null => {
  const a0 = args[0];
  const a1 = args[1];
  if (recv.elems) {
    const elems = [...recv.elems];
    const level = (vs: Val[]): Val => ({ ...joinAll(vs, clean(s)), elems: vs });
    switch (name) {
      case 'append':
      case 'push':
      case 'add':
      case 'addLast':
      case 'offer':
      case 'addElement':
        if (args.length === 2 && name === 'add' && typeof a0?.value === 'number') {
          elems.splice(a0.value, 0, withStep(a1!, s));
          return [level(elems), clean(s)];
        }
        if (args.length !== 1) return null;
        return [level([...elems, withStep(a0!, s)]), clean(s)];
      case 'insert':
        if (typeof a0?.value !== 'number' || !a1) return null;
        elems.splice(a0.value, 0, withStep(a1, s));
        return [level(elems), clean(s)];
      case 'unshift':
      case 'addFirst':
        if (!a0) return null;
        return [level([withStep(a0, s), ...elems]), clean(s)];
      case 'pop':
      case 'remove':
      case 'shift':
      case 'removeFirst':
      case 'removeLast':
      case 'poll': {
        const i =
          name === 'shift' || name === 'removeFirst' || name === 'poll'
            ? 0
            : name === 'removeLast' || (name === 'pop' && !a0)
              ? elems.length - 1
              : typeof a0?.value === 'number'
                ? a0.value
                : undefined;
        if (i === undefined || i < 0 || i >= elems.length) return null;
        const [out] = elems.splice(i, 1);
        return [level(elems), withStep(out!, s)];
      }
      case 'clear':
        return [level([]), clean(s)];
      case 'get':
      case 'elementAt':
        return [recv, element(recv, a0?.value, s)];
      case 'getFirst':
      case 'peek':
      case 'firstElement':
        return [recv, element(recv, 0, s)];
      case 'getLast':
      case 'lastElement':
        return [recv, element(recv, elems.length - 1, s)];
      default:
        return null;
    }
  }
  if (recv.keys) {
    const keys = new Map(recv.keys);
    const shape = (m: Map<string, Val>): Val => ({
      ...joinAll([...m.values()], clean(s)),
      keys: m,
    });
    const key = a0?.value;
    switch (name) {
      case 'put':
      case 'set':
      case 'setProperty':
      case 'putIfAbsent':
      case 'setdefault':
        if (key === undefined || key === null || !a1) return null;
        if (name === 'putIfAbsent' || name === 'setdefault') {
          if (!keys.has(String(key))) keys.set(String(key), withStep(a1, s));
        } else keys.set(String(key), withStep(a1, s));
        return [shape(keys), name === 'setdefault' ? keys.get(String(key))! : clean(s)];
      case 'get':
      case 'getOrDefault':
      case 'getProperty': {
        // A key not known here: any entry, or the default when it is missing.
        if (key === undefined || key === null)
          return [recv, withStep(joinAll([contents(recv), ...(a1 ? [a1] : [])], clean(s)), s)];
        const v = keys.get(String(key));
        return [recv, v ? withStep(v, s) : a1 ? withStep(a1, s) : constant(null, s)];
      }
      case 'remove':
      case 'pop':
        if (key === undefined || key === null) return null;
        keys.delete(String(key));
        return [shape(keys), withStep(recv.keys.get(String(key)) ?? a1 ?? constant(null, s), s)];
      case 'clear':
        return [shape(new Map()), clean(s)];
      default:
        return null;
    }
  }
  return null;
};

/**
 * Drops what checks found of fields read in place (`opts.branch`) whose name `drop` accepts, with
 * the tests kept in names that read them: something may have set them again.
 */
const forgetCheckedFields = (ip: Interp, env: Env, drop: (field: string) => boolean) => {
  for (const k of [...env.keys()]) {
    if (!k.startsWith('\u0002')) continue;
    const field = k.slice(1);
    if (!drop(field)) continue;
    const was = env.get(field);
    env.delete(k);
    if (!was) continue;
    // Not deleted: a field this code assigned would read as the object it was built from.
    env.set(
      field,
      unknown(
        `${field} may have been set again after it was checked`,
        step(was.steps.at(-1)?.line ?? 0, 'unknown', field),
      ),
    );
  }
  dropTests(env, (names) => names.some((n) => n.includes('.') && drop(n)));
};

/** Methods that read their object (or only their arguments) and set none of its fields. */
const READ_ONLY_METHODS =
  /^(Open|Stat|FileInfo|Mode|IsDir|Name|Size|ModTime|Read|ReadAt|Close|String|Get|get|has|Has|Len|keys|values|items|Lookup|Value|Values|Query|FormValue|PostFormValue|Cookie|Header|Param|Params|Get\w+|get\w+|is\w+|Is\w+|json|text|read|decode|encode|strip|lower|upper|startswith|endswith|split|format|toString|trim|includes|indexOf|startsWith|endsWith|test|exec|match|matches|fullmatch|search|MatchString|status|send|end|write|log|info|debug|warn|warning|error|Printf|Println|Errorf|Infof|Debugf|Warnf)$/;

/** Calls that copy into an object they are given (which may be another name for a checked one). */
const MERGERS =
  /^(Object\.(assign|defineProperty|defineProperties|setPrototypeOf)|_\.(merge|mergeWith|extend|assign|assignIn|set|defaults|defaultsDeep)|lodash\.\w+|setattr|merge|extend|deepmerge|mergeDeep|deepExtend)$/;

/** JavaScript's global predicates: they return a boolean whatever they are given. */
const JS_PREDICATES =
  /^(isNaN|isFinite|Array\.isArray|Number\.(isNaN|isFinite|isInteger|isSafeInteger)|Buffer\.isBuffer)$/;

/** Calls that set nothing of the objects around them (builtins and conversions). */
const PURE_BARE_CALLS =
  /^(len|str|int|float|bool|repr|print|isinstance|issubclass|hasattr|getattr|type|format|sorted|min|max|abs|range|enumerate|zip|map|filter|any|all|list|dict|set|tuple|iter|next|ord|chr|hex|round|parseInt|parseFloat|String|Number|Boolean|Array|encodeURIComponent|decodeURIComponent|encodeURI|decodeURI|escape|unescape|isNaN|isFinite|require|len|cap|make|new|append|panic|errors\.New)$/;

/**
 * What was known of the fields of an object passed to a call (`normalize(opts)`, `h(this)`,
 * `Decode(&o)`), or of the object itself when one of its own methods runs (`self.reload()`,
 * `this.reset()`, a bare `reload()` in a Java class, a nested function of the method), is
 * dropped: the call may set them again. So is what was known of the fields of an object whose
 * own member a method changes (`opts.__dict__.update(d)`).
 */
const forgetFieldsHandedOver = (
  ip: Interp,
  c: NonNullable<ReturnType<typeof calleeOf>>,
  env: Env,
) => {
  const bases = new Set<string>();
  for (const a of c.args) {
    const inner = a.kind() === 'unary_expression' ? (named(a)[0] ?? a) : a;
    const key = /^(self|this)$/.test(inner.text()) ? inner.text() : keyOf(inner);
    if (key) bases.add(key);
  }
  const recv = c.receiver?.text() ?? '';
  if (/^(self|this)$/.test(recv)) bases.add(recv);
  else if (recv.includes('.') && MUTATORS.has(c.name)) bases.add(recv.split('.')[0]!);
  // A method of an object a checked field belongs to (`o.applyDefaults()`), unless it only reads.
  const r = c.receiver ? keyOf(c.receiver) : null;
  if (r && !READ_ONLY_METHODS.test(c.name)) bases.add(r);
  // A call that may run any code of the file or change any object: a bare call of a function
  // of the file (a closure of the method, a Java method of the class), a callback handed over,
  // Object.assign and its kin.
  const anything =
    (!c.receiver && !PURE_BARE_CALLS.test(c.text)) ||
    c.args.some((a) =>
      /^(arrow_function|function_expression|generator_function|function|lambda|func_literal)$/.test(
        a.kind(),
      ),
    ) ||
    MERGERS.test(c.text);
  if (anything) {
    forgetCheckedFields(ip, env, () => true);
    bases.add('self');
    bases.add('this');
  }
  if (!bases.size) return;
  for (const b of bases) for (const k of [...env.keys()]) if (k.startsWith(`${b}.`)) env.delete(k);
  forgetCheckedFields(ip, env, (f) => [...bases].some((b) => f.startsWith(`${b}.`)));
};

const call = (ip: Interp, n: Node, env: Env): Val => {
  const c = calleeOf(n);
  const line = lineOf(n);
  const s = (kind: PathStep['kind']) => step(line, kind, n.text());
  if (!c) return unknown('a call the reconstruction does not read', s('unknown'));
  const isNew = n.kind() === 'new_expression' || n.kind() === 'object_creation_expression';
  const recordSink = !ip.sinkIsExpression && sameNode(n, ip.sink);
  const text = `${c.text}(`;
  // A sanitizer for this very class, a numeric conversion, a source: decided by the callee, as
  // written or by what its import names (`from shlex import quote` → `shlex.quote`).
  const resolved = `${canonicalCallee(ip, c.text)}(`;
  const san =
    sanitizerIn(text, ip.cls, ip.family) ??
    numericConversionIn(text, ip.cls, ip.family) ??
    (resolved === text
      ? null
      : (sanitizerIn(resolved, ip.cls, ip.family) ??
        numericConversionIn(resolved, ip.cls, ip.family)));
  // A callback holding the sink gets the values its caller passes: a promise's value for
  // `then`, an element of the receiver for the array iterators.
  const binder =
    c.receiver &&
    CALLBACK_BINDERS.has(c.name) &&
    ip.sink !== null &&
    c.args.some((a) => CALLBACK_ARG.has(a.kind()) && within(ip.sink!, a));
  const early = binder && c.receiver ? ev(ip, c.receiver, env) : undefined;
  if (early)
    ip.callbackParams =
      c.name === 'then'
        ? [early]
        : c.name === 'reduce' || c.name === 'reduceRight'
          ? [unknown('the accumulator', s('unknown')), contents(early)]
          : [contents(early), clean(s('constant'))];
  const args = c.args.map((a) => ev(ip, a, env));
  ip.callbackParams = undefined;
  if (recordSink) recordHit(ip, env);
  forgetFieldsHandedOver(ip, c, env);
  // isNaN(x), Array.isArray(x), Number.isInteger(x): a boolean, whatever x holds (so
  // `typeof isNaN(pid)` is "boolean", a string that is always true).
  if (ip.family === 'javascript' && JS_PREDICATES.test(c.text) && !sameFileFunction(ip, c))
    return { ...clean(s('constant')), typeOf: 'boolean' };
  // Decoding a value that was escaped undoes the escaping (`decodeURIComponent(escape(q))`:
  // `%27` is a quote again): what it was escaped from is not known here.
  if (
    DECODER.test(canonicalCallee(ip, c.text)) &&
    args[0]?.level === CLEAN &&
    args[0].value === undefined &&
    args[0].steps.some((x) => x.kind === 'sanitizer')
  )
    return unknown(`${c.text}() decodes what was escaped before it`, s('unknown'));
  // A sanitizer by its name, unless the file defines the function itself: then what its body
  // does decides (a local quote() that escapes ' as \' inside single quotes quotes nothing).
  // A default import names the module's function whatever it is called here (`shellEscape`).
  const byName = san && (san.split('.').pop() === c.name || san === canonicalCallee(ip, c.text));
  if (byName && !sameFileFunction(ip, c)) return clean(step(line, 'sanitizer', n.text()));
  // sql`… ${x}` of a query builder that binds the values as parameters.
  if (
    ip.cls === 'sql-injection' &&
    n.field('arguments')?.kind() === 'template_string' &&
    SAFE_SQL_TAG.test(canonicalCallee(ip, c.text))
  )
    return clean(
      step(line, 'sanitizer', `${n.text()} (a tagged template: its values are bound parameters)`),
    );
  // request.args.get("page", 1, type=int): werkzeug converts, or gives the default.
  if (
    ip.lang === 'python' &&
    /^(get|getlist)$/.test(c.name) &&
    numberNeutralizes(ip.cls) &&
    c.args.some(
      (a) =>
        a.kind() === 'keyword_argument' &&
        a.field('name')?.text() === 'type' &&
        /^(int|float)$/.test(a.field('value')?.text() ?? ''),
    )
  )
    return { ...clean(step(line, 'sanitizer', n.text())), typeOf: 'number' };
  // s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'): every metacharacter escaped (MDN's escapeRegExp).
  if (
    ip.cls === 'regex-injection' &&
    ip.family === 'javascript' &&
    c.name === 'replace' &&
    c.receiver &&
    escapesEveryRegexMetacharacter(c.args[0] ?? null, args[1]?.value)
  )
    return clean(
      step(line, 'sanitizer', `${n.text()} (every regular-expression metacharacter escaped)`),
    );
  // path.normalize(p).replace(/^(\.\.(\/|\\|$))+/, ''): normalize leaves `..` only at the
  // start, and those are cut: joined to a base, it stays under it.
  if (
    ip.family === 'javascript' &&
    FILE_CLASSES.has(ip.cls) &&
    c.name === 'replace' &&
    c.receiver &&
    calleeOf(c.receiver) &&
    /^path\.(posix\.)?normalize$/.test(canonicalCallee(ip, calleeOf(c.receiver)!.text)) &&
    c.args[0]?.kind() === 'regex' &&
    /^\^\((\?:)?\\\.\\\./.test(c.args[0].field('pattern')?.text() ?? '') &&
    /\)\+$/.test(c.args[0].field('pattern')?.text() ?? '') &&
    args[1]?.value === ''
  ) {
    const v = ev(ip, c.receiver, env);
    return {
      ...withStep(
        { level: v.level, steps: v.steps, ...(v.reason ? { reason: v.reason } : {}) },
        step(line, 'sanitizer', `${n.text()} (normalised, its leading ../ cut: no .. is left)`),
      ),
      contained: true,
    };
  }
  // s.replace(/[^\w.-]/g, '') / re.sub(r'[^a-z0-9_]', '', s): only the set's characters are left.
  const stripped =
    ip.family === 'javascript' &&
    (c.name === 'replace' || c.name === 'replaceAll') &&
    c.args[0]?.kind() === 'regex' &&
    /g/.test(c.args[0].field('flags')?.text() ?? '') &&
    args[1]?.value === ''
      ? { pattern: c.args[0].field('pattern')?.text() ?? '', subject: c.receiver }
      : ip.family === 'python' &&
          canonicalCallee(ip, c.text) === 're.sub' &&
          typeof args[0]?.value === 'string' &&
          args[1]?.value === '' &&
          args[2]
        ? { pattern: args[0].value, subject: c.args[2] ?? null }
        : null;
  const kept = stripped ? keptByNegatedClass(stripped.pattern) : null;
  const why = kept ? charsetSafeFor(ip.cls, kept) : null;
  if (why && stripped?.subject)
    return {
      level: CLEAN,
      steps: [
        ...ev(ip, stripped.subject, env).steps,
        step(line, 'sanitizer', `${n.text()} (${why})`),
      ].slice(-14),
    };
  // A method of a container this code built (`args = []` … `args.append(p)`) is not the
  // command line's `args.x` a source pattern names.
  const built = c.receiver?.kind() === 'identifier' ? env.get(c.receiver.text()) : undefined;
  const src = built?.elems || built?.keys ? null : sourceAt(ip, text, n);
  if (src) return src;
  if (FILE_OPEN.test(c.text)) {
    const path = args[0] ?? clean(s('constant'));
    return path.level === CLEAN
      ? clean(step(line, 'constant', `${n.text()} (a file the code names by a constant)`))
      : withStep({ level: Math.max(path.level, INPUT) as Level, steps: path.steps }, s('source'));
  }
  if (SOCKET_READ.test(c.name)) return { level: INPUT, steps: [s('source')] };
  const recvVal = early ?? (c.receiver ? ev(ip, c.receiver, env) : null);
  const iterated = transpiledIteration(ip, n, c, recvVal, env);
  if (iterated) return iterated;
  const canonical = canonicalCallee(ip, c.text);
  // arr.filter(pred): only the elements pred accepts are left; a prototype key it refuses is not.
  if (ip.proto && c.name === 'filter' && recvVal && c.args[0]) {
    const pred = CALLBACK_ARG.has(c.args[0].kind())
      ? c.args[0]
      : c.args[0].kind() === 'identifier'
        ? (ip.functions.get(c.args[0].text()) ?? null)
        : null;
    const outer: Env = pred === c.args[0] ? env : new Map<string, Val>();
    const refused = pred ? PROTO_KEYS.filter((key) => refuses(ip, pred, key, line, outer)) : [];
    if (refused.length) {
      const base = contents(recvVal);
      return {
        level: base.level,
        steps: [
          ...base.steps,
          step(line, 'branch', `${n.text()} keeps no ${refused.join(', ')}`),
        ].slice(-14),
        ...(base.reason ? { reason: base.reason } : {}),
        elemExcluded: new Set([...(recvVal.elemExcluded ?? []), ...refused]),
      };
    }
  }
  // Go's string(os.PathSeparator): the conversion of a known character is that character.
  if (
    ip.family === 'go' &&
    c.text === 'string' &&
    args.length === 1 &&
    typeof args[0]!.value === 'string'
  )
    return constant(args[0]!.value, s('constant'));
  // Objects without Object.prototype: no key written into them reaches it.
  if (/^Object\.create$/.test(canonical) && args[0]?.value === null)
    return { ...clean(s('constant')), noProto: true };
  // filepath.FromSlash / ToSlash only swap the separator: the path is what it was (net/http's
  // `filepath.FromSlash(path.Clean("/" + name))` stays rooted and free of `..`).
  if (ip.family === 'go' && /^filepath\.(FromSlash|ToSlash)$/.test(canonical) && args.length === 1)
    return withStep(args[0]!, s('propagate'));
  // strings.Trim(p, "/") of a path with no `..` left: still none (cae.Clean's shape).
  if (
    ip.family === 'go' &&
    /^strings\.(Trim|TrimLeft|TrimPrefix)$/.test(canonical) &&
    args[0]?.contained &&
    args[1]?.value === '/'
  )
    return { ...withStep(args[0], s('propagate')), contained: true, rooted: false };
  if (ip.family === 'python') {
    const under = joinedUnder(ip, canonical, args, n, line);
    if (under) return under;
  }
  // Path normalisation: no `..` segment is left in the result.
  if (
    NORMALIZERS[ip.family]?.test(canonical) ||
    // pathlib: Path(p).resolve()
    (ip.family === 'python' &&
      c.name === 'resolve' &&
      c.receiver &&
      c.args.every((a) => a.kind() === 'keyword_argument'))
  ) {
    const all = joinAll(
      [...(recvVal ? [recvVal] : []), ...args].map(contents),
      clean(s('constant')),
    );
    const moduleReceiver =
      c.receiver?.kind() === 'identifier' &&
      (ip.imported.has(c.receiver.text()) || ip.modules.has(c.receiver.text()));
    const names = [...(c.receiver && !moduleReceiver ? [c.receiver] : []), ...c.args].flatMap((a) =>
      namesIn(a),
    );
    // normalize('/' + x), resolve('/', x), Go's Clean("/" + x): rooted and free of `..`, so it
    // stays under a base.
    // join('/', cwd, x) and Go's Join("/", x) too: the pieces after the root are normalised
    // under it, whatever they hold.
    const fromRoot =
      args.length >= 2 && typeof args[0]!.value === 'string' && /^\/+$/.test(args[0]!.value);
    const contained =
      (ip.family === 'javascript' &&
        (/^path\.(posix\.)?normalize$/.test(canonical)
          ? args.length === 1 && Boolean(args[0]!.rooted)
          : /^path\.(posix\.)?(resolve|join)$/.test(canonical) && fromRoot)) ||
      (ip.family === 'go' &&
        (/^(filepath|path)\.Clean$/.test(canonical)
          ? args.length === 1 && Boolean(args[0]!.rooted)
          : /^(filepath|path)\.Join$/.test(canonical) && fromRoot));
    const under = joinedUnder(ip, canonical, args, n, line);
    if (under) return under;
    // Node's join and normalize keep a trailing separator (`join(__dirname, '../dist/')`);
    // resolve, Go's Clean and Python's normpath drop it.
    const sepEnded =
      ip.family === 'javascript' &&
      /^path\.(posix\.)?(join|normalize)$/.test(canonical) &&
      args.length > 0 &&
      sepEndedish(args.at(-1)!);
    return {
      level: all.level,
      steps: [...all.steps, s('propagate')].slice(-14),
      ...(all.reason ? { reason: all.reason } : {}),
      normalized: names,
      ...(contained ? { contained: true, rooted: true } : {}),
      ...(sepEnded ? { sepEnded: true } : {}),
    };
  }
  if (RELATIVE[ip.family]?.test(canonical) && c.args.length >= 2) {
    const all = joinAll(args.map(contents), clean(s('constant')));
    // os.path.relpath(path, start) takes the target first, path.relative and filepath.Rel last.
    const [target, base] =
      ip.family === 'python' ? [c.args[0]!, c.args[1]!] : [c.args.at(-1)!, c.args.at(-2)!];
    const [targetVal, relativeBase] =
      ip.family === 'python' ? [args[0]!, args[1]!] : [args.at(-1)!, args.at(-2)!];
    return {
      level: all.level,
      steps: [...all.steps, s('propagate')].slice(-14),
      ...(all.reason ? { reason: all.reason } : {}),
      // Not the base's names (`relative(root, join(root, x))`: x stays under root, root itself
      // is what it is); nothing when the base comes from outside, which no check contains.
      ...(relativeBase.level === INPUT
        ? {}
        : { relativeOf: relativePieces(target, targetVal, base) }),
    };
  }
  // JSON.stringify: a JavaScript literal of its argument (a sanitizer for generated code only
  // where an expression starts, which the concatenation around it decides).
  if (ip.family === 'javascript' && canonical === 'JSON.stringify' && args[0]) {
    const v = contents(args[0]);
    return {
      level: v.level,
      steps: [...v.steps, s('propagate')].slice(-14),
      ...(v.reason ? { reason: v.reason } : {}),
      json: true,
    };
  }
  // s.replace(pattern, fn): the result also holds what fn returns for the pieces of s.
  if (
    (c.name === 'replace' || c.name === 'replaceAll') &&
    recvVal &&
    c.args[1] &&
    CALLBACK_ARG.has(c.args[1].kind())
  ) {
    const returned = callbackReturns(ip, c.args[1], contents(recvVal), line);
    const all = joinAll([contents(recvVal), contents(args[0]!), returned], clean(s('constant')));
    return {
      level: all.level,
      steps: [...all.steps, s('propagate')].slice(-14),
      ...(all.reason ? { reason: all.reason } : {}),
    };
  }
  // Whether a constant path is absolute (a guard tried with a path in place).
  if (
    /^(os\.path\.isabs|posixpath\.isabs|path\.(posix\.)?isAbsolute|filepath\.IsAbs)$/.test(
      canonicalCallee(ip, c.text),
    ) &&
    typeof args[0]?.value === 'string'
  )
    return constant(args[0].value.startsWith('/'), s('constant'));
  // A constant split by a constant: the list of its pieces.
  if (
    (c.name === 'split' || c.name === 'Split') &&
    typeof (c.name === 'Split' ? args[0]?.value : recvVal?.value) === 'string' &&
    typeof (c.name === 'Split' ? args[1]?.value : args[0]?.value) === 'string'
  ) {
    const [str, sep] =
      c.name === 'Split'
        ? [args[0]!.value as string, args[1]!.value as string]
        : [recvVal!.value as string, args[0]!.value as string];
    const elems = str.split(sep).map((p) => constant(p, s('constant')));
    return { ...clean(s('constant')), elems };
  }
  // Membership in a collection of constants, and a literal pattern tested on a constant.
  if (
    recvVal?.elems &&
    /^(includes|has|indexOf|contains|__contains__)$/.test(c.name) &&
    args.length === 1 &&
    args[0]!.value !== undefined &&
    recvVal.elems.every((e) => e.value !== undefined)
  ) {
    const i = recvVal.elems.findIndex((e) => e.value === args[0]!.value);
    return constant(c.name === 'indexOf' ? i : i >= 0, s('constant'));
  }
  // A predicate over a list of constants (`BLOCKED.some((k) => k === key)`): folded when it
  // folds for every element.
  if (
    recvVal?.elems &&
    /^(some|every|findIndex)$/.test(c.name) &&
    c.args[0] &&
    CALLBACK_ARG.has(c.args[0].kind()) &&
    recvVal.elems.every((e) => e.value !== undefined)
  ) {
    // The callback sees the variables around it (`key` in `(k) => k === key`).
    const fn = c.args[0];
    const body = fn.field('body');
    const first = paramsOf(fn)[0]?.name;
    const each = recvVal.elems.map((e) => {
      if (!body || !first || ip.depth >= 2) return undefined;
      const sub = runNested(ip, body, new Map(env).set(first, e), { callbackParams: undefined });
      if (sub.unsupported) return undefined;
      return joinAll(sub.returns, constant(null, step(line, 'constant', fn.text()))).value;
    });
    if (each.every((v) => v !== undefined)) {
      const hit = each.findIndex((v) => (c.name === 'every' ? !truthy(v) : truthy(v)));
      const value = c.name === 'findIndex' ? hit : c.name === 'some' ? hit >= 0 : hit < 0;
      return constant(value, s('constant'));
    }
  }
  // A literal, or a constant of the file holding one (`var RE_IGNORE = /__proto__|…/`).
  const literalRe =
    c.receiver && (c.name === 'test' || c.name === 'exec') && typeof args[0]?.value === 'string'
      ? regexLiteral(ip, c.receiver, n)
      : null;
  if (literalRe && typeof args[0]?.value === 'string') {
    const re = regexOf(literalRe);
    if (re) return constant(re.test(args[0].value), s('constant'));
  }
  // 'a/../b'.search(/\.\./) is 2, .match(/\.\./) a match (truthy) or null.
  if (
    (c.name === 'search' || c.name === 'match') &&
    c.args[0]?.kind() === 'regex' &&
    typeof recvVal?.value === 'string'
  ) {
    const re = regexOf(c.args[0]);
    if (re) {
      const at = recvVal.value.search(re);
      return constant(c.name === 'search' ? at : at >= 0, s('constant'));
    }
  }
  // Containers: mutation through a tracked receiver.
  const recvKey = c.receiver ? keyOf(c.receiver) : null;
  if (recvVal && (MUTATORS.has(c.name) || GETTERS.has(c.name))) {
    const done = containerCall(c.name, recvVal, args, s('container'));
    if (done) {
      if (recvKey && done[0] !== recvVal) env.set(recvKey, done[0]);
      return done[1];
    }
    // A mutation the known shape does not model (`extend`, `update`, `addAll` …): its elements
    // are no longer known one by one, only what any of them may hold.
    if (MUTATORS.has(c.name) && recvKey && (recvVal.elems || recvVal.keys)) {
      const all = joinAll(
        [contents(recvVal), ...args.map(contents), ...args],
        clean(s('container')),
      );
      env.set(
        recvKey,
        withStep(
          { level: all.level, steps: all.steps, ...(all.reason ? { reason: all.reason } : {}) },
          s('container'),
        ),
      );
      return /^(pop|shift|poll|removeFirst|removeLast|splice|popleft|popitem)$/.test(c.name)
        ? withStep(contents(recvVal), s('container'))
        : clean(s('container'));
    }
    if (MUTATORS.has(c.name) && recvKey && !recvVal.elems && !recvVal.keys && c.name !== 'append') {
      env.set(recvKey, withStep(joinAll([recvVal, ...args], recvVal), s('container')));
      // Taking an element out of a container of unknown shape gives one of its elements.
      if (/^(pop|shift|poll|removeFirst|removeLast|splice|popleft)$/.test(c.name)) {
        const taken = withStep(contents(recvVal), s('container'));
        return {
          level: taken.level,
          steps: taken.steps,
          ...(taken.reason ? { reason: taken.reason } : {}),
          // Every element of a filtered list is kept from what the filter refused.
          ...(c.name !== 'splice' && recvVal.elemExcluded
            ? { excluded: recvVal.elemExcluded }
            : {}),
        };
      }
      return clean(s('container'));
    }
  }
  // StringBuilder.append and friends: the receiver grows.
  if (
    recvVal &&
    recvKey &&
    (c.name === 'append' || c.name === 'add') &&
    !recvVal.elems &&
    !recvVal.keys
  ) {
    const grown = withStep(joinAll([recvVal, ...args], recvVal), s('propagate'));
    const value = fold('+', recvVal.value, args[0]?.value);
    const next =
      value === undefined ? { level: grown.level, steps: grown.steps } : { ...grown, value };
    env.set(recvKey, next);
    return next;
  }
  if (
    recvVal &&
    (c.name === 'append' || c.name === 'insert') &&
    !recvKey &&
    n.parent()?.kind() === 'method_invocation'
  ) {
    // chained builder calls: new StringBuilder().append(a).append(b)
    return withStep(joinAll([recvVal, ...args], recvVal), s('propagate'));
  }
  if (isNew) {
    if (BUILDER_TYPE.test(c.text)) {
      const v = joinAll(args, constant('', s('constant')));
      return args.length === 0 ? constant('', s('constant')) : withStep(v, s('propagate'));
    }
    if (MAP_TYPE.test(c.text)) {
      const noProto = /^(Map|WeakMap)$/.test(c.text) ? { noProto: true } : {};
      const from = args.find((a) => typeof a.value !== 'number');
      if (!from) return { ...clean(s('constant')), keys: new Map(), ...noProto };
      // new HashMap<>(other): its entries; new Map([['k', v], …]): those pairs; else (entries
      // of the request, pairs read from a body) any value of what it is built from.
      if (from.keys) return { ...withStep(from, s('container')), keys: new Map(from.keys) };
      const pairs = from.elems?.map((e) =>
        e.elems?.length === 2 && typeof e.elems[0]!.value === 'string' ? e.elems : null,
      );
      if (pairs?.every((p) => p !== null)) {
        const keys = new Map(
          pairs.map((p) => [String(p[0]!.value), withStep(p[1]!, s('container'))]),
        );
        return { ...joinAll([...keys.values()], clean(s('constant'))), keys, ...noProto };
      }
      return { ...withStep(contents(contents(from)), s('container')), ...noProto };
    }
    if (LIST_TYPE.test(c.text)) {
      if (args.length === 0 || args.every((a) => typeof a.value === 'number'))
        return { ...clean(s('constant')), elems: [] };
      // new Set(['a', 'b']): the same elements (what membership tests read).
      if (args.length === 1 && args[0]!.elems)
        return { ...joinAll(args[0]!.elems, clean(s('constant'))), elems: [...args[0]!.elems] };
      return withStep(contents(joinAll(args, clean(s('constant')))), s('container'));
    }
    return args.length === 0
      ? clean(s('constant'))
      : withStep(joinAll(args.map(contents), clean(s('constant'))), s('propagate'));
  }
  // A method borrowed through call/apply (`Array.prototype.slice.call(arguments, 1)`,
  // `Object.prototype.hasOwnProperty.call(o, k)`): read as that method on the first argument.
  const borrowed =
    /(?:^|\.)(?:prototype|\[\])\.([\w$]+)\.(?:call|apply)$|^\[\]\.([\w$]+)\.(?:call|apply)$/.exec(
      c.text.replace(/\s+/g, ''),
    );
  if (borrowed) {
    const m = borrowed[1] ?? borrowed[2] ?? '';
    // `hasOwnProperty.call(Object.prototype, 'constructor')`: the own keys of Object.prototype.
    if (
      m === 'hasOwnProperty' &&
      ip.family === 'javascript' &&
      c.args[0]?.text() === 'Object.prototype' &&
      typeof args[1]?.value === 'string'
    )
      return constant(
        Object.prototype.hasOwnProperty.call(Object.prototype, args[1].value),
        s('constant'),
      );
    if (SCALAR.has(m) || /^(hasOwnProperty|propertyIsEnumerable|isPrototypeOf)$/.test(m))
      return clean(s('constant'));
    if (PROPAGATE.has(m)) {
      const all = joinAll(args.map(contents), clean(s('constant')));
      return {
        level: all.level,
        steps: [...all.steps, s('propagate')].slice(-14),
        ...(all.reason ? { reason: all.reason } : {}),
      };
    }
  }
  // Same-file functions: entered with the arguments' values; so are those the file imports
  // from another module of the project, read in that module.
  const fn = sameFileFunction(ip, c);
  // Only the function's own calls (not those of the summaries it enters, read with less).
  if (fn && ip.selfCalls && ip.depth === 0 && !ip.tryingProto && sameRange(fn, ip.selfCalls.fn))
    ip.selfCalls.args.push(args);
  if (fn) return summary(ip, fn, c, args, n);
  const imported = importable(ip, c.text) ? ip.importedFunction?.(c.text) : null;
  if (imported)
    return summary(
      ip,
      imported.fn,
      c,
      args,
      n,
      imported.root === ip.root ? {} : inFile(imported),
      recvVal,
    );
  const recvFold = foldMethod(
    c.name,
    recvVal?.value,
    args.map((a) => a.value),
  );
  if (recvFold !== undefined) return constant(recvFold, s('constant'));
  // JavaScript's find() gives an element of its receiver (Python's str.find an index).
  if (c.name === 'find' && ip.family === 'javascript' && recvVal)
    return { ...contents(recvVal), steps: [...contents(recvVal).steps, s('propagate')].slice(-14) };
  // (str.find gives an index; a collection's find({…}) of a query gives documents)
  if (SCALAR.has(c.name) && !c.args.some((a) => /^(object|dictionary)$/.test(a.kind())))
    return clean(s('constant'));
  if (ip.lang === 'python' && /^(dict|list|tuple|set)$/.test(c.text) && args.length <= 1) {
    if (args.length === 0)
      return c.text === 'dict'
        ? { ...clean(s('constant')), keys: new Map() }
        : { ...clean(s('constant')), elems: [] };
    return args[0]!.elems || args[0]!.keys
      ? args[0]!
      : withStep(contents(args[0]!), s('propagate'));
  }
  const inputs = [...(recvVal ? [recvVal] : []), ...args].map(contents);
  const all = joinAll(inputs, clean(s('constant')));
  // x.match(re) / re.exec(x) of a string holding no `__proto__`: no group of the match is it.
  const matched = c.name === 'match' ? recvVal : c.name === 'exec' ? args[0] : undefined;
  if (ip.family === 'javascript' && matched?.lacks)
    return {
      ...withStep({ level: matched.level, steps: matched.steps }, s('propagate')),
      elemExcluded: new Set(matched.lacks),
      elemLacks: matched.lacks,
    };
  if (PROPAGATE.has(c.name) || PROPAGATE.has(c.text)) {
    const out = withStep(all, s('propagate'));
    // The pieces of a string that holds no `__proto__` are none of them either, and hold none.
    const lacks = ip.family === 'javascript' ? recvVal?.lacks : undefined;
    const pieces = c.name === 'split';
    const part = /^(slice|substring|substr|trim|trimStart|trimEnd)$/.test(c.name);
    return {
      level: out.level,
      steps: out.steps,
      ...(out.reason ? { reason: out.reason } : {}),
      ...(lacks && pieces ? { elemExcluded: new Set(lacks), elemLacks: lacks } : {}),
      ...(lacks && part ? { excluded: new Set(lacks), lacks } : {}),
    };
  }
  if (FILE_CONTENT.test(c.name) && recvVal)
    return withStep({ level: recvVal.level, steps: recvVal.steps }, s('propagate'));
  if (all.level === INPUT) return withStep({ level: INPUT, steps: all.steps }, s('propagate'));
  return {
    level: UNKNOWN,
    steps: [...all.steps, s('unknown')].slice(-14),
    reason: `the value returned by ${c.text}(), which is not in this file`,
  };
};

/** Tags of SQL tagged templates that send the values as bound parameters, by their import. */
const SAFE_SQL_TAG =
  /^(sql-template-strings|sql-template-tag|slonik\.sql|drizzle-orm\.sql|@vercel\/postgres\.sql|@databases\/[\w-]+\.sql|(@prisma\/client\.)?Prisma\.sql)$|\.\$(queryRaw|executeRaw)$/;

const CALLBACK_BINDERS = new Set([
  'then',
  'forEach',
  'map',
  'filter',
  'some',
  'every',
  'find',
  'findIndex',
  'flatMap',
  'reduce',
  'reduceRight',
]);
const CALLBACK_ARG = new Set([
  'arrow_function',
  'function_expression',
  'generator_function',
  'function',
]);

/** True when the predicate `fn` returns a falsy constant for `key` (a filter drops it). */
const refuses = (ip: Interp, fn: Node, key: string, line: number, outer: Env): boolean => {
  const body = fn.field('body');
  if (ip.depth >= 2 || !body) return false;
  // A callback sees the variables around it as they are when it is called (`const deny = [...];
  // keys.filter((k) => deny.indexOf(k) < 0)`).
  const env: Env = new Map(outer);
  paramsOf(fn).forEach((p, i) =>
    env.set(
      p.name,
      i === 0 ? constant(key, step(line, 'constant', key)) : clean(step(line, 'constant', p.name)),
    ),
  );
  const sub = runNested(ip, body, env, { tryingProto: true, callbackParams: undefined });
  if (sub.unsupported) return false;
  const v = joinAll(sub.returns, constant(null, step(line, 'constant', fn.text())));
  return v.value !== undefined && !truthy(v.value);
};

/** The outer variables a callback assigns (not its parameters nor its own declarations). */
const outerAssigned = (fn: Node, env: Env): string[] => {
  const own = new Set(paramsOf(fn).map((p) => p.name));
  for (const d of fn.findAll({ rule: { kind: 'variable_declarator' } }))
    if (d.field('name')?.kind() === 'identifier') own.add(d.field('name')!.text());
  const out = new Set<string>();
  for (const a of fn.findAll({
    rule: { any: [{ kind: 'assignment_expression' }, { kind: 'augmented_assignment_expression' }] },
  })) {
    const left = a.field('left');
    if (left?.kind() === 'identifier' && !own.has(left.text()) && env.has(left.text()))
      out.add(left.text());
  }
  return [...out];
};

/**
 * A callback that does not hold the sink but assigns variables around it (`keys.forEach(k => {
 * o = o[k] })`): run for what it leaves in them, as a loop (it may be called any number of
 * times), its parameters bound as the array iterators bind them; `return` ends one call.
 */
const runForEffects = (ip: Interp, fn: Node, env: Env): void => {
  const assigned = outerAssigned(fn, env);
  if (assigned.length === 0) return;
  const body = fn.field('body');
  const line = lineOf(fn);
  const forget = () => {
    for (const name of assigned)
      env.set(name, unknown(`${name} is set by a callback`, step(line, 'unknown', name)));
    for (const k of [...env.keys()]) if (k.startsWith('\u0000')) env.delete(k);
  };
  if (!body || ip.depth >= 2) return forget();
  const call = fn.parent()?.parent();
  const c = call ? calleeOf(call) : null;
  const recv =
    c?.receiver && CALLBACK_BINDERS.has(c.name) && c.name !== 'then'
      ? contents(quietly(ip, c.receiver, env))
      : null;
  const params = paramsOf(fn);
  const frame: ExitFrame = { loop: true, breaks: [], continues: [] };
  const sub = detached(ip, {
    depth: ip.depth + 1,
    exits: [frame],
    callbackParams: undefined,
    returnTo: frame,
  });
  let cur: Env = new Map(env);
  for (let i = 0; i < 3; i++) {
    const e: Env = new Map(cur);
    params.forEach((p, j) =>
      e.set(
        p.name,
        j === 0 && recv
          ? withStep(recv, step(line, 'assign', p.decl.text()))
          : j === 1 && recv
            ? clean(step(line, 'constant', p.name))
            : unknown(`callback parameter ${p.name}`, step(line, 'parameter', p.decl.text())),
      ),
    );
    frame.continues = [];
    let after: Env | null =
      body.kind() === 'statement_block' ? execBlock(sub, body, e) : (ev(sub, body, e), e);
    for (const cont of frame.continues) after = joinEnv(after, cont);
    const next = joinEnv(cur, after) ?? cur;
    if (sameEnv(next, cur)) break;
    cur = next;
  }
  for (const name of assigned) {
    const v = cur.get(name);
    if (v) env.set(name, v);
  }
  for (const k of [...env.keys()])
    if (k.startsWith('\u0000')) {
      const v = cur.get(k);
      if (v) env.set(k, v);
      else env.delete(k);
    }
};

/**
 * Path normalisation per language: the result holds no `..` segment. Node's `path.join`
 * normalises too; Python's `os.path.join` and Java's `resolve` do not.
 */
/**
 * path.join(base, contained…) / filepath.Join / os.path.join: every piece after a base that is
 * not request input holds no `..` (and, for Python, is not absolute), so the result stays under
 * the base. The pieces' checks are the evidence.
 */
const joinedUnder = (
  ip: Interp,
  canonical: string,
  args: Val[],
  n: Node,
  line: number,
): Val | null =>
  FILE_CLASSES.has(ip.cls) &&
  /^(path\.(posix\.)?join|filepath\.Join|path\.Join|os\.path\.join|posixpath\.join)$/.test(
    canonical,
  ) &&
  args.length >= 2 &&
  args[0]!.level !== INPUT &&
  args.slice(1).every((a) => a.contained || a.level === CLEAN) &&
  args.slice(1).some((a) => a.contained)
    ? {
        level: CLEAN,
        steps: [
          ...args.slice(1).flatMap((a) => (a.contained ? a.steps : [])),
          step(
            line,
            'sanitizer',
            `${n.text()} (the pieces joined to the base hold no .. to climb out with)`,
          ),
        ].slice(-14),
      }
    : null;

const NORMALIZERS: Partial<Record<LanguageFamily, RegExp>> = {
  javascript:
    /^(path\.(posix\.|win32\.)?(resolve|normalize|join)|fs\.(realpathSync(\.native)?|promises\.realpath)|fs\.promises\.realpath|realpathSync|realpath)$/,
  python: /^(os\.path\.(realpath|abspath|normpath)|posixpath\.(realpath|abspath|normpath))$/,
  go: /^(filepath|path)\.(Clean|Abs|Join|EvalSymlinks)$/,
  java: /(^|\.)(getCanonicalPath|getCanonicalFile|toRealPath|normalize)$|^FilenameUtils\.normalize$/,
};

/** `path.relative(base, target)` and its kin: the result says where target is from base. */
const RELATIVE: Partial<Record<LanguageFamily, RegExp>> = {
  javascript: /^path\.(posix\.|win32\.)?relative$/,
  python: /^os\.path\.relpath$/,
  go: /^filepath\.Rel$/,
};

/** The callee with an imported alias replaced by what it stands for (`osp.realpath`). */
const canonicalCallee = (ip: Interp, raw: string): string => {
  const text = raw.replace(/\s+/g, '').replace(/\?\./g, '.');
  const dot = text.indexOf('.');
  const head = dot < 0 ? text : text.slice(0, dot);
  const mod = ip.modules.get(head);
  return mod ? mod + (dot < 0 ? '' : text.slice(dot)) : text;
};

/**
 * What `relative(base, target)` found not to climb out says stays under the base: the target's
 * names, and the pieces a path joined before was made of (`full = path.join(root, name)`) when it
 * was joined on that same base (under another base, `name` may climb out of it and still land
 * under this one). Never the base's own names.
 */
const relativePieces = (target: Node, targetVal: Val, base: Node): string[] => {
  const baseNames = namesIn(base);
  const joined = targetVal.normalized ?? [];
  const sameBase = baseNames.length > 0 && baseNames.every((n) => joined.includes(n));
  return [...namesIn(target), ...(sameBase ? joined : [])].filter((n) => !baseNames.includes(n));
};

/** The first node under `n` (or `n`) that reads `key`. */
const nodeWithKey = (n: Node, key: string): Node | null =>
  [n, ...descendants(n)].find((x) => keyOf(x) === key) ?? null;

/** The variables (and `this.x` fields) an expression reads. */
const namesIn = (n: Node): string[] => {
  const own = keyOf(n);
  if (own) return [own];
  const out: string[] = [];
  const walk = (x: Node) => {
    const key = keyOf(x);
    if (key) out.push(key);
    else for (const c of named(x)) walk(c);
  };
  walk(n);
  return out;
};

/** A regex literal as a RegExp, or null. */
const regexOf = (n: Node): RegExp | null => {
  try {
    return new RegExp(
      n.field('pattern')?.text() ?? '',
      (n.field('flags')?.text() ?? '').replace(/[gy]/g, ''),
    );
  } catch {
    return null;
  }
};

const EXITS =
  /^(process\.exit|process\.abort|sys\.exit|os\._exit|os\.abort|os\.Exit|panic|log\.(Fatal|Fatalf|Fatalln|Panic|Panicf|Panicln)|System\.exit|flask\.abort|werkzeug\.exceptions\.abort)$/;

/**
 * True for a call that never returns: the process exits or panics, or a same-file function
 * whose body ends in a throw and returns nowhere (`function die(code) { throw new Error(…) }`).
 */
const neverReturns = (ip: Interp, n: Node): boolean => {
  const call = /^(await|await_expression)$/.test(n.kind()) ? (named(n)[0] ?? n) : n;
  const c = calleeOf(call);
  if (!c) return false;
  if (EXITS.test(canonicalCallee(ip, c.text))) return true;
  const fn = sameFileFunction(ip, c);
  const body = fn?.field('body');
  if (!fn || !body || (body.kind() !== 'block' && body.kind() !== 'statement_block')) return false;
  const last = named(body)
    .filter((x) => !/comment/.test(x.kind()))
    .pop();
  if (!last || !/^(throw_statement|raise_statement)$/.test(last.kind())) return false;
  // No return of its own (returns of functions nested in it do not count).
  return !body.findAll({ rule: { kind: 'return_statement' } }).some((r) => {
    for (let p = r.parent(); p; p = p.parent()) {
      if (sameRange(p, fn)) return true;
      if (FUNCTION_KINDS.has(p.kind()) || p.kind() === 'lambda') return false;
    }
    return false;
  });
};

/**
 * The statements of a function body, without comments and docstrings (Go's `statement_list`
 * read through).
 */
const statementsOf = (body: Node): Node[] => {
  const kids = named(body);
  const list = kids.length === 1 && kids[0]!.kind() === 'statement_list' ? named(kids[0]!) : kids;
  return list.filter(
    (x) =>
      !/comment/.test(x.kind()) &&
      !(x.kind() === 'expression_statement' && named(x).every((y) => y.kind() === 'string')),
  );
};

/**
 * The checks a function makes of its parameters before anything else: its leading `if cond:
 * raise` / `if (cond) throw …` statements (no else), each `cond` the case it refuses.
 */
const leadingGuards = (fn: Node): Node[] => {
  const body = fn.field('body');
  if (!body) return [];
  const out: Node[] = [];
  for (const st of statementsOf(body)) {
    const k = st.kind();
    if (k !== 'if_statement' || st.field('alternative')) break;
    const then = st.field('consequence');
    const cond = st.field('condition');
    if (!then || !cond) break;
    const stmts = /^(block|statement_block)$/.test(then.kind())
      ? named(then).filter((x) => !/comment/.test(x.kind()))
      : [then];
    if (!stmts.length || !stmts.every((x) => /^(raise_statement|throw_statement)$/.test(x.kind())))
      break;
    out.push(cond);
  }
  return out;
};

/**
 * After a statement that only calls a function of the file or one it imports from the project
 * (`validate_name(name)`, `await assertSafe(p)`): when that function refuses (raises or throws)
 * unless its parameter passes its leading checks, the argument has passed them once the call
 * returns, with the call as the step that sanitized it.
 */
const guardedAfter = (ip: Interp, node: Node, env: Env): Env => {
  const call = /^(await|await_expression)$/.test(node.kind()) ? (named(node)[0] ?? node) : node;
  const c = calleeOf(call);
  if (!c || c.args.length === 0) return env;
  const local = sameFileFunction(ip, c);
  const imported =
    local || !importable(ip, c.text) ? null : (ip.importedFunction?.(c.text) ?? null);
  const fn = local ?? imported?.fn;
  // An async helper called without await refuses nothing the caller waits for.
  if (!fn || (isAsync(fn) && !awaited(call))) return env;
  const guards = leadingGuards(fn);
  const loop = guards.length || ip.cls !== 'sql-injection' ? [] : leadingCharacterLoop(fn);
  if (!guards.length && !loop.length) return env;
  const sub = detached(ip, imported ? inFile(imported) : {});
  let out = env;
  for (const { name, key, was, now } of argumentsThrough(
    ip,
    sub,
    fn,
    c,
    env,
    loop,
    guards,
    false,
  )) {
    // A prototype-pollution key: what the checks refused (`prop === '__proto__'` … throw).
    const learnt = [...(now.excluded ?? [])].filter((k) => !was.excluded?.has(k));
    // Characters a loop over the argument refused (`for ch in name: if ch in BAD: raise`).
    const lacked = [...(now.lacks ?? [])].filter((k) => !was.lacks?.has(k));
    if (now.level !== CLEAN && !learnt.length && !lacked.length) continue;
    if (out === env) out = new Map(env);
    const why = step(
      lineOf(call),
      now.level === CLEAN ? 'sanitizer' : 'branch',
      lacked.length
        ? `${call.text()} (${c.name}() refuses ${name} when it holds ${lacked.join(' ')})`
        : `${call.text()} (${c.name}() refuses ${name} unless it passes its checks)`,
    );
    out.set(
      key,
      now.level === CLEAN
        ? { level: CLEAN, steps: [...was.steps, why].slice(-14) }
        : {
            ...withStep(was, why),
            ...(learnt.length ? { excluded: new Set([...(was.excluded ?? []), ...learnt]) } : {}),
            ...(lacked.length ? { lacks: new Set([...(was.lacks ?? []), ...lacked]) } : {}),
          },
    );
  }
  return out;
};

/**
 * A function that starts with a loop over the characters of a parameter, refusing some
 * (`for ch in name: if ch in BAD: raise`), after plain assignments (the list of characters it
 * refuses): those statements, run on the call's arguments, teach what the argument cannot hold
 * (everyCharacterGuarded); empty when the function starts otherwise.
 */
const leadingCharacterLoop = (fn: Node): Node[] => {
  const body = fn.field('body');
  const stmts = body ? statementsOf(body) : [];
  const plain = (st: Node) =>
    /^(lexical_declaration|variable_declaration)$/.test(st.kind()) ||
    (st.kind() === 'expression_statement' &&
      /^(assignment|assignment_expression)$/.test(named(st)[0]?.kind() ?? ''));
  const at = stmts.findIndex((st) => !plain(st));
  const loop = at >= 0 ? stmts[at] : undefined;
  if (!loop || !/^(for_statement|for_in_statement)$/.test(loop.kind())) return [];
  const over = loop.field('right') ?? loop.field('value');
  if (over?.kind() !== 'identifier' || !paramsOf(fn).some((p) => p.name === over.text())) return [];
  // Its body only checks: `if …: raise` statements, nothing else run.
  const inner = loop.field('body');
  const checks = inner ? statementsOf(inner) : [];
  if (!checks.length || !checks.every((st) => refusingGuard(st))) return [];
  return stmts.slice(0, at + 1);
};

/**
 * A helper's checks run on the call's arguments: its parameters bound to them (Python's `self`
 * skipped), the plain statements `before` run, each of `conds` taken with `outcome`. For each
 * argument the caller holds under a name and not clean, what it was and what it is past them.
 */
const argumentsThrough = (
  ip: Interp,
  sub: Interp,
  fn: Node,
  c: NonNullable<ReturnType<typeof calleeOf>>,
  env: Env,
  before: Node[],
  conds: Node[],
  outcome: boolean,
): { name: string; key: string; was: Val; now: Val }[] => {
  const params = paramsOf(fn);
  const offset = ip.lang === 'python' && /^(self|cls)$/.test(params[0]?.name ?? '') ? 1 : 0;
  const bound = params.slice(offset).map((p, i) => {
    const arg = c.args[i];
    const was = arg && arg.kind() !== 'keyword_argument' ? ev(ip, arg, env) : null;
    return { name: p.name, key: arg ? keyOf(arg) : null, was };
  });
  let e: Env | null = new Map(bound.flatMap((b) => (b.was ? [[b.name, b.was] as const] : [])));
  for (const st of before) if (e) e = exec(sub, st, e);
  if (!e) return [];
  let after: Env = e;
  for (const cond of conds) after = refined(sub, cond, after, outcome);
  return bound.flatMap(({ name, key, was }) => {
    const now = after.get(name);
    return key && was && now && was.level !== CLEAN ? [{ name, key, was, now }] : [];
  });
};

/**
 * A predicate's body as a test: plain statements (declarations, assignments) then one
 * `return <expr>` (or an arrow's expression body); null for anything that branches or loops.
 */
const returnedTest = (fn: Node): { before: Node[]; expr: Node } | null => {
  const body = fn.field('body');
  if (!body) return null;
  if (!/^(block|statement_block)$/.test(body.kind())) return { before: [], expr: body };
  const stmts = statementsOf(body);
  const last = stmts[stmts.length - 1];
  const ret = last?.kind() === 'return_statement' ? named(last)[0] : null;
  // Go wraps what it returns in an expression_list, one expression for a predicate.
  const expr = ret?.kind() === 'expression_list' && named(ret).length === 1 ? named(ret)[0]! : ret;
  if (!expr || expr.kind() === 'expression_list') return null;
  const before = stmts.slice(0, -1);
  const plain =
    /^(lexical_declaration|variable_declaration|expression_statement|short_var_declaration|var_declaration|assignment)$/;
  if (
    !before.every(
      (x) => plain.test(x.kind()) && !x.findAll({ rule: { kind: 'return_statement' } }).length,
    )
  )
    return null;
  return { before, expr };
};

const sameFileFunction = (ip: Interp, c: NonNullable<ReturnType<typeof calleeOf>>): Node | null => {
  const plain = /^[\w$]+$/.test(c.text);
  const onSelf = /^(self|this|cls)\.[\w$]+$/.test(c.text) || (ip.lang === 'java' && !c.receiver);
  if (!plain && !onSelf) return null;
  return ip.functions.get(c.name) ?? null;
};

const summary = (
  ip: Interp,
  fn: Node,
  c: NonNullable<ReturnType<typeof calleeOf>>,
  args: Val[],
  n: Node,
  file: Partial<Interp> = {},
  recv: Val | null = null,
): Val => {
  const line = lineOf(n);
  if (ip.depth >= 2)
    return unknown(`${c.text}() calls nest too deep to follow`, step(line, 'unknown', n.text()));
  const params = paramsOf(fn).filter((p, i) => !(i === 0 && /^(self|cls)$/.test(p.name)));
  const env: Env = new Map();
  // A Go method's receiver (`func (ref dirReference) layerPath(…)`) is the value it is called on.
  const receiver = fn.kind() === 'method_declaration' ? fn.field('receiver') : null;
  const recvName = receiver
    ? named(receiver)
        .flatMap((d) => d.fieldChildren('name'))[0]
        ?.text()
    : undefined;
  if (recvName && recv) env.set(recvName, recv);
  params.forEach((p, i) => {
    const a = args[i];
    const dflt = p.decl.field('value');
    env.set(
      p.name,
      a ? a : dflt ? ev(ip, dflt, new Map()) : constant(null, step(line, 'constant', p.name)),
    );
  });
  if (ip.family === 'javascript' && fn.kind() !== 'arrow_function')
    env.set('arguments', {
      ...joinAll(args, constant(null, step(line, 'constant', 'arguments'))),
      elems: args,
    });
  const body = bodyOf(fn);
  if (!body) return unknown(`${c.text}() has no body to read`, step(line, 'unknown', n.text()));
  // A method of the object itself that only refuses to run (`raise NotImplementedError`, `pass`)
  // is a hook a subclass defines: what it gives is not known here.
  if (/^(self|this)\./.test(c.text) && abstractBody(body))
    return unknown(
      `${c.text}() is left to a subclass (its body here only refuses to run)`,
      step(line, 'unknown', n.text()),
    );
  const sub = runNested(ip, body, env, file);
  if (sub.unsupported) return unknown(sub.unsupported, step(line, 'unknown', n.text()));
  let out = joinAll(sub.returns, constant(null, step(line, 'constant', n.text())));
  // Not awaited, an async function gives a promise (always truthy), not what it returns.
  if (isAsync(fn) && !awaited(n)) {
    const { value: _v, typeOf: _t, ...promise } = out;
    out = promise;
  }
  if (file.root) {
    // Steps inside another file carry its lines: only the caller's own steps are kept.
    const own = new Set(args.flatMap((a) => a.steps));
    out = { ...out, steps: out.steps.filter((x) => own.has(x)) };
  } else ip.notes.push(...sub.notes);
  // A helper of another module that takes input and returns none is the step that sanitized it
  // (its own steps, in that module, are not shown).
  const cleaned = Boolean(file.root) && out.level === CLEAN && args.some((a) => a.level !== CLEAN);
  return withStep(
    out,
    step(
      line,
      cleaned ? 'sanitizer' : 'call',
      `${n.text()} → ${c.name}() returns ${out.level === CLEAN ? 'no input' : 'its input'}${cleaned ? ' (read in the module it is imported from)' : ''}`,
    ),
  );
};

/** `async function`, `async (…) =>`, `async def`. */
const isAsync = (fn: Node): boolean => /^async\b/.test(fn.text());

/** The call is awaited (`await f(x)`, Python `await f(x)`), parentheses aside. */
const awaited = (n: Node): boolean => {
  let p = n.parent();
  while (p?.kind() === 'parenthesized_expression') p = p.parent();
  return /^(await|await_expression)$/.test(p?.kind() ?? '');
};

/** A body with nothing but a docstring and `pass`, `...` or a raise/throw of "not implemented". */
const abstractBody = (body: Node): boolean => {
  const stmts = statementsOf(body);
  if (stmts.length !== 1) return false;
  const t = stmts[0]!.text();
  return (
    /^(pass|\.\.\.)$/.test(t) ||
    /^(raise|throw)\s+(new\s+)?(NotImplementedError|NotImplemented|UnsupportedOperationException)\b/.test(
      t,
    ) ||
    /^throw\s+new\s+Error\s*\(\s*['"`][^'"`]*\b(not implemented|must be implemented|abstract)/i.test(
      t,
    )
  );
};

/**
 * A callee another file of the project may define: a plain name, Go's `pkg.Func`, or a Go
 * method called on a named value (`s.ref.layerPath`), which the package declares once.
 */
const importable = (ip: Interp, text: string): boolean =>
  /^[\w$]+$/.test(text) || (ip.lang === 'go' && /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)+$/.test(text));

/**
 * What an interpreter reading another file of the project changes: that file's tree and facts.
 * Its own imports are not followed (one module away at most), and its lines are not the
 * file's: steps it records are not shown.
 */
const inFile = (f: ImportedFunction<FileFacts>): Partial<Interp> => ({
  root: f.root,
  lang: f.lang,
  ...f.facts,
  importedFunction: undefined,
});

/**
 * An interpreter sharing `ip`'s file, functions and budget that records nothing of its own run
 * into `ip` (no sink, hits, notes, returns, dead sink or unsupported reason), with `extra` on top.
 */
const detached = (ip: Interp, extra: Partial<Interp> = {}): Interp => ({
  ...ip,
  sink: null,
  sinkIsExpression: false,
  sinkArgs: [],
  hits: [],
  argHits: undefined,
  notes: [],
  returns: [],
  deadSink: null,
  unsupported: null,
  returnTo: undefined,
  ...extra,
});

/**
 * Runs a function's body (a block, or an arrow function's expression) in an interpreter of its
 * own one level deeper, with no sink: what it returns is in `returns`, what it could not read in
 * `unsupported`.
 */
const runNested = (ip: Interp, body: Node, env: Env, extra: Partial<Interp>): Interp => {
  const sub = detached(ip, { depth: ip.depth + 1, ...extra });
  if (body.kind() !== 'block' && body.kind() !== 'statement_block')
    sub.returns.push(ev(sub, body, env));
  else execBlock(sub, body, env);
  return sub;
};

/** What a callback returns when every parameter holds `param` (a summary of a literal). */
const callbackReturns = (ip: Interp, fn: Node, param: Val, line: number): Val => {
  if (ip.depth >= 2)
    return unknown('a callback nested too deep to follow', step(line, 'unknown', fn.text()));
  const env: Env = new Map();
  for (const p of paramsOf(fn)) env.set(p.name, param);
  const body = fn.field('body');
  if (!body) return param;
  const sub = runNested(ip, body, env, { callbackParams: undefined });
  if (sub.unsupported) return unknown(sub.unsupported, step(line, 'unknown', fn.text()));
  return joinAll(sub.returns, constant(null, step(line, 'constant', fn.text())));
};

/**
 * True when JavaScript code ending with `code` expects an expression next, outside any string,
 * template or comment: a JSON literal put there is one value, whatever it holds. A `/` (a regex
 * literal or a division, not told apart here) or an open `${` makes it false.
 */
export const expressionStarts = (code: string): boolean => {
  let state = 'code';
  for (let i = 0; i < code.length; i++) {
    const ch = code[i]!;
    const next = code[i + 1];
    if (state === 'code') {
      if (ch === "'" || ch === '"' || ch === '`') state = ch;
      else if (ch === '/' && (next === '/' || next === '*')) {
        state = next === '/' ? 'line' : 'block';
        i++;
      } else if (ch === '/') return false;
    } else if (state === 'line') {
      if (ch === '\n') state = 'code';
    } else if (state === 'block') {
      if (ch === '*' && next === '/') {
        state = 'code';
        i++;
      }
    } else if (ch === '\\') i++;
    else if (ch === state) state = 'code';
    else if (state === '`' && ch === '$' && next === '{') return false;
  }
  if (state !== 'code') return false;
  const t = code.trimEnd();
  return (
    t === '' ||
    /[(,=:[{;?!&|+\-*%<>~^]$/.test(t) ||
    /(^|[^\w$.])(return|throw|case|typeof|void|in|of|new|yield|await|else|do)$/.test(t)
  );
};

/** An escaped value put after `prefix` in markup where HTML escaping does not hold. */
const escapedIntoMarkup = (ip: Interp, prefix: Const | undefined, v: Val, n: Node): Val => {
  if (ip.cls !== 'xss' || typeof prefix !== 'string' || v.level !== CLEAN) return v;
  if (v.value !== undefined || !v.steps.some((s) => s.kind === 'sanitizer')) return v;
  const where = unsafeHtmlContext(prefix);
  return where
    ? unknown(
        `${n.text()} is escaped for HTML text but put in ${where}, where escaping does not hold`,
        step(lineOf(n), 'unknown', n.text()),
      )
    : v;
};

/** A value quoted for a shell put where a single quote is already open: its quotes close it. */
const requotedValue = (n: Node): Val =>
  unknown(
    `${n.text()} is single-quoted for the shell but put inside a quote already open, which its own quotes close`,
    step(lineOf(n), 'unknown', n.text()),
  );

/**
 * The whole `+` concatenation `n` (its outermost `+`) when a piece quoted for a shell
 * (`shellQuoted`) comes where the literal pieces before it left a single quote open; else null.
 */
const requotedInConcat = (ip: Interp, n: Node, env: Env): Val | null => {
  if (ip.cls !== 'command-injection') return null;
  const up = n.parent();
  if (up?.kind() === 'binary_expression' && up.field('operator')?.text() === '+') return null;
  let open = false;
  for (const part of flatten(n)) {
    const text = literal(part);
    if (text !== null) {
      open = opensQuote(text, open);
      continue;
    }
    if (open && quietly(ip, part, env).shellQuoted) return requotedValue(part);
  }
  return null;
};

/** What `v` is once put after the constant text `prefix` of the string or code it is part of. */
const placedAfter = (ip: Interp, prefix: Const | undefined, v: Val, n: Node): Val =>
  escapedIntoMarkup(ip, prefix, quotedIntoSql(ip, prefix, quotedIntoCode(ip, prefix, v, n), n), n);

/** A value that cannot hold the quote the SQL text before it opened: a quoted name or string. */
const quotedIntoSql = (ip: Interp, prefix: Const | undefined, v: Val, n: Node): Val => {
  if (ip.cls !== 'sql-injection' || v.level === CLEAN || !v.lacks || typeof prefix !== 'string')
    return v;
  // A Python f-string's text before the value starts with its own opening (`f'`, `rf"""`).
  const text =
    n.parent()?.kind() === 'interpolation'
      ? prefix.replace(/^[rRbBuUfF]{0,2}('''|"""|'|")/, '')
      : prefix;
  const why = staysQuoted(text, v.lacks, speaksSqliteOnly(importedModules(ip.root.text())));
  return why
    ? {
        level: CLEAN,
        steps: [...v.steps, step(lineOf(n), 'sanitizer', `${n.text()}: ${why}`)].slice(-14),
      }
    : v;
};

/** A JSON literal placed where generated code starts an expression: one value, not code. */
const quotedIntoCode = (ip: Interp, prefix: Const | undefined, v: Val, n: Node): Val =>
  ip.cls === 'code-injection' &&
  v.json &&
  v.level !== CLEAN &&
  typeof prefix === 'string' &&
  expressionStarts(prefix)
    ? clean(
        step(
          lineOf(n),
          'sanitizer',
          `${n.text()} (JSON.stringify: a JavaScript literal where the generated code expects a value)`,
        ),
      )
    : v;

const recordHit = (ip: Interp, env: Env) => {
  let vals = ip.sinkArgs.map((a) => ev(ip, a, env));
  ip.argHits?.push(vals);
  if (ip.proto && ip.sink) vals = protoKeys(ip, ip.proto, vals, env);
  ip.hits.push(joinAll(vals, clean(step(0, 'constant', 'no argument'))));
};

/**
 * The keys of a computed write, judged for prototype pollution: a key the guards on the way kept
 * from `__proto__` (and, for a deep write, from `constructor`/`prototype`) is sanitized, and so is
 * every key when the object written has no prototype.
 */
const protoKeys = (ip: Interp, proto: ProtoSink, vals: Val[], env: Env): Val[] => {
  const line = lineOf(ip.sink!);
  const direct = proto.direct ? ev(ip, proto.direct, env) : null;
  const bare = direct?.noProto
    ? `${proto.direct!.text()} has no prototype (Object.create(null) or a Map)`
    : proto.written && builtWithoutPrototype(proto.written)
      ? `${proto.written.text()} has no prototype: every object assigned there and on the way to it is Object.create(null) or a Map`
      : null;
  if (bare)
    return vals.map((v) =>
      v.level === CLEAN
        ? v
        : {
            level: CLEAN,
            steps: [
              ...v.steps,
              step(line, 'sanitizer', `${bare}: no key reaches Object.prototype`),
            ].slice(-14),
          },
    );
  // A walk that stepped by an outside key into what may be Object.prototype: any key pollutes.
  if (direct?.protoReach)
    return vals.map((v) => ({
      level: INPUT,
      steps: [
        ...direct.steps,
        ...v.steps,
        step(
          line,
          'branch',
          `${proto.direct!.text()} may be Object.prototype here: the walk stepped into it by an outside key not kept from __proto__, so any key written pollutes`,
        ),
      ].slice(-14),
    }));
  // A walk that only ever stepped into plain objects (never a function, never a prototype): the
  // object written is not a prototype, so the key only has to be kept from `__proto__`.
  const deep = proto.deep && !(proto.walkOnly && direct?.plain);
  const plainNote =
    proto.deep && !deep
      ? [
          step(
            line,
            'branch',
            `${proto.direct!.text()} is a plain object here: every descent of the walk refused functions and prototypes`,
          ),
        ]
      : [];
  const outer = pairOuterKeySafe(proto, vals);
  return vals.map((v, i) => {
    if (v.level === CLEAN) return v;
    const key = ip.sinkArgs[i]?.text() ?? 'the key';
    // `o[a][b] = v` with `a` none of the three keys: `o[a]` is an own value of `o` or a method it
    // inherits, never a prototype, so whatever `b` is (even `__proto__`, which then only sets
    // that object's own prototype) the write stays on that object.
    if (i === 1 && outer)
      return {
        level: CLEAN,
        steps: [
          ...v.steps,
          step(
            line,
            'sanitizer',
            `${proto.written?.text() ?? 'the object written'} is no prototype: ${ip.sinkArgs[0]!.text()} cannot be ${PROTO_KEYS.join(', ')}, so no key written into it reaches Object.prototype`,
          ),
        ].slice(-14),
      };
    if (protoSafe(v.excluded, deep))
      return {
        level: CLEAN,
        steps: [
          ...v.steps,
          ...plainNote,
          step(
            line,
            'sanitizer',
            `${key} cannot be ${PROTO_KEYS.filter((k) => v.excluded?.has(k)).join(', ')} here${deep ? ' (a write that can descend)' : ''}`,
          ),
        ].slice(-14),
      };
    // Kept from __proto__ only, in a write that can descend: `constructor.prototype` reaches
    // Object.prototype when the descent enters the Object function, which depends on type
    // checks on the target (`typeof target[key] === 'object'`) the reconstruction does not read.
    if (v.excluded?.has('__proto__') && deep)
      return {
        level: UNKNOWN,
        steps: [
          ...v.steps,
          step(
            line,
            'branch',
            `${key} is kept from __proto__ but not from constructor/prototype, which a recursive or deep write may reach`,
          ),
        ].slice(-14),
        reason: `${key} is kept from __proto__ but not from constructor/prototype; whether the descent can enter the Object function is not read`,
      };
    return v;
  });
};

/** The first key of a two-link write `o[a][b]` can be none of `__proto__`, `constructor`, `prototype`. */
const pairOuterKeySafe = (proto: ProtoSink, vals: Val[]): boolean => {
  const first = vals[0];
  if (!proto.pair || proto.deep || vals.length !== 2 || !first) return false;
  if (first.level === CLEAN)
    return !(
      typeof first.value === 'string' && (PROTO_KEYS as readonly string[]).includes(first.value)
    );
  return PROTO_KEYS.every((k) => first.excluded?.has(k));
};

const assignExpr = (ip: Interp, n: Node, env: Env): Val => {
  const k = n.kind();
  const left = n.field('left') ?? n.field('name') ?? named(n)[0] ?? null;
  const right = n.field('right') ?? n.field('value') ?? named(n)[named(n).length - 1] ?? null;
  const op =
    n.field('operator')?.text() ??
    n
      .children()
      .find((c) => !c.isNamed())
      ?.text() ??
    '=';
  let v = ev(ip, right, env);
  if (k.startsWith('augmented') || (op !== '=' && op !== ':=' && op.endsWith('='))) {
    const old = ev(ip, left, env);
    const value = op === '+=' ? fold('+', old.value, v.value) : undefined;
    const joined = withStep(join(old, v), step(lineOf(n), 'propagate', n.text()));
    const ended = op === '+=' && separatorPiece(ip, right, v);
    v =
      value === undefined
        ? { level: joined.level, steps: joined.steps, ...(ended ? { sepEnded: true } : {}) }
        : { ...joined, value };
  }
  // A computed write is judged by its keys, read before the write.
  if (!ip.sinkIsExpression && ip.proto && sameNode(n, ip.sink)) recordHit(ip, env);
  if (left) assign(ip, left, v, env, n);
  if (!ip.sinkIsExpression && !ip.proto && sameNode(n, ip.sink)) ip.hits.push(v);
  return v;
};

/** Binds a target (name, attribute, subscript, destructuring pattern) to a value. */
/**
 * Tests kept in a name (`const isSafe = …`, `ok = re.fullmatch(…)`, Go's `_, ok :=
 * allowed[x]`), read as the condition where the name is tested. Kept in the environment (under
 * `\u0003name`, a marker value the test hangs on), so each path keeps or drops its own.
 */
const TESTS = new WeakMap<Val, { test: Node; names: string[] }>();
const testKey = (name: string) => `\u0003${name}`;
const keptTest = (env: Env, name: string, test: Node) => {
  const marker: Val = { level: CLEAN, steps: [] };
  // The names it reads, once (read again at every binding that may drop it).
  TESTS.set(marker, { test, names: namesIn(test) });
  env.set(testKey(name), marker);
};
const testIn = (env: Env, name: string): Node | undefined => {
  const marker = env.get(testKey(name));
  return marker ? TESTS.get(marker)?.test : undefined;
};
const dropTests = (env: Env, drop: (names: string[], name: string) => boolean) => {
  for (const [k, v] of [...env]) {
    if (!k.startsWith('\u0003')) continue;
    const kept = TESTS.get(v);
    if (!kept || drop(kept.names, k.slice(1))) env.delete(k);
  }
};

/**
 * A collection the file changes anywhere (`allowed[x] = true` in a handler or `init()`,
 * `delete(allowed, k)`, `ALLOWED.add(x)`): its entries are not the ones written where it is made.
 */
const changedInFile = (root: Node, name: string): boolean => {
  if (!/^[\w$.]+$/.test(name)) return true;
  const n = escapeRe(name);
  let text = ROOT_TEXT.get(root);
  if (text === undefined) ROOT_TEXT.set(root, (text = root.text()));
  return new RegExp(
    `(^|[^\\w$.])${n}\\s*\\[[^\\]\\n]*\\]\\s*=(?!=)|\\bdelete\\(\\s*${n}\\b|(^|[^\\w$.])${n}\\.(add|update|append|push|set|extend|insert|setdefault|put|putAll|Store|clear)\\(`,
    'm',
  ).test(text);
};
const ROOT_TEXT = new WeakMap<Node, string>();

/** Expressions that are tests: comparisons, `!`, `&&`/`||`, `not`/`and`/`or`, calls. */
const TEST_KINDS =
  /^(binary_expression|unary_expression|not_operator|boolean_operator|comparison_operator|call_expression|call|method_invocation|parenthesized_expression)$/;

/** `name` is bound once in the function around `at` (so a test kept in it is the only value). */
const soleBinding = (name: string, at: Node): boolean => {
  let scope: Node | null = at;
  while (scope && !FUNCTION_KINDS.has(scope.kind())) scope = scope.parent();
  const text = (scope ?? at).text();
  const binds = text.match(
    new RegExp(`(^|[^\\w$.])${escapeRe(name)}\\s*(:=|=(?!=)|[-+*/|&^%]=|\\bin\\b)`, 'g'),
  );
  return (binds?.length ?? 0) === 1;
};

/**
 * On a binding of `key`: drop the tests kept in that name or reading it; keep the new value when
 * it is a test, bound once in the function, that does not read the name itself.
 */
const keepTest = (env: Env, key: string, target: Node, at: Node, only?: Node) => {
  dropTests(
    env,
    (names, name) => name === key || names.some((n) => n === key || n.startsWith(`${key}.`)),
  );
  if (key.includes('.')) return;
  // Go's `valid := re.MatchString(b)`: the one value of the statement's lists.
  const value = only ?? at.field('value') ?? at.field('right');
  const holder = only ? target : (at.field('name') ?? at.field('left'));
  if (!value || !holder || !sameRange(holder, target) || !TEST_KINDS.test(value.kind())) return;
  if (
    value.kind() === 'binary_expression' &&
    /^[-+*/%]$/.test(value.field('operator')?.text() ?? '')
  )
    return;
  if (namesIn(value).includes(key) || !soleBinding(key, at)) return;
  keptTest(env, key, value);
};

const assign = (ip: Interp, target: Node, v: Val, env: Env, at: Node): void => {
  const k = target.kind();
  const line = lineOf(at);
  const key = keyOf(target);
  if (key) keepTest(env, key, target, at);
  // A pattern (`({ name } = req.body)`, `a, b = …`): every name it binds.
  else {
    const bound = new Set<string>();
    const walk = (x: Node) => {
      if (/^(identifier|shorthand_property_identifier_pattern)$/.test(x.kind()))
        bound.add(x.text());
      for (const c of named(x)) walk(c);
    };
    walk(target);
    if (bound.size)
      dropTests(
        env,
        (names, name) => bound.has(name) || names.some((x) => bound.has(x.split('.')[0]!)),
      );
  }
  // A write into an object (`params.name = …`, `opts[k] = v`, `h.Name = …`) may change, through
  // another name for the same object, a field a check read in place: one of that name (a write
  // to `rootPath` changes no `path`, whatever object it lands in), or any when the key is computed.
  if (!key || key.includes('.')) {
    const written = writtenName(target);
    forgetCheckedFields(
      ip,
      env,
      (f) => f !== key && (written === null || f.split('.').slice(1).includes(written)),
    );
  }
  if (key && ip.proto) {
    forgetSlots(env, key);
    const value = at.field('value') ?? at.field('right');
    const holder = at.field('name') ?? at.field('left');
    if (value?.kind() === 'subscript_expression' && holder && sameRange(holder, target))
      env.set(
        aliasKey(key),
        constant(value.text().replace(/\s+/g, ''), step(line, 'assign', at.text())),
      );
  }
  if (key) {
    // A local (or field) bound again: what was known of its fields was of the old object.
    for (const k of [...env.keys()]) if (k.startsWith(`${key}.`)) env.delete(k);
    const old = env.get(key);
    const s =
      old && old.level > CLEAN && v.level === CLEAN
        ? step(line, 'kill', `${at.text()} (${key} no longer holds input)`)
        : step(line, 'assign', at.text());
    env.set(key, withStep(v, s));
    if (s.kind === 'kill') ip.notes.push(s);
    return;
  }
  if (k === 'subscript' || k === 'subscript_expression' || k === 'array_access') {
    const obj =
      target.field('value') ??
      target.field('object') ??
      target.field('array') ??
      named(target)[0] ??
      null;
    const idx = ev(
      ip,
      target.field('subscript') ?? target.field('index') ?? named(target)[1] ?? null,
      env,
    );
    const objKey = obj ? keyOf(obj) : null;
    if (ip.proto && obj) {
      // The element written is known until the object or the key changes; the other elements
      // of the same object may alias it.
      const prefix = slotKey(`${obj.text()}[`);
      for (const k of [...env.keys()]) if (k.startsWith(prefix)) env.delete(k);
      env.set(slotKey(target.text()), withStep(v, step(line, 'assign', at.text())));
    }
    if (!objKey) return;
    const base = ev(ip, obj, env);
    const s = step(line, 'container', at.text());
    // A write into an object without a prototype leaves it without one.
    if (base.noProto) {
      const grown = join(contents(base), v);
      env.set(objKey, { level: grown.level, steps: [...grown.steps, s].slice(-14), noProto: true });
      return;
    }
    if (base.keys && idx.value !== undefined && idx.value !== null) {
      const keys = new Map(base.keys).set(String(idx.value), withStep(v, s));
      env.set(objKey, { ...joinAll([...keys.values()], clean(s)), keys });
    } else if (
      base.elems &&
      typeof idx.value === 'number' &&
      idx.value >= 0 &&
      idx.value < base.elems.length
    ) {
      const elems = [...base.elems];
      elems[idx.value] = withStep(v, s);
      env.set(objKey, { ...joinAll(elems, clean(s)), elems });
    } else
      env.set(
        objKey,
        withStep({ level: join(contents(base), v).level, steps: join(contents(base), v).steps }, s),
      );
    // Writing into an object leaves it the same object.
    if (ip.proto && base.plain) env.set(objKey, { ...env.get(objKey)!, plain: true });
    return;
  }
  if (k === 'attribute' || k === 'member_expression' || k === 'field_access') {
    const obj = target.field('object');
    const prop = (
      target.field('attribute') ??
      target.field('property') ??
      target.field('field')
    )?.text();
    const objKey = obj ? keyOf(obj) : null;
    if (objKey && prop) {
      const base = env.get(objKey);
      if (base?.keys) {
        const keys = new Map(base.keys).set(prop, v);
        env.set(objKey, {
          ...joinAll([...keys.values()], clean(step(line, 'container', at.text()))),
          keys,
        });
      } else if (base) env.set(objKey, withStep(join(base, v), step(line, 'container', at.text())));
    }
    return;
  }
  const parts = named(target).filter((c) => !/comment|type/.test(c.kind()));
  if (
    k === 'pattern_list' ||
    k === 'tuple_pattern' ||
    k === 'list_pattern' ||
    k === 'array_pattern' ||
    k === 'tuple' ||
    k === 'list'
  ) {
    parts.forEach((p, i) =>
      assign(
        ip,
        p,
        v.elems && v.elems.length === parts.length ? v.elems[i]! : contents(v),
        env,
        at,
      ),
    );
    return;
  }
  if (k === 'object_pattern') {
    for (const p of parts) {
      if (p.kind() === 'shorthand_property_identifier_pattern') {
        const name = p.text();
        env.set(name, withStep(v.keys?.get(name) ?? contents(v), step(line, 'assign', at.text())));
      } else if (p.kind() === 'pair_pattern') {
        const name = p.field('key')?.text() ?? '';
        const val = p.field('value');
        if (val) assign(ip, val, v.keys?.get(name) ?? contents(v), env, at);
      } else if (p.kind() === 'object_assignment_pattern') {
        // `{ sort = 'asc' }`: the property, or the default when it is missing.
        const left = p.field('left');
        const right = p.field('right');
        const name = left?.kind() === 'shorthand_property_identifier_pattern' ? left.text() : null;
        const got = name ? (v.keys?.get(name) ?? contents(v)) : contents(v);
        const val = right ? join(got, ev(ip, right, env)) : got;
        if (name) env.set(name, withStep(val, step(line, 'assign', at.text())));
        else if (left) assign(ip, left, val, env, at);
      } else assign(ip, p, contents(v), env, at);
    }
    return;
  }
  if (k === 'assignment_pattern') {
    const left = target.field('left');
    if (left) assign(ip, left, v, env, at);
    return;
  }
  if (k === 'rest_pattern' || k === 'list_splat_pattern') {
    const inner = named(target)[0];
    if (inner) assign(ip, inner, contents(v), env, at);
  }
};

// ---------------------------------------------------------------------------------------------

const containsSink = (ip: Interp, n: Node | null): boolean =>
  Boolean(n && ip.sink && within(ip.sink, n));

/** Runs a block's statements in order; null when no path leaves it normally. */
export const execBlock = (ip: Interp, n: Node, env: Env | null): Env | null => {
  let cur = env;
  let foldedExit: PathStep | undefined;
  const statements = named(n);
  for (const [i, st] of statements.entries()) {
    if (!cur) {
      const rest = statements.slice(i).find((x) => containsSink(ip, x));
      if (rest && !ip.hits.length) {
        // `if (typeof isNaN(pid)) throw …` before the sink: a condition that folds sends every
        // path out, so the sink never runs. Not when the sink is in a function declared further
        // on (hoisted, it may still be called) or when no folded condition decided the exit.
        if (foldedExit && !functionBetween(ip.sink!, rest))
          ip.deadSink ??= step(
            foldedExit.line,
            'kill',
            `${foldedExit.code}: no path goes past it, the sink is never reached`,
          );
        else ip.unsupported ??= 'the sink follows a return';
      }
      break;
    }
    const mark = ip.lastFold;
    cur = exec(ip, st, cur);
    if (!cur && ip.lastFold !== mark) foldedExit = ip.lastFold;
  }
  return cur;
};

/** A function or class between `inner` and its ancestor `outer` (or `outer` itself is one). */
const functionBetween = (inner: Node, outer: Node): boolean => {
  for (let p: Node | null = inner; p; p = p.parent()) {
    if (FUNCTION_KINDS.has(p.kind()) || /class/.test(p.kind())) return true;
    if (sameNode(p, outer)) return false;
  }
  return true;
};

const branch = (ip: Interp, n: Node | null, env: Env): Env | null => {
  if (!n) return env;
  const k = n.kind();
  if (k === 'block' || k === 'statement_block' || k === 'else_clause' || k === 'switch_body')
    return execBlock(ip, n.field('body') ?? n, new Map(env));
  return exec(ip, n, new Map(env));
};

const skip = (ip: Interp, dead: Node | null, cond: Node | null, value: boolean) => {
  const s = step(lineOf(cond ?? dead!), 'branch', `${cond?.text() ?? ''} is always ${value}`);
  ip.notes.push(s);
  ip.lastFold = s;
  if (dead && containsSink(ip, dead))
    ip.deadSink = step(
      lineOf(cond ?? dead),
      'kill',
      `${cond?.text() ?? ''} is always ${value}: the sink is never reached`,
    );
};

const execIf = (
  ip: Interp,
  cond: Node | null,
  yes: Node | null,
  no: Node | null,
  env: Env,
): Env | null => {
  const c = ev(ip, cond, env);
  if (c.value !== undefined) {
    skip(ip, truthy(c.value) ? no : yes, cond, truthy(c.value));
    return branch(ip, truthy(c.value) ? yes : no, env);
  }
  return joinEnv(
    branch(ip, yes, refined(ip, cond, env, true)),
    branch(ip, no, refined(ip, cond, env, false)),
  );
};

const PATH_CLASSES = new Set(['path-traversal', 'open-redirect', 'ssrf', 'file-inclusion']);
const ALLOW_METHODS = new Set(['includes', 'has', 'contains', 'containsKey', '__contains__']);
const VALIDATOR_NAME = /valid|check|verif|allow|safe|sanit|whitelist|permit|legal|clean|match/i;
/** validator.js checks whose accepted strings hold no quote, space, slash or dot-dot. */
const VALIDATOR_JS =
  /^(isInt|isNumeric|isFloat|isDecimal|isAlphanumeric|isAlpha|isUUID|isHexadecimal|isMongoId|isPort|isBoolean|isHash|isBase32|isJWT)$/;
/** Python flags that make `^`/`$` match at each line (re.M, re.MULTILINE, (?m) aside). */
const multiline = (n: Node) => /\b(M|MULTILINE)\b/.test(n.text());
/** Python's re.match is anchored at the start: its pattern read as if it began with `^`. */
const reMatchPattern = (name: string, p: string) =>
  name === 'match' && !p.startsWith('^') ? `^${p}` : p;

/** `/[…]/g` holding every regular-expression metacharacter, replaced by `\\$&`. */
const escapesEveryRegexMetacharacter = (pattern: Node | null, replacement: Const | undefined) => {
  if (pattern?.kind() !== 'regex' || replacement !== '\\$&') return false;
  if (!/g/.test(pattern.field('flags')?.text() ?? '')) return false;
  const m = /^\[((?:\\.|[^\]\\])+)\]$/.exec(pattern.field('pattern')?.text() ?? '');
  if (!m) return false;
  const chars = new Set<string>();
  for (let i = 0; i < m[1]!.length; i++) chars.add(m[1]![i] === '\\' ? m[1]![++i]! : m[1]![i]!);
  return [...'.*+?^${}()|[]\\'].every((ch) => chars.has(ch));
};

/** Decoders that undo an escaping (URL, HTML entities). */
const DECODER =
  /^(decodeURIComponent|decodeURI|unescape|querystring\.unescape|he\.decode|(urllib\.parse\.)?unquote(_plus)?|html\.unescape|URLDecoder\.decode|StringEscapeUtils\.unescape\w*|url\.(QueryUnescape|PathUnescape)|html\.UnescapeString)$/;

/** A copy of `env` in which the values a guard checks are clean, given the guard's outcome. */
const FILE_CLASSES = new Set(['path-traversal', 'file-inclusion']);

/** `x.charAt(0)`, `x[0]`, `x.slice(0, 1)`, `x.substr(0, 1)`, `x.substring(0, 1)`: x, else null. */
const firstCharOf = (n: Node): Node | null => {
  if (n.kind() === 'subscript_expression')
    return n.field('index')?.text() === '0' ? n.field('object') : null;
  const c = calleeOf(n);
  if (!c?.receiver) return null;
  const args = c.args.map((a) => a.text());
  if (c.name === 'charAt' && args.join() === '0') return c.receiver;
  if (/^(slice|substr|substring)$/.test(c.name) && args.join() === '0,1') return c.receiver;
  return null;
};

/** A Java expression that is a `Path` (its `startsWith` compares components, not text). */
const javaPath = (n: Node | null): boolean => {
  if (!n) return false;
  if (
    /(\.toPath\(\)|Paths\.get\(.*\)|Path\.of\(.*\)|\.toRealPath\(.*\)|\.normalize\(\)|\.toAbsolutePath\(\)|\.resolve\(.*\))$/s.test(
      n.text(),
    )
  )
    return !/\.(toString|getPath|getCanonicalPath|getAbsolutePath)\(\)$/.test(n.text());
  if (n.kind() !== 'identifier') return false;
  let scope: Node | null = n.parent();
  while (
    scope &&
    !/^(method_declaration|constructor_declaration|lambda_expression)$/.test(scope.kind())
  )
    scope = scope.parent();
  return new RegExp(`\\bPath\\s+${escapeRe(n.text())}\\s*[=;,)]`).test(scope?.text() ?? '');
};

/**
 * A piece appended to a path that leaves it ending with a separator: a constant that does, or the
 * platform's separator (SEPARATOR: `member` reads `path.sep` as "/"; here also imported bare,
 * `sep`, converted, `string(os.PathSeparator)`, or Java's `File.separator`).
 */
const separatorPiece = (ip: Interp, n: Node | null, v: Val): boolean => {
  if (v.sepEnded || (typeof v.value === 'string' && /[/\\]$/.test(v.value))) return true;
  // Go's `string(os.PathSeparator)`: the rune converted.
  const text = n?.text().replace(/^string\((.*)\)$/s, '$1');
  return text !== undefined && Boolean(SEPARATOR[ip.family]?.test(canonicalCallee(ip, text)));
};

/** `x.slice(0, n)`, `x.substr(0, n)`, `x.substring(0, n)`: x (the head compared), else null. */
const headOf = (n: Node): Node | null => {
  const c = calleeOf(n);
  if (!c?.receiver || c.args.length !== 2 || c.args[0]!.text() !== '0') return null;
  return /^(slice|substr|substring)$/.test(c.name) ? c.receiver : null;
};

/** A base a prefix check keeps a path under: not one character ("/") and not climbing out. */
const prefixBase = (base: Val): boolean =>
  typeof base.value !== 'string' || (base.value.length > 1 && !base.value.startsWith('..'));

/**
 * A transpiled for…of (Babel, TypeScript's downlevelIteration): `xs[Symbol.iterator]()`,
 * `_createForOfIteratorHelper(xs)` or `__values(xs)` gives an iterator over xs; its `next()`
 * (Babel's `n()`, or a call of the loose helper's function) a step whose `value` is an element
 * of xs, with what is known of every element (a key refused before the loop).
 */
const ITERATOR_HELPER = /^(_createForOfIteratorHelper(Loose)?|__values)$/;
const transpiledIteration = (
  ip: Interp,
  n: Node,
  c: NonNullable<ReturnType<typeof calleeOf>>,
  recvVal: Val | null,
  env: Env,
): Val | null => {
  if (ip.family !== 'javascript') return null;
  const fn = n.field('function');
  if (
    fn?.kind() === 'subscript_expression' &&
    fn.field('index')?.text() === 'Symbol.iterator' &&
    c.args.length === 0
  )
    return { ...ev(ip, fn.field('object'), env), iterates: true };
  if (ITERATOR_HELPER.test(c.text) && c.args[0])
    return { ...ev(ip, c.args[0], env), iterates: true };
  const it =
    c.receiver && /^(next|n)$/.test(c.name)
      ? recvVal
      : !c.receiver && fn?.kind() === 'identifier'
        ? env.get(fn.text())
        : undefined;
  if (!it?.iterates) return null;
  const { iterates: _i, ...over } = it;
  const element = contents(over);
  return {
    level: element.level,
    steps: element.steps,
    keys: new Map([
      ['value', element],
      ['done', clean(step(lineOf(n), 'constant', 'done'))],
    ]),
  };
};

/** Evaluates `n` without recording anything (a guard tried with a constant in place). */
const quietly = (ip: Interp, n: Node, env: Env): Val =>
  ev(detached(ip, { callbackParams: undefined }), n, env);

/**
 * What the guard `cond` folds to with `name` holding the constant `v` in place of its value
 * (undefined: the guard does not fold). Prototype pollution runs it `tryingProto`.
 */
const guardWith = (ip: Interp, cond: Node, env: Env, name: string, v: string): Const | undefined =>
  quietly(ip, cond, new Map(env).set(name, constant(v, step(lineOf(cond), 'constant', v)))).value;

/** The guard, with `name` holding `v`, takes the other way than `outcome`. */
const refusedBy = (
  ip: Interp,
  cond: Node,
  env: Env,
  outcome: boolean,
  name: string,
  v: string,
): boolean => {
  const r = guardWith(ip, cond, env, name, v);
  return r !== undefined && truthy(r) !== outcome;
};

/**
 * Strings holding `key` inside longer ones, in the shapes paths and keys take (`a.__proto__.b`,
 * `__proto__[]`, `[__proto__]`, `x/__proto__/y`): a guard refusing every one of them refuses any
 * string holding the key (an unanchored test); an anchored one (`/^(.*)\[\]$/`) lets one through.
 */
const inLongerStrings = (key: string): string[] => [
  `a.${key}.b`,
  `${key}[]`,
  `[${key}]`,
  `x/${key}/y`,
  ` ${key} `,
];

/**
 * Prototype pollution: which of `__proto__`, `constructor`, `prototype` each value the guard
 * reads cannot be, given the guard's outcome. The guard is run with each of those keys in the
 * value's place: a key for which it folds to the other outcome is excluded past it. So
 * `k === '__proto__'`, `BLOCKED.includes(k)`, `new Set([...]).has(k)`, `/^__proto__$/.test(k)`,
 * `k.startsWith('__')` and a same-file helper returning such a test all count, on either branch.
 * `hasOwnProperty.call(target, k)` / `Object.hasOwn(target, k)` on the object the sink writes
 * into keeps the write to own properties (never `__proto__` or an inherited `constructor`).
 */
const refinedProto = (ip: Interp, cond: Node, env: Env, outcome: boolean): Env => {
  const out = new Map(env);
  const line = lineOf(cond);
  for (const name of new Set(namesIn(cond))) {
    const old = env.get(name);
    if (!old || old.level === CLEAN) continue;
    const trying = { ...ip, tryingProto: true, tryingName: name };
    const excluded = PROTO_KEYS.filter((key) => refusedBy(trying, cond, env, outcome, name, key));
    // Refused whenever it holds the key inside a longer path (`a.__proto__.b`): it holds none.
    const substring = /\.(includes|indexOf|search|match|test)\s*\(/.test(cond.text());
    const lacks = substring
      ? PROTO_KEYS.filter((key) =>
          inLongerStrings(key).every((x) => refusedBy(trying, cond, env, outcome, name, x)),
        )
      : [];
    if (lacks.length && typeof old.value !== 'string')
      out.set(name, {
        ...old,
        lacks: new Set([...(old.lacks ?? []), ...lacks]),
        steps: [
          ...old.steps,
          step(
            line,
            'branch',
            `${cond.text()} is ${outcome}: ${name} holds no ${lacks.join(', ')}`,
          ),
        ].slice(-14),
      });
    if (excluded.length === 0) continue;
    const prior = out.get(name) ?? old;
    const kept: Val = {
      ...prior,
      excluded: new Set([...(old.excluded ?? []), ...excluded]),
      steps: [
        ...prior.steps,
        step(line, 'branch', `${cond.text()} is ${outcome}: ${name} is not ${excluded.join(', ')}`),
      ].slice(-14),
    };
    out.set(name, kept);
    // The element the variable was read from is kept from the same keys.
    const element = env.get(aliasKey(name))?.value;
    if (typeof element === 'string') out.set(slotKey(element), kept);
  }
  elementsRefused(ip, cond, env, out, outcome);
  const own = (c: Node | null, truth: boolean): void => {
    if (!c) return;
    const k = c.kind();
    if (k === 'parenthesized_expression') return own(named(c)[0] ?? null, truth);
    if (k === 'unary_expression' && c.text().startsWith('!'))
      return own(c.field('argument') ?? named(c)[0] ?? null, !truth);
    if (k === 'binary_expression') {
      const op = c.field('operator')?.text() ?? '';
      if ((op === '&&' && truth) || (op === '||' && !truth)) {
        own(c.field('left'), truth);
        own(c.field('right'), truth);
      }
      return;
    }
    const call = calleeOf(c);
    if (!call || !truth) return;
    const [obj, key] = /(^|\.)hasOwnProperty\.call$|^Object\.hasOwn$/.test(call.text)
      ? [call.args[0], call.args[1]]
      : call.name === 'hasOwnProperty'
        ? [call.receiver, call.args[0]]
        : [undefined, undefined];
    const name = key ? keyOf(key) : null;
    const old = name ? out.get(name) : undefined;
    if (!obj || !key || !name || !old || old.level === CLEAN) return;
    if (ip.proto?.objects.get(key.text()) !== obj.text()) return;
    out.set(name, {
      level: CLEAN,
      steps: [
        ...old.steps,
        step(
          lineOf(c),
          'sanitizer',
          `${c.text()} (an own property of the object written: never __proto__ or an inherited constructor)`,
        ),
      ].slice(-14),
    });
  };
  own(cond, outcome);
  sameLengthAsFiltered(cond, out, outcome);
  everyElementRefused(ip, cond, env, out, outcome);
  // Elements the guard leaves known to be plain objects (`typeof o[k] === 'object'` with `k`
  // kept from `__proto__`): a later `o = o[k]` descends into a plain object.
  if (ip.proto && ip.lang !== 'python') {
    const seen = new Set<string>();
    const subs = [cond, ...cond.findAll({ rule: { kind: 'subscript_expression' } })].filter(
      (x) => x.kind() === 'subscript_expression',
    );
    for (const sub of subs) {
      const key = slotKey(sub.text());
      if (seen.has(key)) continue;
      seen.add(key);
      const v = quietly(ip, sub, out);
      if (v.plain) out.set(key, v);
    }
  }
  return out;
};

/**
 * The guard reads an element (`isBad(path[i])`, `BLOCKED.includes(keys[i])`):
 * tried with each prototype key in that element's place, a key for which it folds the other way
 * is excluded from the element past it, so `obj = obj[path[i]]` there steps by a kept key.
 */
const elementsRefused = (ip: Interp, cond: Node, env: Env, out: Env, outcome: boolean): void => {
  if (!ip.proto) return;
  const subs = [cond, ...cond.findAll({ rule: { kind: 'subscript_expression' } })].filter(
    (x) => x.kind() === 'subscript_expression',
  );
  const trying = { ...ip, tryingProto: true };
  for (const sub of subs) {
    const key = slotKey(sub.text());
    const old = quietly(ip, sub, out);
    if (old.level === CLEAN) continue;
    const excluded = PROTO_KEYS.filter((k) => refusedBy(trying, cond, env, outcome, key, k));
    if (excluded.length === 0) continue;
    out.set(key, {
      ...old,
      excluded: new Set([...(old.excluded ?? []), ...excluded]),
      steps: [
        ...old.steps,
        step(
          lineOf(cond),
          'branch',
          `${cond.text()} is ${outcome}: ${sub.text()} is not ${excluded.join(', ')}`,
        ),
      ].slice(-14),
    });
    // A variable holding that element (an iterator's element parameter) is kept the same.
    const text = sub.text().replace(/\s+/g, '');
    for (const [k, v] of [...out])
      if (k.startsWith('\u0001') && v.value === text) {
        const held = out.get(k.slice(1));
        if (held && held.level !== CLEAN)
          out.set(k.slice(1), {
            ...held,
            excluded: new Set([...(held.excluded ?? []), ...excluded]),
          });
      }
  }
};

/**
 * `for (const k of keys) { if (BLOCKED.includes(k)) throw …; }`: a loop that leaves (throws or
 * returns) on an element its guard refuses, with no `break`, has seen every element pass the
 * guard when it ends normally, so past it `keys` holds none of the prototype keys refused.
 */
const everyElementGuarded = (
  ip: Interp,
  body: Node,
  left: Node,
  right: Node,
  element: Val,
  before: Env,
  after: Env,
): void => {
  const loop = guardedLoop(body, left, right, after);
  if (!loop) return;
  const { subject: list, name, old } = loop;
  const refused = new Set<string>();
  for (const cond of loop.guards) {
    const kept = refinedProto(ip, cond, new Map(before).set(name, element), false).get(name);
    for (const k of kept?.excluded ?? []) refused.add(k);
  }
  if (!refused.size) return;
  after.set(list, {
    ...old,
    elemExcluded: new Set([...(old.elemExcluded ?? []), ...refused]),
    steps: [
      ...old.steps,
      step(
        lineOf(body),
        'branch',
        `every element of ${list} passed the loop's guard: none is ${[...refused].join(', ')}`,
      ),
    ].slice(-14),
  });
};

/** A statement that always leaves: `throw`, `raise`, `return`, or a block ending in one. */
const leaves = (st: Node | null): boolean => {
  const exit = /^(throw_statement|raise_statement|return_statement)$/;
  if (!st) return false;
  if (exit.test(st.kind())) return true;
  const last = /^(block|statement_block)$/.test(st.kind())
    ? named(st)
        .filter((x) => !/comment/.test(x.kind()))
        .at(-1)
    : null;
  return Boolean(last && exit.test(last.kind()));
};

/**
 * A loop over a variable not known clean (`for (const k of keys)`, `for ch in name:`), with no
 * `break`: the variable, the loop's own name, its value after the loop, and the conditions of
 * the body's `if … throw`/`raise` guards; null for any other loop.
 */
const guardedLoop = (
  body: Node,
  left: Node,
  right: Node,
  after: Env,
): { subject: string; name: string; old: Val; guards: Node[] } | null => {
  const subject = keyOf(right);
  const name = left.kind() === 'identifier' ? left.text() : null;
  const old = subject ? after.get(subject) : undefined;
  if (!subject || !name || !old || old.level === CLEAN) return null;
  if (body.findAll({ rule: { kind: 'break_statement' } }).length) return null;
  const statements = /^(block|statement_block)$/.test(body.kind()) ? named(body) : [body];
  const guards = statements.flatMap((st) => {
    const cond = refusingGuard(st);
    return cond ? [cond] : [];
  });
  return { subject, name, old, guards };
};

/** `if cond: raise …` / `if (cond) throw …` with no other branch: its condition, else null. */
const refusingGuard = (st: Node): Node | null =>
  st.kind() === 'if_statement' &&
  !st.field('alternative') &&
  !named(st).some((c) => /^(elif_clause|else_clause)$/.test(c.kind())) &&
  leaves(st.field('consequence'))
    ? st.field('condition')
    : null;

/**
 * A parameter declared a string (`name: str`, `name: string`, `String name`, Go's `name string`):
 * iterating it gives its characters, not the elements of a list.
 */
const declaredString = (n: Node): boolean => {
  if (n.kind() !== 'identifier') return false;
  const fn = ancestors(n).find((a) => FUNCTION_KINDS.has(a.kind()));
  const decl = fn ? paramsOf(fn).find((p) => p.name === n.text())?.decl : undefined;
  if (!decl) return false;
  const text = decl.text().replace(/\s+/g, ' ');
  return (
    new RegExp(`^${n.text()} ?: ?(str|string)( ?= ?.*)?$`).test(text) ||
    new RegExp(`^(final )?String ${n.text()}$`).test(text) ||
    new RegExp(`^${n.text()} string$`).test(text)
  );
};

/**
 * SQL: `for ch in name: if ch in BAD: raise …` over a string, with no `break`: when the loop ends
 * normally every character passed its guards, so `name` holds none of the characters they refuse
 * (each tried in the loop variable's place). Where the value is put inside a quote, that decides
 * (sql-quote.ts).
 */
const everyCharacterGuarded = (
  ip: Interp,
  body: Node,
  left: Node,
  right: Node,
  before: Env,
  after: Env,
): void => {
  const loop = ip.cls === 'sql-injection' ? guardedLoop(body, left, right, after) : null;
  if (!loop || (loop.old.typeOf !== 'string' && !declaredString(right))) return;
  const { subject, name, old } = loop;
  const refused = CHARACTER_PROBES.filter((ch) =>
    loop.guards.some((cond) => refusedBy(ip, cond, before, false, name, ch)),
  );
  if (!refused.length) return;
  after.set(subject, {
    ...old,
    lacks: new Set([...(old.lacks ?? []), ...refused]),
    steps: [
      ...old.steps,
      step(
        lineOf(body),
        'branch',
        `every character of ${subject} passed the loop's guard: none is ${refused.map((c) => JSON.stringify(c)).join(' ')}`,
      ),
    ].slice(-14),
  });
};

/**
 * `if (keys.some((k) => BLOCKED.includes(k))) throw …` (or `!keys.every(…)`): where `some` is
 * false, no element of `keys` is a key the predicate accepts, tried with each prototype key in
 * the element's place (the variables around it as they are).
 */
const everyElementRefused = (
  ip: Interp,
  cond: Node,
  env: Env,
  out: Env,
  outcome: boolean,
  viaHelper = false,
): void => {
  let c: Node | null = cond;
  let truth = outcome;
  for (;;) {
    while (c?.kind() === 'parenthesized_expression') c = named(c)[0] ?? null;
    if (c?.kind() === 'unary_expression' && c.text().startsWith('!')) {
      c = c.field('argument') ?? named(c)[0] ?? null;
      truth = !truth;
      continue;
    }
    break;
  }
  const call = c ? calleeOf(c) : null;
  if (call && !call.receiver && c && !viaHelper)
    return elementsCheckedByHelper(ip, call, c, out, truth);
  const fn = call?.args[0];
  const list = call?.receiver ? keyOf(call.receiver) : null;
  if (!call || !fn || !list || !CALLBACK_ARG.has(fn.kind())) return;
  // some() false, or every() true: each element fails (or passes) the predicate.
  const wanted = call.name === 'some' ? false : call.name === 'every' ? true : null;
  if (wanted === null || truth !== wanted) return;
  const old = out.get(list);
  const param = paramsOf(fn)[0]?.name;
  const body = fn.field('body');
  if (!old || old.level === CLEAN || !param || !body || ip.depth >= 2) return;
  const line = lineOf(cond);
  // The predicate refuses the element when it holds `text` (run with the element bound to it).
  const refuses = (text: string, key: string): boolean => {
    const sub = runNested(
      { ...ip, tryingProto: true },
      body,
      new Map(env).set(param, constant(text, step(line, 'constant', key))),
      { callbackParams: undefined },
    );
    const v = joinAll(sub.returns, constant(null, step(line, 'constant', fn.text()))).value;
    return !sub.unsupported && v !== undefined && truthy(v) !== wanted;
  };
  const refused = PROTO_KEYS.filter((key) => refuses(key, key));
  if (!refused.length) return;
  // Refused whenever it holds the key inside a longer string (an unanchored test): no element
  // holds it, so no piece cut from one is it either.
  const lacked = refused.filter((key) => inLongerStrings(key).every((x) => refuses(x, key)));
  out.set(list, {
    ...old,
    ...(lacked.length ? { elemLacks: new Set([...(old.elemLacks ?? []), ...lacked]) } : {}),
    elemExcluded: new Set([...(old.elemExcluded ?? []), ...refused]),
    steps: [
      ...old.steps,
      step(
        line,
        'branch',
        `${cond.text()} is ${outcome}: no element of ${list} is ${refused.join(', ')}`,
      ),
    ].slice(-14),
  });
};

/**
 * A same-file predicate over a list (`if (!isValidPath(parts)) return []` with
 * `const isValidPath = (segs) => !segs.some((s) => BLOCKED.includes(s))`, dot-prop): its test,
 * its parameters bound to the lists the call passes, read as `everyElementRefused` reads an
 * inline one; what it learns of a parameter holds of the caller's list.
 */
const elementsCheckedByHelper = (
  ip: Interp,
  call: NonNullable<ReturnType<typeof calleeOf>>,
  c: Node,
  out: Env,
  truth: boolean,
): void => {
  const fn = sameFileFunction(ip, call);
  const test = fn ? returnedTest(fn) : null;
  if (!fn || !test || test.before.length || isAsync(fn)) return;
  const bound = paramsOf(fn).flatMap((p, i) => {
    const key = call.args[i] ? keyOf(call.args[i]) : null;
    const v = key ? out.get(key) : undefined;
    return key && v && v.level !== CLEAN ? [{ param: p.name, key, v }] : [];
  });
  if (!bound.length) return;
  const sub: Env = new Map(bound.map((b) => [b.param, b.v]));
  const inner = new Map(sub);
  everyElementRefused(ip, test.expr, sub, inner, truth, true);
  for (const { param, key, v } of bound) {
    const now = inner.get(param);
    if (!now || now === v || !now.elemExcluded) continue;
    out.set(key, {
      ...v,
      elemExcluded: now.elemExcluded,
      ...(now.elemLacks ? { elemLacks: now.elemLacks } : {}),
      steps: [
        ...v.steps,
        step(
          lineOf(c),
          'branch',
          `${c.text()} is ${truth}: ${call.name}() checks every element of ${key} (${test.expr.text()})`,
        ),
      ].slice(-14),
    });
  }
};

/**
 * `if (check.length !== parts.length) throw …` where `check = parts.filter(pred)`: past it the
 * filter dropped nothing, so every element of `parts` passed `pred` and is kept from what the
 * filtered list is (dot-object's parsePath).
 */
const sameLengthAsFiltered = (cond: Node, out: Env, outcome: boolean): void => {
  let c: Node | null = cond;
  while (c?.kind() === 'parenthesized_expression') c = named(c)[0] ?? null;
  if (c?.kind() !== 'binary_expression') return;
  const op = c.field('operator')?.text() ?? '';
  if (!/^[!=]==?$/.test(op) || op.startsWith('!') === outcome) return;
  const lengthOf = (x: Node | null) =>
    x?.kind() === 'member_expression' &&
    x.field('property')?.text() === 'length' &&
    x.field('object')?.kind() === 'identifier'
      ? x.field('object')!.text()
      : null;
  const [a, b] = [lengthOf(c.field('left')), lengthOf(c.field('right'))];
  if (!a || !b) return;
  let fn: Node | null = c.parent();
  while (fn && !/function|method_definition|arrow_function|program/.test(fn.kind()))
    fn = fn.parent();
  if (!fn) return;
  for (const [filtered, all] of [
    [a, b],
    [b, a],
  ] as const) {
    const kept = out.get(filtered)?.elemExcluded;
    const whole = out.get(all);
    if (!kept || !whole || whole.level === CLEAN) continue;
    const made = fn
      .findAll({ rule: { kind: 'variable_declarator' } })
      .concat(fn.findAll({ rule: { kind: 'assignment_expression' } }))
      .some(
        (d) =>
          (d.field('name') ?? d.field('left'))?.text() === filtered &&
          new RegExp(`^${escapeRe(all)}\\.filter\\(`).test(
            d.field('value')?.text() ?? d.field('right')?.text() ?? '',
          ),
      );
    if (!made) continue;
    out.set(all, {
      ...whole,
      elemExcluded: new Set([...(whole.elemExcluded ?? []), ...kept]),
      steps: [
        ...whole.steps,
        step(
          lineOf(c),
          'branch',
          `${c.text()} is ${outcome}: every element of ${all} passed the filter of ${filtered}`,
        ),
      ].slice(-14),
    });
  }
};

/**
 * The fields a condition reads (`opts.branch`, `req.params.id`, `f.Name`) that nothing here has
 * set, put in `env` as they read now, before either path is refined from it: a check on one
 * path then meets the unchecked field on the other when the two paths join.
 */
const seedCheckedFields = (ip: Interp, cond: Node, env: Env) => {
  const visit = (x: Node) => {
    const key = keyOf(x);
    if (!key) {
      for (const c of named(x)) visit(c);
      return;
    }
    if (!key.includes('.') || env.has(key)) return;
    const head = key.slice(0, key.indexOf('.'));
    if (ip.modules.has(head) || ip.imported.has(head)) return;
    const now = ev(ip, x, env);
    if (now.level !== CLEAN) {
      env.set(key, now);
      env.set(fieldReadKey(key), now);
    }
  };
  visit(cond);
};

const refined = (ip: Interp, cond: Node | null, env: Env, outcome: boolean): Env => {
  if (ip.cls === 'prototype-pollution') return cond ? refinedProto(ip, cond, env, outcome) : env;
  if (cond) seedCheckedFields(ip, cond, env);
  const out = new Map(env);
  const markKey = (key: string | null, how: string, c: Node, under = false) => {
    const old = key ? out.get(key) : undefined;
    if (!key || !old || old.level === CLEAN) return;
    out.set(key, {
      level: CLEAN,
      steps: [...old.steps, step(lineOf(c), 'sanitizer', `${c.text()} (${how})`)].slice(-14),
      // Found to stay under a base: joined under any base, it stays under that one.
      ...(under ? { contained: true } : {}),
    });
    // A field found checked: forgotten when something may set it again.
    if (key.includes('.')) out.set(fieldReadKey(key), old);
  };
  const mark = (target: Node | null, how: string, c: Node) => {
    const key = target ? keyOf(target) : null;
    // A field checked in place (`opts.branch`, `self.name`, `req.params.id`).
    if (key && target) knownOrField(ip, out, key, target, env);
    markKey(key, how, c);
  };
  /** The value is known to start with `/` on this branch. */
  const markRooted = (target: Node, c: Node) => {
    const key = keyOf(target);
    const old = key ? out.get(key) : undefined;
    if (!key || !old || old.level === CLEAN) return;
    out.set(
      key,
      withStep(
        { ...old, rooted: true },
        step(lineOf(c), 'branch', `${c.text()}: ${key} starts with /`),
      ),
    );
  };
  /**
   * A file path checked to stay under a base: a sanitizer only when the path was normalised
   * first (`path.resolve`, `realpath`, `filepath.Clean` …); a prefix check on a raw path is
   * passed by `base/../../etc/passwd`, and the path says so.
   */
  const contained = (wrapped: Node | null, c: Node) => {
    // `Path(target).is_relative_to(base)`: the path the Path object is made of.
    const call = wrapped ? calleeOf(wrapped) : null;
    const subject =
      call?.args.length === 1 &&
      /^(pathlib\.)?(Pure(Posix)?)?Path$/.test(canonicalCallee(ip, call.text))
        ? call.args[0]!
        : wrapped;
    if (!subject) return;
    const v = ev(ip, subject, env);
    if (v.normalized) {
      const how = 'normalised, then checked to stay under the base';
      mark(subject, how, c);
      for (const n of v.normalized) markKey(n, how, c);
      return;
    }
    const key = keyOf(subject);
    unsafeCheck(
      key,
      key ? out.get(key) : undefined,
      c,
      'checks a path not normalised first: ../ segments pass a prefix check',
    );
  };
  /** The check on `key` does not sanitize it: the path says why. */
  const unsafeCheck = (key: string | null, old: Val | undefined, c: Node, why: string) => {
    if (key && old && old.level !== CLEAN)
      out.set(key, withStep(old, step(lineOf(c), 'branch', `${c.text()} ${why}`)));
  };
  /**
   * A string-prefix check of a path against a base (`startsWith`, `HasPrefix`, `indexOf(b) ===
   * 0`): contained only when the base ends with a separator; else a sibling directory sharing
   * the base's name (`/srv/www-evil` against `/srv/www`) passes it, and the path says so.
   */
  const prefixContained = (subject: Node | null, base: Val, c: Node) => {
    if (sepEndedish(base) || !subject || !ev(ip, subject, env).normalized)
      return contained(subject, c);
    const key = keyOf(subject);
    unsafeCheck(
      key,
      key ? knownOrField(ip, out, key, subject, env) : undefined,
      c,
      'checks a prefix with no separator after the base: a sibling directory sharing its name passes',
    );
  };

  /** `rel` of `path.relative(base, target)` found not to start with `..`: target stays under. */
  const relativeInside = (subject: Node | null, p: Const | undefined, c: Node): boolean => {
    if (!subject || !FILE_CLASSES.has(ip.cls)) return false;
    const v = ev(ip, subject, env);
    if (typeof p !== 'string' || !/^\.\.[/\\]?$/.test(p) || !v.relativeOf) return false;
    // A prefix check of `../` misses a relative path that is `..` itself: the whole guard must
    // refuse that too (`rel == ".." || strings.HasPrefix(rel, "../")`).
    const key = keyOf(subject);
    if (p !== '..' && !(cond && key && refusedBy(ip, cond, env, outcome, key, '..'))) return false;
    const how = 'its path relative to the base does not climb out with ..';
    mark(subject, how, c);
    for (const n of v.relativeOf) {
      // A field read in the check itself (`relative(root, join(root, data.file))`).
      const read = n.includes('.') ? nodeWithKey(subject, n) : null;
      if (read) knownOrField(ip, out, n, read, env);
      markKey(n, how, c, true);
    }
    return true;
  };
  /**
   * A normalised path (`path.normalize(p)`, `filepath.Clean(p)`, …) found not to start with
   * `..`: normalising leaves `..` only at the start, so it holds none; joined to a base by Node's
   * or Go's join (which keep an absolute piece under the base) it stays under it. Not Python,
   * whose join lets an absolute piece replace the base.
   */
  const normalizedInside = (subject: Node | null, p: Const | undefined, c: Node): boolean => {
    if (!subject || !FILE_CLASSES.has(ip.cls)) return false;
    if (ip.family !== 'javascript' && ip.family !== 'go') return false;
    if (p !== '..' || !ev(ip, subject, env).normalized) return false;
    const key = keyOf(subject);
    const old = key ? knownOrField(ip, out, key, subject, env) : undefined;
    if (!key || !old || old.level === CLEAN) return false;
    out.set(key, {
      ...withStep(
        old,
        step(lineOf(c), 'branch', `${c.text()} is false: the normalised ${key} holds no ..`),
      ),
      contained: true,
    });
    if (key.includes('.')) out.set(fieldReadKey(key), old);
    return true;
  };
  /** `x.startswith("-")` found false: `x` cannot be read as an option (argument vectors). */
  const dashRefused = (subject: Node | null, prefix: Node | null, c: Node): boolean => {
    if (!subject || !prefix || ip.cls !== 'command-injection') return false;
    if (ev(ip, prefix, env).value !== '-') return false;
    const key = keyOf(subject);
    const old = key ? knownOrField(ip, out, key, subject, env) : undefined;
    if (!key || !old || old.level === CLEAN) return false;
    out.set(key, {
      ...withStep(old, step(lineOf(c), 'branch', `${c.text()} is false: ${key} is not an option`)),
      noDash: true,
    });
    if (key.includes('.')) out.set(fieldReadKey(key), old);
    return true;
  };
  /** `a == b` holds: the side that is not a constant is the other side's constant. */
  const equalTo = (a: Node | null, b: Node | null, equal: boolean, c: Node) => {
    if (!equal || !a || !b) return;
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      const key = keyOf(x);
      const old = key ? out.get(key) : undefined;
      const other = ev(ip, y, env);
      const v = other.value;
      // A normalised path equal to a base not from outside (`resolve(p) === resolve(root)`) is
      // that base: it stays under it.
      if (
        FILE_CLASSES.has(ip.cls) &&
        v === undefined &&
        other.level !== INPUT &&
        other.normalized &&
        old?.normalized
      ) {
        contained(x, c);
        return;
      }
      if (!key || !old || old.level === CLEAN || v === undefined || v === null) continue;
      if (typeof v === 'object') continue;
      out.set(
        key,
        constant(v, step(lineOf(c), 'branch', `${c.text()}: ${key} is ${JSON.stringify(v)} here`)),
      );
      return;
    }
  };
  /**
   * A same-file predicate (`if (!inside(full, root)) return`, `if not is_safe(path): abort()`):
   * its body, a few plain statements then `return <test>`, run with the call's arguments, and
   * its test read as this condition; an argument it finds checked is checked here too.
   */
  const predicateHelper = (
    call: NonNullable<ReturnType<typeof calleeOf>>,
    truth: boolean,
    c: Node,
  ): boolean => {
    const fn = ip.depth < 2 ? sameFileFunction(ip, call) : null;
    const test = fn ? returnedTest(fn) : null;
    if (!fn || !test || (isAsync(fn) && !awaited(c))) return false;
    const sub = detached(ip, { depth: ip.depth + 1 });
    const checked = argumentsThrough(ip, sub, fn, call, env, test.before, [test.expr], truth);
    let marked = false;
    for (const { name, key, was, now } of checked) {
      const old = out.get(key);
      if (!old || old.level === CLEAN) continue;
      const why = step(
        lineOf(c),
        'sanitizer',
        `${c.text()} (${call.name}() checks ${name}: ${test.expr.text()})`,
      );
      if (now.level === CLEAN)
        out.set(key, { level: CLEAN, steps: [...old.steps, why].slice(-14) });
      else if (now.contained && !was.contained)
        out.set(key, { ...withStep(old, { ...why, kind: 'branch' }), contained: true });
      else continue;
      marked = true;
    }
    return marked;
  };
  const visit = (c: Node | null, truth: boolean): void => {
    if (!c) return;
    const k = c.kind();
    if (k === 'parenthesized_expression') return visit(named(c)[0] ?? null, truth);
    if (k === 'not_operator' || (k === 'unary_expression' && c.text().startsWith('!')))
      return visit(c.field('argument') ?? c.field('operand') ?? named(c)[0] ?? null, !truth);
    if (k === 'boolean_operator' || k === 'binary_expression') {
      const op = c.field('operator')?.text() ?? '';
      if ((op === 'and' || op === '&&') && truth) {
        visit(c.field('left'), true);
        visit(c.field('right'), true);
        return;
      }
      if ((op === 'or' || op === '||') && !truth) {
        visit(c.field('left'), false);
        visit(c.field('right'), false);
        return;
      }
      // `a || b` true, `a && b` false: either side decided it; what both ways know holds.
      if ((op === 'or' || op === '||') === truth && /^(or|\|\||and|&&)$/.test(op)) {
        const l = c.field('left');
        const r = c.field('right');
        const first = refined(ip, l, out, truth);
        const second = refined(ip, r, refined(ip, l, out, !truth), truth);
        for (const [key, v] of joinEnv(first, second) ?? []) out.set(key, v);
        return;
      }
      // x == "asc" (or x != "asc" on the other branch): x is that constant there.
      if (/^(===|==|!==|!=)$/.test(op))
        equalTo(c.field('left'), c.field('right'), op.startsWith('=') ? truth : !truth, c);
      // typeof x === 'number' (or !== on the other branch): no text to inject.
      if (/^(===|==|!==|!=)$/.test(op) && (op.startsWith('=') ? truth : !truth)) {
        const [l, r] = [c.field('left'), c.field('right')];
        const [t, kind] = l?.kind() === 'unary_expression' ? [l, r] : [r, l];
        const arg = t?.text().startsWith('typeof') ? t.field('argument') : null;
        const what = kind ? ev(ip, kind, env).value : undefined;
        if (arg && /^(number|boolean|bigint)$/.test(String(what)) && numberNeutralizes(ip.cls))
          mark(arg, `checked to be a ${String(what)}`, c);
      }
      // x.charAt(0) === '/' / x[0] !== '/' (on the other branch): x starts with a slash.
      if (/^(===|==|!==|!=)$/.test(op) && FILE_CLASSES.has(ip.cls)) {
        const [l, r] = [c.field('left'), c.field('right')];
        const first = [l, r].find((x) => x && firstCharOf(x));
        const other = first === l ? r : l;
        if (
          first &&
          other &&
          ev(ip, other, env).value === '/' &&
          (op.startsWith('=') ? truth : !truth)
        )
          markRooted(firstCharOf(first)!, c);
      }
      // len(dst) == 0 / len(dst) > 0 false / dst.length === 0: dst is empty there.
      if (/^(===|==|!==|!=|>)$/.test(op) && FILE_CLASSES.has(ip.cls)) {
        const [l, r] = [c.field('left'), c.field('right')];
        const measured = (x: Node | null): Node | null => {
          const call = x ? calleeOf(x) : null;
          if (call?.text === 'len' && call.args.length === 1) return call.args[0]!;
          return x?.kind() === 'member_expression' && x.field('property')?.text() === 'length'
            ? x.field('object')
            : null;
        };
        const subject = measured(l);
        const empty = ev(ip, r, env).value === 0 && (/^==/.test(op) ? truth : !truth) && op !== '>';
        const notLonger = ev(ip, r, env).value === 0 && op === '>' && !truth;
        const key = subject ? keyOf(subject) : null;
        const old = key && subject ? knownOrField(ip, out, key, subject, env) : undefined;
        if (key && old && !old.elems && !old.keys && (empty || notLonger))
          out.set(key, {
            ...withStep(old, step(lineOf(c), 'branch', `${key} is empty`)),
            value: '',
          });
      }
      // target.indexOf(root) === 0 (or !== 0 on the other branch): a prefix check.
      if (/^(===|==|!==|!=)$/.test(op) && FILE_CLASSES.has(ip.cls)) {
        const [l, r] = [c.field('left'), c.field('right')];
        const [callNode, other] = l && calleeOf(l)?.name === 'indexOf' ? [l, r] : [r, l];
        const call = callNode ? calleeOf(callNode) : null;
        if (call?.name === 'indexOf' && other && ev(ip, other, env).value === 0) {
          const equal = op.startsWith('=') ? truth : !truth;
          const base = call.args[0] ? ev(ip, call.args[0], env) : null;
          if (equal && base && base.level !== INPUT) prefixContained(call.receiver, base, c);
        }
      }
      // target.slice(0, root.length) === root (substr, substring): whatever the length, a head
      // equal to the base is a prefix check.
      if (
        /^(===|==|!==|!=)$/.test(op) &&
        FILE_CLASSES.has(ip.cls) &&
        (op.startsWith('=') ? truth : !truth)
      ) {
        const [l, r] = [c.field('left'), c.field('right')];
        const head = [l, r].find((x) => x && headOf(x));
        const other = head === l ? r : l;
        const base = other ? ev(ip, other, env) : null;
        if (head && base && base.level !== INPUT && prefixBase(base))
          prefixContained(headOf(head), base, c);
      }
      return;
    }
    if (k === 'comparison_operator') {
      const ops = c
        .children()
        .filter((x) => !x.isNamed())
        .map((x) => x.text())
        .join(' ');
      const kids = named(c);
      if (kids.length !== 2) return;
      // `re.fullmatch(p, x) is None`: the match found false; `is not None`: found true (a
      // match object is always truthy; another value that is not None may still be falsy).
      if ((ops === 'is' || ops === 'is not') && kids[1]!.kind() === 'none') {
        const found = ops === 'is' ? !truth : truth;
        const subject = kids[0]!;
        const match =
          subject.kind() === 'call' ||
          (subject.kind() === 'identifier' && testIn(env, subject.text())?.kind() === 'call');
        if (!found || match) visit(subject, found);
        return;
      }
      if ((ops === 'in' && truth) || (ops === 'not in' && !truth))
        if (ev(ip, kids[1]!, env).level === CLEAN)
          mark(kids[0]!, 'checked against an allow-list', c);
      if (ops === '==' || ops === '!=')
        equalTo(kids[0]!, kids[1]!, ops === '==' ? truth : !truth, c);
      // os.path.commonpath([base, target]) == base
      if ((ops === '==' || ops === '!=') && FILE_CLASSES.has(ip.cls)) {
        const equal = ops === '==' ? truth : !truth;
        const callNode = kids.find(
          (x) => calleeOf(x) && /commonpath$/.test(canonicalCallee(ip, calleeOf(x)!.text)),
        );
        const list = callNode ? calleeOf(callNode)!.args[0] : undefined;
        // …compared with the base: a common path equal to the target only says it is an
        // ancestor of the base.
        const other = kids.find((x) => x !== callNode);
        const elems = list ? named(list) : [];
        const base =
          other &&
          (elems.some((e) => e.text() === other.text()) || ev(ip, other, env).level === CLEAN);
        if (equal && base)
          for (const e of elems)
            if (e.text() !== other.text() && ev(ip, e, env).level !== CLEAN) contained(e, c);
      }
      return;
    }
    // A name holding a test (`if (!isSafe) throw …`, `if _, ok := allowed[x]; !ok { return }`):
    // the test itself.
    const kept = k === 'identifier' ? testIn(env, c.text()) : undefined;
    if (kept) return visit(kept, truth);
    // A lookup in a constant map or set used as a condition (Go: `if !allowed[x] { return }`).
    if ((k === 'index_expression' || k === 'subscript') && truth) {
      const base = c.field('operand') ?? c.field('value') ?? named(c)[0] ?? null;
      const key = c.field('index') ?? c.field('subscript') ?? named(c)[1] ?? null;
      if (base && ev(ip, base, env).level === CLEAN && !changedInFile(ip.root, base.text()))
        mark(key, 'checked against an allow-list', c);
      return;
    }
    const call = calleeOf(c);
    if (!call) return;
    if (predicateHelper(call, truth, c)) return;
    // all(ch in ALLOWED for ch in name) / all(ch.isalnum() for ch in name) found true.
    if (truth && call.name === 'all' && !call.receiver) {
      const args = c.field('arguments');
      const gen = args?.kind() === 'generator_expression' ? args : call.args[0];
      const clause = gen ? named(gen).find((x) => x.kind() === 'for_in_clause') : undefined;
      const each = clause?.field('left')?.text();
      const subject = clause?.field('right') ?? null;
      const body = gen?.field('body');
      if (!each || !subject || !body) return;
      if (body.kind() === 'comparison_operator') {
        const kids = named(body);
        const ops = body
          .children()
          .filter((x) => !x.isNamed())
          .map((x) => x.text())
          .join(' ');
        if (ops === 'in' && kids[0]?.text() === each && ev(ip, kids[1]!, env).level === CLEAN)
          mark(subject, 'every element checked against an allow-list', c);
      }
      const check = calleeOf(body);
      if (
        check?.receiver?.text() === each &&
        /^(isdigit|isdecimal|isnumeric|isalnum|isalpha|isidentifier)$/.test(check.name)
      )
        mark(subject, 'checked to hold only letters or digits', c);
      return;
    }
    if (
      truth &&
      FILE_CLASSES.has(ip.cls) &&
      call.name === 'startsWith' &&
      call.receiver &&
      call.args[0] &&
      ev(ip, call.args[0], env).value === '/'
    )
      markRooted(call.receiver, c);
    // path.isAbsolute(x) / filepath.IsAbs(x) true: x starts with /.
    if (
      truth &&
      FILE_CLASSES.has(ip.cls) &&
      call.args.length === 1 &&
      /^(path\.(posix\.)?isAbsolute|filepath\.IsAbs)$/.test(canonicalCallee(ip, call.text))
    )
      markRooted(call.args[0]!, c);
    // strings.HasSuffix(dst, "/") / dst.endsWith(path.sep) true: dst ends with a separator.
    if (truth && FILE_CLASSES.has(ip.cls) && /^(HasSuffix|endsWith|endswith)$/.test(call.name)) {
      const [subject, suffix] =
        call.name === 'HasSuffix' ? [call.args[0], call.args[1]] : [call.receiver, call.args[0]];
      const key = subject ? keyOf(subject) : null;
      const old = key && subject ? knownOrField(ip, out, key, subject, env) : undefined;
      if (key && old && suffix && separatorPiece(ip, suffix, ev(ip, suffix, env)))
        out.set(key, { ...old, sepEnded: true });
    }
    // rel.startsWith('..') / strings.HasPrefix(rel, "..") / /^\.\./.test(rel) found false.
    const startsWithTest: [Node | null, Node | null] | null = /^(startsWith|startswith)$/.test(
      call.name,
    )
      ? [call.receiver, call.args[0] ?? null]
      : call.name === 'HasPrefix' && call.args.length === 2
        ? [call.args[0]!, call.args[1]!]
        : null;
    if (!truth && startsWithTest) {
      const [subject, prefix] = startsWithTest;
      const p = prefix ? ev(ip, prefix, env).value : undefined;
      if (!relativeInside(subject, p, c))
        if (!normalizedInside(subject, p, c)) dashRefused(subject, prefix, c);
    }
    const literalHead =
      !truth && call.name === 'test' && call.receiver && call.args[0]
        ? anchoredLiteral(regexLiteral(ip, call.receiver, c))
        : null;
    if (literalHead && !relativeInside(call.args[0]!, literalHead, c))
      normalizedInside(call.args[0]!, literalHead, c);
    // filepath.IsLocal(x) found true (Go 1.20): x is relative and holds no `..` climbing out.
    if (truth && FILE_CLASSES.has(ip.cls) && ip.family === 'go' && call.name === 'IsLocal') {
      const subject = call.args[0];
      const key = subject ? keyOf(subject) : null;
      const old = key ? knownOrField(ip, out, key, subject!, env) : undefined;
      if (key && old)
        out.set(key, {
          ...withStep(old, step(lineOf(c), 'branch', `${c.text()}: ${key} is a local path`)),
          contained: true,
        });
      return;
    }
    // strings.Contains(x, "..") / x.includes('..') found false: joined to a base by Go's or
    // Node's join (which keep an absolute piece under the base), x cannot climb out of it.
    if (
      !truth &&
      FILE_CLASSES.has(ip.cls) &&
      (ip.family === 'go' || ip.family === 'javascript') &&
      /^(Contains|includes)$/.test(call.name)
    ) {
      const [subject, needle] =
        call.name === 'Contains' ? [call.args[0], call.args[1]] : [call.receiver, call.args[0]];
      const key = subject ? keyOf(subject) : null;
      const old = key && subject ? knownOrField(ip, out, key, subject, env) : undefined;
      if (key && old && needle && ev(ip, needle, env).value === '..')
        out.set(key, {
          ...withStep(old, step(lineOf(c), 'branch', `${c.text()} is false: ${key} holds no ..`)),
          contained: true,
        });
      return;
    }
    // /[^\w.-]/.test(x) / re.search(r'[^\w.-]', x) found false: x holds only the set's characters.
    // /[;&|$\s]/.test(x), strings.ContainsAny(x, ";&|$ ") found false: x holds none of them.
    if (!truth) {
      const found = classSearch(ip, call, env);
      if (!found) return;
      const kept = keptByNegatedClass(found.pattern);
      const refused = kept ? null : refusedByClass(found.pattern);
      const why = kept
        ? charsetSafeFor(ip.cls, kept)
        : refused
          ? blocklistSafeFor(ip.cls, refused)
          : null;
      if (why) mark(found.subject, `false: ${why}`, c);
      // SQL: which characters it cannot hold; where it is put inside a quote decides.
      else if (refused && ip.cls === 'sql-injection') {
        const key = keyOf(found.subject);
        const old = key ? knownOrField(ip, out, key, found.subject, env) : undefined;
        const chars = [...refused].filter((ch) =>
          (CHARACTER_PROBES as readonly string[]).includes(ch),
        );
        if (key && old && old.level !== CLEAN && chars.length)
          out.set(key, {
            ...withStep(
              old,
              step(
                lineOf(c),
                'branch',
                `${c.text()} is false: ${key} holds none of ${chars.join(' ')}`,
              ),
            ),
            lacks: new Set([...(old.lacks ?? []), ...chars]),
          });
      }
      return;
    }
    if (
      FILE_CLASSES.has(ip.cls) &&
      (call.name === 'HasPrefix' || /^(startsWith|startswith|is_relative_to)$/.test(call.name))
    ) {
      const [subject, baseNode] =
        call.name === 'HasPrefix'
          ? [call.args[0] ?? null, call.args[1] ?? null]
          : [call.receiver, call.args[0] ?? null];
      if (!baseNode) return;
      const base = ev(ip, baseNode, env);
      // A base from the request decides nothing; a base of one character ("/") contains nothing.
      if (base.level === INPUT) return;
      if (!prefixBase(base)) return;
      // Python's Path.is_relative_to and Java's Path.startsWith compare whole components.
      if (call.name === 'is_relative_to' || (ip.lang === 'java' && javaPath(subject)))
        return contained(subject, c);
      return prefixContained(subject, base, c);
    }
    // is-path-inside / path-is-inside (npm): isPathInside(child, parent) true.
    if (
      FILE_CLASSES.has(ip.cls) &&
      /^(is-path-inside|path-is-inside)$/.test(canonicalCallee(ip, call.text)) &&
      call.args.length === 2
    ) {
      const base = ev(ip, call.args[1]!, env);
      if (base.level !== INPUT) contained(call.args[0]!, c);
      return;
    }
    // Go's strings.HasPrefix(s, base): the subject is the first argument.
    if (call.name === 'HasPrefix' && PATH_CLASSES.has(ip.cls) && call.args.length === 2) {
      const base = ev(ip, call.args[1]!, env);
      const fixed =
        ip.cls === 'open-redirect' || ip.cls === 'ssrf'
          ? typeof base.value === 'string' && /^https?:\/\/[^/]+\//.test(base.value)
          : base.value === undefined || (typeof base.value === 'string' && base.value.length > 1);
      if (base.level === CLEAN && fixed)
        mark(call.args[0]!, 'checked to stay under a fixed base', c);
      return;
    }
    const recv = call.receiver ? ev(ip, call.receiver, env) : null;
    const arg0 = call.args[0] ?? null;
    if (ALLOW_METHODS.has(call.name) && recv?.level === CLEAN && arg0)
      return mark(arg0, 'checked against an allow-list', c);
    if (
      /^(startsWith|startswith|is_relative_to)$/.test(call.name) &&
      PATH_CLASSES.has(ip.cls) &&
      arg0
    ) {
      const base = ev(ip, arg0, env);
      // A redirect or request target needs the scheme and host fixed; a file a base directory.
      const fixed =
        ip.cls === 'open-redirect' || ip.cls === 'ssrf'
          ? typeof base.value === 'string' && /^https?:\/\/[^/]+\//.test(base.value)
          : base.value === undefined || (typeof base.value === 'string' && base.value.length > 1);
      if (base.level === CLEAN && fixed)
        return mark(call.receiver, 'checked to stay under a fixed base', c);
      return;
    }
    // "asc".equals(order) / order.equals("asc") / strings.EqualFold(order, "asc"): the value is
    // that constant (or one of its case variants, no less safe) there.
    if (/^(equals|equalsIgnoreCase|EqualFold)$/.test(call.name)) {
      const [a, b] =
        call.name === 'EqualFold' ? [call.args[0], call.args[1]] : [call.receiver, call.args[0]];
      if (call.name === 'equals') return equalTo(a ?? null, b ?? null, true, c);
      for (const [x, y] of [
        [a, b],
        [b, a],
      ] as const)
        if (x && y && typeof ev(ip, y, env).value === 'string')
          return mark(x, `compared with the constant ${y.text()}`, c);
      return;
    }
    if (/^(isdigit|isdecimal|isnumeric|isalnum|isalpha|isidentifier)$/.test(call.name))
      return mark(call.receiver, 'checked to hold only letters or digits', c);
    // Number.isInteger(x), Number.isSafeInteger(x), Number.isFinite(x): x is a number.
    if (
      /^Number\.(isInteger|isSafeInteger|isFinite)$/.test(call.text) &&
      call.args[0] &&
      numberNeutralizes(ip.cls)
    )
      return mark(call.args[0], `checked by ${call.text} to be a number`, c);
    // validator.js: validator.isInt(x), isUUID(x) … (a charset without quotes or separators).
    if (
      VALIDATOR_JS.test(call.name) &&
      call.args[0] &&
      // `{ ignore: " '" }` lets those characters through as well
      !call.args.slice(1).some((a) => /\bignore\b/.test(a.text())) &&
      /^validator([./]|$)/.test(canonicalCallee(ip, call.text))
    )
      return mark(call.args[0], `checked by ${call.text} to hold only a safe set of characters`, c);
    const pattern = (n: Node | null) => (n ? ev(ip, n, env).value : undefined);
    // NAME.fullmatch(s) / NAME.match(s) with NAME = re.compile(r"…") in the function or at
    // module level.
    const compiled =
      call.args.length === 1 && call.receiver?.kind() === 'identifier'
        ? boundOnce(ip, call.receiver.text(), c, env)
        : null;
    const compiledCall = compiled ? calleeOf(compiled) : null;
    if (
      /^(fullmatch|match)$/.test(call.name) &&
      compiledCall?.name === 'compile' &&
      /^(re|regex)\.compile$/.test(canonicalCallee(ip, compiledCall.text)) &&
      compiledCall.args[0]
    ) {
      const p = pattern(compiledCall.args[0]);
      if (
        typeof p === 'string' &&
        !compiledCall.args.slice(1).some(multiline) &&
        anchoredPatternFits(ip.cls, reMatchPattern(call.name, p), call.name === 'fullmatch')
      )
        return mark(call.args[0]!, 'checked against an anchored pattern', c);
    }
    if (/^(fullmatch|match)$/.test(call.name) && call.args.length >= 2) {
      const p = pattern(call.args[0]!);
      if (
        typeof p === 'string' &&
        !call.args.slice(2).some(multiline) &&
        anchoredPatternFits(ip.cls, reMatchPattern(call.name, p), call.name === 'fullmatch')
      )
        return mark(call.args[1]!, 'checked against an anchored pattern', c);
    }
    // Java: Pattern.matches(regex, s) and s.matches(regex) match all of s.
    if (call.text === 'Pattern.matches' && call.args.length === 2) {
      const p = pattern(call.args[0]!);
      if (typeof p === 'string' && anchoredPatternFits(ip.cls, p, true))
        return mark(call.args[1]!, 'checked against an anchored pattern', c);
      return;
    }
    if (call.name === 'matches' && arg0) {
      const p = pattern(arg0);
      if (typeof p === 'string' && anchoredPatternFits(ip.cls, p, true))
        return mark(call.receiver, 'checked against an anchored pattern', c);
    }
    // Java: P.matcher(s).matches() (all of s) or .find() (anchored), P = Pattern.compile("…")
    // inline or in a field nothing sets again.
    if (ip.family === 'java' && /^(matches|find)$/.test(call.name) && !call.args.length) {
      const m = call.receiver ? calleeOf(call.receiver) : null;
      const subject = m?.name === 'matcher' && m.args.length === 1 ? m.args[0]! : null;
      const made = !m?.receiver
        ? null
        : m.receiver.kind() === 'identifier'
          ? settledGlobal(ip, m.receiver.text(), env)
          : m.receiver;
      const compile = made ? calleeOf(made) : null;
      const p =
        compile?.text === 'Pattern.compile' && compile.args.length === 1
          ? pattern(compile.args[0]!)
          : undefined;
      if (
        subject &&
        typeof p === 'string' &&
        anchoredPatternFits(ip.cls, p, call.name === 'matches')
      )
        return mark(subject, 'checked against an anchored pattern', c);
    }
    // Apache Commons: StringUtils.isNumeric(s), NumberUtils.isDigits(s) …
    if (
      /^(StringUtils|NumberUtils)\.(isNumeric|isDigits|isAlphanumeric|isAlpha|isCreatable|isParsable)$/.test(
        call.text,
      ) &&
      arg0
    )
      return mark(arg0, `checked by ${call.text} to hold only letters or digits`, c);
    if (ip.family === 'go' && call.name === 'MatchString') {
      const p = goPattern(ip, call, env);
      const subject = call.args.at(-1);
      if (typeof p === 'string' && subject && anchoredPatternFits(ip.cls, p, false))
        return mark(subject, 'checked against an anchored pattern', c);
    }
    const re = call.name === 'test' && call.receiver ? regexLiteral(ip, call.receiver, c) : null;
    if (re && arg0) {
      const p = re.field('pattern')?.text() ?? '';
      const flags = re.field('flags')?.text() ?? '';
      if (!flags.includes('m') && anchoredPatternFits(ip.cls, p, false))
        return mark(arg0, 'checked against an anchored pattern', c);
    }
    // A check the reconstruction does not read: the value's fate is not decided here.
    if (VALIDATOR_NAME.test(call.name))
      for (const a of [...call.args, ...(call.receiver ? [call.receiver] : [])]) {
        const key = keyOf(a);
        const old = key ? out.get(key) : undefined;
        if (key && old && old.level !== CLEAN)
          out.set(
            key,
            unknown(
              `${key} is checked by ${call.text}(), which the reconstruction does not read`,
              step(lineOf(c), 'unknown', c.text()),
            ),
          );
      }
  };
  visit(cond, outcome);
  if (cond && FILE_CLASSES.has(ip.cls) && ip.family !== 'java')
    climbRefused(ip, cond, env, outcome, out);
  return out;
};

/**
 * The text a regex literal matches at the start and nothing else (`/^\.\./` → `..`), or null:
 * found false, the subject does not start with it. Not a shared regex with `g` or `y`, whose
 * search starts at its last match.
 */
const anchoredLiteral = (re: Node | null): string | null => {
  const m = /^\^((?:\\[./\\-]|[\w-])+)$/.exec(re?.field('pattern')?.text() ?? '');
  if (!m || /[gy]/.test(re?.field('flags')?.text() ?? '')) return null;
  return m[1]!.replace(/\\(.)/g, '$1');
};

/**
 * A regex literal `n` is, or the `const` it names (in the function around `at` or at module
 * level): `const VALID = /^[\w-]+$/; … VALID.test(x)`.
 */
const regexLiteral = (ip: Interp, n: Node, at: Node): Node | null => {
  if (n.kind() === 'regex') return n;
  if (n.kind() !== 'identifier' || ip.family !== 'javascript') return null;
  const name = n.text();
  // The innermost function that declares the name (a parameter, or a declaration anywhere in it)
  // decides: only its one `const` holding a regex literal is read.
  for (const scope of ancestors(at)) {
    if (!FUNCTION_KINDS.has(scope.kind())) continue;
    const decls = scope
      .findAll({ rule: { kind: 'variable_declarator' } })
      .filter((d) => d.field('name')?.text() === name);
    const param = paramsOf(scope).some((p) => p.name === name);
    if (!decls.length && !param) continue;
    const d = decls[0];
    const value = d?.field('value');
    return !param &&
      decls.length === 1 &&
      d!.parent()?.text().startsWith('const') &&
      value?.kind() === 'regex'
      ? value
      : null;
  }
  const init = ip.globals.get(name);
  return init?.kind() === 'regex' ? init : null;
};

/**
 * A search for any character outside a set (`/[^\w.-]/.test(x)`, `re.search(r'[^\w.-]', x)`):
 * found false, x holds only the set's characters. Its pattern (one negated class, no anchor,
 * no multiline) and subject, or null.
 */
const classSearch = (
  ip: Interp,
  call: NonNullable<ReturnType<typeof calleeOf>>,
  env: Env,
): { pattern: string; subject: Node } | null => {
  // Exactly one class (`[;&|]`, not `[;&|]\s*\w`, which refuses only a sequence).
  const oneClass = (pattern: unknown, subject: Node | undefined) =>
    typeof pattern === 'string' && /^\[\^?(?:\\.|[^\]\\])+\]$/.test(pattern) && subject
      ? { pattern, subject }
      : null;
  if (ip.family === 'javascript' && call.name === 'test' && call.receiver) {
    const re = regexLiteral(ip, call.receiver, call.receiver);
    // A shared regex with `g` searches from its last match's end, `y` only there (a failed
    // search may not have looked at all); a literal in the test is a new regex each time.
    const flags = re?.field('flags')?.text() ?? '';
    if (/[my]/.test(flags) || (/g/.test(flags) && re !== call.receiver)) return null;
    return oneClass(re?.field('pattern')?.text(), call.args[0]);
  }
  if (
    ip.family === 'python' &&
    canonicalCallee(ip, call.text) === 're.search' &&
    call.args.length === 2 &&
    call.args[1]!.kind() !== 'keyword_argument'
  )
    return oneClass(ev(ip, call.args[0]!, env).value, call.args[1]);
  if (ip.family === 'go' && call.name === 'MatchString')
    return oneClass(goPattern(ip, call, env), call.args.at(-1));
  // strings.ContainsAny(x, ";&|$ "): the set as a class of its characters.
  if (ip.family === 'go' && call.text === 'strings.ContainsAny' && call.args.length === 2) {
    const chars = ev(ip, call.args[1]!, env).value;
    if (typeof chars !== 'string' || !chars) return null;
    const escaped = [...chars].map((ch) => (/[\]\\^-]/.test(ch) ? `\\${ch}` : ch)).join('');
    return oneClass(`[${escaped}]`, call.args[0]);
  }
  return null;
};

/**
 * What a package- or module-level name was set to, unless a local of the same name hides it
 * (the file facts already drop a global that a function sets again).
 */
const settledGlobal = (ip: Interp, name: string, env: Env): Node | null =>
  env.has(name) ? null : (ip.globals.get(name) ?? null);

/**
 * The value a name is bound to once in the function around `at` (`PATTERN = re.compile(r"…")`,
 * `re := regexp.MustCompile("…")`), or the module's when the function does not bind it.
 */
const boundOnce = (ip: Interp, name: string, at: Node, env: Env): Node | null => {
  const fn = ancestors(at).find((a) => FUNCTION_KINDS.has(a.kind()));
  if (!fn) return settledGlobal(ip, name, env);
  const binds = descendants(fn).filter(
    (c) =>
      (c.field('left') ?? (c.kind() === 'variable_declarator' ? c.field('name') : null))?.text() ===
      name,
  );
  if (binds.length === 0) return settledGlobal(ip, name, env);
  const value = binds[0]!.field('right') ?? binds[0]!.field('value');
  const one = value?.kind() === 'expression_list' ? named(value) : value ? [value] : [];
  return binds.length === 1 && one.length === 1 && !binds[0]!.kind().startsWith('augmented')
    ? one[0]!
    : null;
};

/**
 * The pattern a Go `MatchString` checks: `regexp.MatchString(p, s)`,
 * `regexp.MustCompile(p).MatchString(s)` or `NAME.MatchString(s)` with
 * `var NAME = regexp.MustCompile(p)` at package level.
 */
const goPattern = (
  ip: Interp,
  call: NonNullable<ReturnType<typeof calleeOf>>,
  env: Env,
): Const | undefined => {
  if (call.text === 'regexp.MatchString' && call.args.length === 2)
    return ev(ip, call.args[0]!, env).value;
  const recv = call.receiver;
  const compiled =
    recv?.kind() === 'identifier'
      ? (settledGlobal(ip, recv.text(), env) ?? setInInit(ip, recv.text(), env))
      : recv?.kind() === 'call_expression'
        ? recv
        : null;
  const cc = compiled ? calleeOf(compiled) : null;
  return cc && /^regexp\.(MustCompile|Compile)$/.test(cc.text) && cc.args[0]
    ? ev(ip, cc.args[0], env).value
    : undefined;
};

/**
 * A Go package variable declared without a value and assigned once in the file, in its `init`
 * function (`var pattern *regexp.Regexp; func init() { pattern = regexp.MustCompile(…) }`):
 * that value, which every other function sees; else null.
 */
const setInInit = (ip: Interp, name: string, env: Env): Node | null => {
  if (ip.lang !== 'go' || env.has(name) || !ip.globals.has(name)) return null;
  const sets = ip.root
    .findAll({ rule: { kind: 'assignment_statement' } })
    .filter((a) => a.field('left')?.text() === name);
  const only = sets.length === 1 ? sets[0]! : null;
  const fn = only ? ancestors(only).find((a) => FUNCTION_KINDS.has(a.kind())) : null;
  if (!only || fn?.kind() !== 'function_declaration' || fn.field('name')?.text() !== 'init')
    return null;
  const right = named(only.field('right') ?? only);
  return right.length === 1 ? right[0]! : null;
};

/**
 * A guard that refuses a path holding a `..` segment, whatever its form (`name.indexOf('..')
 * !== -1`, `/\.\./.test(name)`, `name.split('/').includes('..')`): tried with `a/../b` it takes
 * the other way, with `a/b` this one. Past it the value holds no `..`, and joined to a base by
 * Node's or Go's join (which keep an absolute piece under the base) it cannot climb out.
 */
const climbRefused = (ip: Interp, cond: Node, env: Env, outcome: boolean, out: Env): void => {
  const line = lineOf(cond);
  for (const name of new Set(namesIn(cond).flatMap((x) => [x, x.split('.')[0]!]))) {
    const old = out.get(name);
    if (!old || old.level === CLEAN || old.contained) continue;
    // Refused however it climbs, accepted however long or dotted a plain name is (a length or
    // extension check is not a `..` check).
    if (!['a/../b', '../x', '..'].every((v) => refusedBy(ip, cond, env, outcome, name, v)))
      continue;
    const plain = ['a/b', 'reports-2024/summary.final.pdf'].map((v) =>
      guardWith(ip, cond, env, name, v),
    );
    if (plain.some((v) => v === undefined || truthy(v) !== outcome)) continue;
    // Python's os.path.join drops the base for an absolute piece: that must be refused too.
    if (ip.family === 'python' && !refusedBy(ip, cond, env, outcome, name, '/a/b')) continue;
    out.set(name, {
      ...withStep(old, step(line, 'branch', `${cond.text()} is ${outcome}: ${name} holds no ..`)),
      contained: true,
    });
  }
};

const pythonIf = (ip: Interp, n: Node, env: Env): Env | null => {
  const clauses = n.fieldChildren('alternative');
  const chain = (i: number, e: Env): Env | null => {
    const cl = clauses[i];
    if (!cl) return e;
    if (cl.kind() === 'else_clause') return branch(ip, cl.field('body'), e);
    const c = ev(ip, cl.field('condition'), e);
    if (c.value !== undefined) {
      skip(
        ip,
        truthy(c.value) ? null : cl.field('consequence'),
        cl.field('condition'),
        truthy(c.value),
      );
      return truthy(c.value) ? branch(ip, cl.field('consequence'), e) : chain(i + 1, e);
    }
    return joinEnv(
      branch(ip, cl.field('consequence'), refined(ip, cl.field('condition'), e, true)),
      chain(i + 1, refined(ip, cl.field('condition'), e, false)),
    );
  };
  const c = ev(ip, n.field('condition'), env);
  if (c.value !== undefined) {
    if (truthy(c.value)) {
      for (const cl of clauses) skip(ip, cl, n.field('condition'), true);
      if (!clauses.length) skip(ip, null, n.field('condition'), true);
      return branch(ip, n.field('consequence'), env);
    }
    skip(ip, n.field('consequence'), n.field('condition'), false);
    return chain(0, env);
  }
  return joinEnv(
    branch(ip, n.field('consequence'), refined(ip, n.field('condition'), env, true)),
    chain(0, refined(ip, n.field('condition'), env, false)),
  );
};

const loop = (ip: Interp, body: Node | null, env: Env, bind: (e: Env) => void): Env | null => {
  let cur: Env | null = new Map(env);
  const frame: ExitFrame = { loop: true, breaks: [], continues: [] };
  ip.exits.push(frame);
  try {
    for (let i = 0; i < 3 && cur; i++) {
      const e: Env = new Map(cur);
      bind(e);
      frame.continues = [];
      let after = branch(ip, body, e);
      for (const c of frame.continues) after = joinEnv(after, c);
      const next = joinEnv(cur, after);
      if (sameEnv(next, cur)) break;
      cur = next;
    }
  } finally {
    ip.exits.pop();
  }
  let out: Env | null = cur ?? env;
  for (const b of frame.breaks) out = joinEnv(out, b);
  return out;
};

/** Runs the cases of a switch/match: a constant subject takes one case, else any may run. */
const execSwitch = (
  ip: Interp,
  subject: Node | null,
  groups: { labels: Node[]; isDefault: boolean; body: Node[] }[],
  env: Env,
): Env | null => {
  const sv = ev(ip, subject, env);
  const frame: ExitFrame = { loop: false, breaks: [], continues: [] };
  const withFrame = (run: () => Env | null): Env | null => {
    ip.exits.push(frame);
    try {
      let out = run();
      for (const b of frame.breaks) out = joinEnv(out, b);
      return out;
    } finally {
      ip.exits.pop();
    }
  };
  const runFrom = (i: number, e: Env): Env | null => {
    let cur: Env | null = new Map(e);
    for (let j = i; j < groups.length && cur; j++) {
      for (const st of groups[j]!.body) {
        if (!cur) break;
        if (st.kind() === 'break_statement') return cur;
        cur = exec(ip, st, cur);
      }
      if (ip.lang === 'python' || ip.lang === 'go') return cur;
    }
    return cur;
  };
  if (sv.value !== undefined) {
    let idx = groups.findIndex((g) => g.labels.some((l) => ev(ip, l, env).value === sv.value));
    if (idx < 0) idx = groups.findIndex((g) => g.isDefault);
    groups.forEach((g, j) => {
      if (j !== idx && (idx < 0 || j < idx))
        for (const st of g.body) if (containsSink(ip, st)) skip(ip, st, subject, false);
    });
    ip.notes.push(
      step(
        lineOf(subject!),
        'branch',
        `switch on ${subject?.text() ?? ''} is always ${String(sv.value)}`,
      ),
    );
    return idx < 0 ? env : withFrame(() => runFrom(idx, env));
  }
  // Prototype pollution: where no case matched, the subject is none of the prototype keys the
  // cases name (`case '__proto__': case 'constructor': continue;`).
  const name = ip.proto && subject ? keyOf(subject) : null;
  const named_ = groups
    .flatMap((g) => g.labels.map((l) => ev(ip, l, env).value))
    .filter((v): v is string => typeof v === 'string' && PROTO_SET.has(v));
  const unmatched = (e: Env): Env => {
    const old = name ? e.get(name) : undefined;
    if (!name || !old || !named_.length) return e;
    return new Map(e).set(
      name,
      withStep(
        { ...old, excluded: new Set([...(old.excluded ?? []), ...named_]) },
        step(
          lineOf(subject!),
          'branch',
          `no case of the switch on ${name} matched: it is not ${named_.join(', ')}`,
        ),
      ),
    );
  };
  return withFrame(() => {
    let out: Env | null = groups.some((g) => g.isDefault) ? null : unmatched(env);
    groups.forEach(
      (g, i) =>
        (out = joinEnv(
          out,
          runFrom(i, g.isDefault && g.labels.length === 0 ? unmatched(env) : env),
        )),
    );
    return out;
  });
};

/** Runs one statement. */
export const exec = (ip: Interp, n: Node, env: Env): Env | null => {
  tick(ip);
  const k = n.kind();
  if (SKIPPED_STATEMENTS.has(k)) return env;
  switch (k) {
    case 'expression_statement':
      for (const c of named(n)) ev(ip, c, env);
      // A call that never returns (`process.exit`, `panic`, a same-file `die()` that throws)
      // ends the path like a throw.
      if (named(n).some((c) => neverReturns(ip, c))) return null;
      return named(n).length === 1 ? guardedAfter(ip, named(n)[0]!, env) : env;
    case 'lexical_declaration':
    case 'variable_declaration':
    case 'local_variable_declaration':
      for (const d of named(n).filter((c) => c.kind() === 'variable_declarator')) {
        const name = d.field('name');
        const value = d.field('value');
        const v = value
          ? ev(ip, value, env)
          : constant(null, step(lineOf(d), 'constant', d.text()));
        if (name) assign(ip, name, v, env, d);
        if (sameNode(d, ip.sink)) ip.hits.push(v);
      }
      return env;
    case 'short_var_declaration':
    case 'assignment_statement': {
      const left = n.field('left');
      const right = n.field('right');
      const ls = left ? named(left) : [];
      const rs = right ? named(right) : [];
      const op = n.field('operator')?.text() ?? (k === 'short_var_declaration' ? ':=' : '=');
      const vals = rs.map((r) => ev(ip, r, env));
      ls.forEach((l, i) => {
        let v =
          rs.length === ls.length
            ? vals[i]!
            : joinAll(vals, clean(step(lineOf(n), 'constant', n.text())));
        if (op !== '=' && op !== ':=') {
          const old = ev(ip, l, env);
          const value = op === '+=' ? fold('+', old.value, v.value) : undefined;
          const j = join(old, v);
          const ended = op === '+=' && separatorPiece(ip, rs[i] ?? null, v);
          v =
            value === undefined
              ? { level: j.level, steps: j.steps, ...(ended ? { sepEnded: true } : {}) }
              : { ...j, value };
        }
        if (l.text() !== '_') assign(ip, l, v, env, n);
      });
      const single = ls.length === 1 && rs.length === 1 ? keyOf(ls[0]!) : null;
      if (single) keepTest(env, single, ls[0]!, n, rs[0]);
      if (
        ls.length === 2 &&
        rs.length === 1 &&
        rs[0]!.kind() === 'index_expression' &&
        soleBinding(ls[1]!.text(), n)
      )
        keptTest(env, ls[1]!.text(), rs[0]!);
      return env;
    }
    case 'var_declaration':
    case 'const_declaration':
      for (const spec of named(n)) {
        const names = spec.fieldChildren('name');
        const value = spec.field('value');
        const vs = value ? named(value).map((x) => ev(ip, x, env)) : [];
        names.forEach((nm, i) =>
          assign(
            ip,
            nm,
            vs[i] ??
              (vs.length
                ? joinAll(vs, clean(step(lineOf(spec), 'constant', spec.text())))
                : constant(null, step(lineOf(spec), 'constant', spec.text()))),
            env,
            spec,
          ),
        );
      }
      return env;
    case 'statement_list':
      return execBlock(ip, n, env);
    case 'defer_statement':
    case 'go_statement':
    case 'inc_statement':
    case 'dec_statement': {
      const operand = named(n)[0] ?? null;
      stepped(operand, ev(ip, operand, env), n.kind() === 'inc_statement' ? 1 : -1, env);
      return env;
    }
    case 'send_statement':
      for (const c of named(n)) ev(ip, c, env);
      return env;
    case 'expression_switch_statement': {
      const e: Env | null = n.field('initializer') ? exec(ip, n.field('initializer')!, env) : env;
      if (!e) return null;
      const groups = named(n)
        .filter((g) => g.kind() === 'expression_case' || g.kind() === 'default_case')
        .map((g) => ({
          labels: g.field('value') ? named(g.field('value')!) : [],
          isDefault: g.kind() === 'default_case',
          body: named(g).filter((c) => c.kind() !== 'expression_list'),
        }));
      return execSwitch(ip, n.field('value'), groups, e);
    }
    case 'block':
    case 'statement_block':
    case 'synchronized_statement':
    case 'labeled_statement':
      return execBlock(
        ip,
        k === 'synchronized_statement' ? (n.field('body') ?? n) : k === 'labeled_statement' ? n : n,
        env,
      );
    case 'if_statement':
      if (ip.lang === 'python') return pythonIf(ip, n, env);
      if (n.field('initializer')) {
        const e = exec(ip, n.field('initializer')!, env);
        if (!e) return null;
        return execIf(ip, n.field('condition'), n.field('consequence'), n.field('alternative'), e);
      }
      return execIf(ip, n.field('condition'), n.field('consequence'), n.field('alternative'), env);
    case 'else_clause':
      return execBlock(ip, n, env);
    case 'for_statement':
    case 'for_in_statement':
    case 'enhanced_for_statement':
    case 'while_statement':
    case 'do_statement': {
      const goRange = named(n).find((c) => c.kind() === 'range_clause');
      if (goRange) {
        const it = ev(ip, goRange.field('right'), env);
        const left = goRange.field('left');
        return loop(ip, n.field('body'), env, (le) => {
          const names = left ? named(left) : [];
          // for i, v := range xs: the index is a number, the value an element
          names.forEach((nm, i) => {
            if (nm.text() === '_') return;
            const v =
              i === 0 && names.length > 1 && !it.keys
                ? clean(step(lineOf(n), 'constant', nm.text()))
                : withStep(
                    contents(it),
                    step(lineOf(n), 'container', `${nm.text()} in ${goRange.text()}`),
                  );
            assign(ip, nm, v, le, n);
          });
        });
      }
      const goClause = named(n).find((c) => c.kind() === 'for_clause');
      if (goClause) {
        let e: Env | null = env;
        const init = goClause.field('initializer');
        if (init) e = exec(ip, init, env);
        if (!e) return null;
        const cond = goClause.field('condition');
        if (cond) ev(ip, cond, e);
        const update = goClause.field('update');
        return loop(ip, n.field('body'), e, (le) => {
          if (update) exec(ip, update, le);
        });
      }
      const init = n.fieldChildren('init').concat(n.fieldChildren('initializer'));
      let e: Env | null = env;
      for (const i of init)
        e = e && (i.kind().endsWith('declaration') ? exec(ip, i, e) : (ev(ip, i, e), e));
      if (!e) return null;
      const left = n.field('left') ?? n.field('name');
      const right = n.field('right') ?? n.field('value');
      const it = right ? ev(ip, right, e) : null;
      if (n.field('condition')) ev(ip, n.field('condition'), e);
      const body = n.field('body');
      const after = loop(ip, body, e, (le) => {
        if (left && it)
          assign(
            ip,
            left,
            withStep(
              contents(it),
              step(lineOf(n), 'container', `${left.text()} in ${right?.text() ?? ''}`),
            ),
            le,
            n,
          );
        for (const u of n.fieldChildren('update').concat(n.fieldChildren('increment')))
          ev(ip, u, le);
      });
      if (ip.proto && after && left && right && it && body)
        everyElementGuarded(ip, body, left, right, contents(it), e, after);
      if (after && left && right && body) everyCharacterGuarded(ip, body, left, right, e, after);
      return after;
    }
    case 'try_statement':
    case 'try_with_resources_statement': {
      const e: Env | null = new Map(env);
      const resources = n.field('resources');
      if (resources)
        for (const r of named(resources)) {
          const name = r.field('name');
          if (name && e) assign(ip, name, ev(ip, r.field('value'), e), e, r);
        }
      const body = e ? execBlock(ip, n.field('body')!, e) : null;
      let out = body;
      const handlers = named(n).filter(
        (c) =>
          c.kind() === 'except_clause' ||
          c.kind() === 'catch_clause' ||
          c.kind() === 'except_group_clause',
      );
      const handler = n.field('handler');
      if (handler) handlers.push(handler);
      for (const h of handlers) {
        const start = joinEnv(env, body) ?? env;
        const hb =
          h.field('body') ??
          named(h)
            .filter((c) => c.kind() === 'block')
            .pop() ??
          null;
        const r = hb ? execBlock(ip, hb, new Map(start)) : start;
        out = joinEnv(out, r);
      }
      const elseClause = named(n).find((c) => c.kind() === 'else_clause');
      if (elseClause && body)
        out = joinEnv(out, execBlock(ip, elseClause.field('body') ?? elseClause, new Map(body)));
      const fin = n.field('finalizer') ?? named(n).find((c) => c.kind() === 'finally_clause');
      if (fin) {
        const block = named(fin).find((c) => /block/.test(c.kind())) ?? fin;
        // The finally block also runs when the body throws before its checks are done (what it
        // reaches then is read; the code after the try does not run on that path).
        execBlock(ip, block, new Map(env));
        if (out) out = execBlock(ip, block, out);
      }
      return out;
    }
    case 'with_statement': {
      for (const item of named(n)
        .filter((c) => c.kind() === 'with_clause')
        .flatMap(named)) {
        const value = item.field('value');
        if (value?.kind() === 'as_pattern') {
          const src = named(value)[0] ?? null;
          const alias = value.field('alias');
          const target = alias ? (named(alias)[0] ?? alias) : null;
          const v = ev(ip, src, env);
          if (target) assign(ip, target, v, env, item);
        } else if (value) ev(ip, value, env);
      }
      const body = n.field('body');
      if (!body) return env;
      // contextlib.suppress(E): a check that raises in the body is swallowed, and what follows
      // runs with the values as they were.
      if (named(n).some((c) => c.kind() === 'with_clause' && /(^|\.)suppress\s*\(/.test(c.text())))
        return joinEnv(new Map(env), execBlock(ip, body, new Map(env))) ?? env;
      return execBlock(ip, body, env);
    }
    case 'switch_statement':
    case 'switch_expression': {
      const body = n.field('body');
      const subject = n.field('value') ?? n.field('condition');
      const inner =
        subject?.kind() === 'parenthesized_expression' ? (named(subject)[0] ?? subject) : subject;
      if (!body) return env;
      const groups = named(body)
        .filter((g) => !/comment/.test(g.kind()))
        .map((g) => {
          const kind = g.kind();
          if (kind === 'switch_case' || kind === 'switch_default')
            return {
              labels: g.fieldChildren('value'),
              isDefault: kind === 'switch_default',
              body: g.fieldChildren('body'),
            };
          const labels = named(g).filter((c) => c.kind() === 'switch_label');
          const vals = labels.flatMap((l) => named(l));
          const isDefault = labels.some((l) => /^default/.test(l.text()));
          const stmts = named(g).filter((c) => c.kind() !== 'switch_label');
          if (kind === 'switch_rule')
            return {
              labels: vals,
              isDefault,
              body: [...stmts, { kind: () => 'break_statement' } as unknown as Node],
            };
          return { labels: vals, isDefault, body: stmts };
        });
      return execSwitch(ip, inner, groups, env);
    }
    case 'match_statement': {
      const subject = n.field('subject') ?? named(n)[0] ?? null;
      const block = n.field('body') ?? named(n).find((c) => c.kind() === 'block');
      if (!block) return env;
      const groups = named(block)
        .filter((c) => c.kind() === 'case_clause')
        .map((cc) => {
          const pats = named(cc).filter((c) => c.kind() === 'case_pattern');
          const labels = pats
            .flatMap((p) => named(p))
            .filter((p) => /string|integer|float|true|false|none/.test(p.kind()));
          const isDefault =
            pats.some((p) => /^_$/.test(p.text().trim()) || named(p).length === 0) ||
            pats.some((p) => /^[a-z_]\w*$/.test(p.text().trim()));
          const guarded = named(cc).some((c) => c.kind() === 'if_clause');
          return {
            labels: guarded ? [] : labels,
            isDefault: isDefault && !guarded,
            body: [cc.field('consequence') ?? named(cc).find((c) => c.kind() === 'block')!].filter(
              Boolean,
            ),
          };
        });
      return execSwitch(ip, subject, groups, env);
    }
    case 'return_statement':
    case 'throw_statement':
    case 'raise_statement': {
      const first = named(n)[0] ?? null;
      // Go's `return v, err` gives its first value; Python's `return a, b` one tuple.
      const e =
        first?.kind() === 'expression_list' && ip.lang !== 'python'
          ? (named(first)[0] ?? null)
          : first;
      const v = e ? ev(ip, e, env) : constant(null, step(lineOf(n), 'constant', n.text()));
      if (first?.kind() === 'expression_list' && ip.lang !== 'python')
        for (const x of named(first).slice(1)) ev(ip, x, env);
      if (k === 'return_statement') ip.returns.push(v);
      if (k === 'return_statement' && ip.returnTo) ip.returnTo.continues.push(new Map(env));
      return null;
    }
    case 'break_statement':
    case 'continue_statement': {
      // The rest of the block does not run; the loop (or switch) joins this state at its end
      // (break) or at its next iteration (continue).
      const frames = ip.exits;
      const frame =
        k === 'break_statement'
          ? frames[frames.length - 1]
          : [...frames].reverse().find((f) => f.loop);
      if (!frame) return env;
      (k === 'break_statement' ? frame.breaks : frame.continues).push(new Map(env));
      return null;
    }
    case 'yield_statement':
    case 'print_statement':
    case 'exec_statement':
      for (const c of named(n)) ev(ip, c, env);
      return env;
    case 'explicit_constructor_invocation':
      return env;
    default:
      if (containsSink(ip, n))
        ip.unsupported ??= `a statement the reconstruction does not read (${k})`;
      return env;
  }
};
