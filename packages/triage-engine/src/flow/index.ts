import type { LanguageFamily } from '../code/language.js';
import { classFieldValue } from './class-field.js';
import { defusedStdlibImport } from './defused-stdlib.js';
import { numberNeutralizes } from '../code/sanitizers.js';
import { ARGV_STYLE, EVERY_ARGUMENT_IS_CODE, FIRST_ARGUMENT, SINKS } from '../signals/taint.js';
import {
  FUNCTION_KINDS,
  TooLong,
  type ProtoSink,
  calleeOf,
  execBlock,
  ev,
  paramsOf,
  type FileFacts,
  type Interp,
} from './interpret.js';
import {
  ancestors,
  assignedTo,
  descendants,
  flowLanguageOf,
  lineOf,
  named,
  parsed,
  sameRange,
  within,
  type FlowLanguage,
  type Node,
} from './node.js';
import { stdinFeed } from './stdin.js';
import { lxmlParserConfiguration, xmlParserConfiguration } from './xml-config.js';
import { importedFunctions, importsOf as fileImports } from './imports.js';
import { argvProgram, operandsAfterEndOfOptions } from './argv.js';
import { optInGate } from './opt-in.js';
import { safeLoaderOption } from './safe-loader.js';
import { objectInputFilter } from './object-filter.js';
import { escapeRe } from '../code/escape-re.js';
import { archiveExtraction } from './archive.js';
import { onlyComparedWithBase } from './compared-only.js';
import {
  CLEAN,
  INPUT,
  LOCAL,
  UNKNOWN,
  clean,
  joinAll,
  step,
  unknown,
  withStep,
  type Env,
  type PathStep,
  type Val,
} from './value.js';

export type { PathStep } from './value.js';

/**
 * Classes whose verdict depends on where the value at the sink comes from. Weak hashes,
 * weak randomness, secrets and configuration classes are not decided by a flow.
 */
export const FLOW_CLASSES = new Set([
  'sql-injection',
  'nosql-injection',
  'command-injection',
  'code-injection',
  'path-traversal',
  'xss',
  'ssrf',
  'open-redirect',
  'deserialization',
  'xpath-injection',
  'ldap-injection',
  'template-injection',
  'file-inclusion',
  'regex-injection',
  'header-injection',
  'log-injection',
  'prototype-pollution',
]);

/** What the reconstruction found about the values reaching the sink. */
export interface FlowResult {
  /**
   * `no-source`: no input reaches the sink (constants, killed or sanitized values, a dead branch);
   * `input`: request or other outside input reaches it unsanitized; `local`: only the
   * environment or command line does; `undecided`: the reconstruction cannot tell (reason).
   */
  outcome: 'no-source' | 'input' | 'local' | 'undecided';
  /** The value was neutralized by a sanitizer matched to the class on the way. */
  sanitized: boolean;
  reason: string;
  /** The reconstructed path, in line order, ending at the sink. */
  path: PathStep[];
  /**
   * Set when the reconstruction read the sink's arguments and found a value that is not a
   * constant (of unknown origin): the sink does not take literals only, whatever else is known.
   */
  notConstant?: boolean;
}

export interface FlowQuery {
  uri: string;
  text: string;
  line: number;
  endLine: number | null;
  cls: string;
  /** Other files of the project in view, for the functions the file imports from them. */
  files?: ReadonlyMap<string, string>;
}

const FAMILY: Record<FlowLanguage, LanguageFamily> = {
  python: 'python',
  javascript: 'javascript',
  typescript: 'javascript',
  tsx: 'javascript',
  java: 'java',
  go: 'go',
};

const CALL_KINDS = new Set([
  'call',
  'call_expression',
  'method_invocation',
  'new_expression',
  'object_creation_expression',
]);
const ASSIGN_KINDS = new Set(['assignment_expression', 'augmented_assignment_expression']);
const DOM_SINK = /\.(innerHTML|outerHTML)$|(^|\.)location(\.href)?$/;
const NOT_PAYLOAD =
  /^(keyword_argument|object|dictionary|arrow_function|function_expression|generator_function|lambda|lambda_expression|function|dictionary_splat)$/;

/** Call-like nodes starting on the finding's lines, outermost first. */
const SITE_KINDS: Record<FlowLanguage, string[]> = {
  python: ['call'],
  java: ['method_invocation', 'object_creation_expression', 'assignment_expression'],
  go: ['call_expression'],
  javascript: [
    'call_expression',
    'new_expression',
    'assignment_expression',
    'augmented_assignment_expression',
  ],
  typescript: [
    'call_expression',
    'new_expression',
    'assignment_expression',
    'augmented_assignment_expression',
  ],
  tsx: [
    'call_expression',
    'new_expression',
    'assignment_expression',
    'augmented_assignment_expression',
  ],
};

/**
 * Call and assignment nodes by their 0-based start line, outermost first: one native search
 * per file (walking the tree from the root for each finding cost milliseconds in big files).
 */
const SITES = new WeakMap<Node, Map<number, Node[]>>();

const sitesOf = (root: Node, lang: FlowLanguage): Map<number, Node[]> => {
  let byLine = SITES.get(root);
  if (!byLine) {
    byLine = new Map();
    for (const n of root.findAll({ rule: { any: SITE_KINDS[lang].map((kind) => ({ kind })) } })) {
      const line = n.range().start.line;
      const list = byLine.get(line);
      if (list) list.push(n);
      else byLine.set(line, [n]);
    }
    SITES.set(root, byLine);
  }
  return byLine;
};

const nodesOnLines = (root: Node, lang: FlowLanguage, from: number, to: number): Node[] => {
  const byLine = sitesOf(root, lang);
  const out: Node[] = [];
  for (let l = from; l <= to; l++) out.push(...(byLine.get(l) ?? []));
  return out;
};

/** The sink call `n` is, with its dangerous arguments, when its callee is one of the class. */
const asSinkCall = (
  n: Node,
  q: FlowQuery,
): { sink: Node; args: Node[]; callee: string; expression: boolean } | null => {
  const c = calleeOf(n);
  if (!c || !SINKS[q.cls]?.test(c.name)) return null;
  // A NoSQL query's filter object is its payload (`{ password: req.body.password }` with
  // `{"$ne": null}`); elsewhere an options object is not.
  const positional = c.args.filter(
    (a) =>
      !NOT_PAYLOAD.test(a.kind()) ||
      (q.cls === 'nosql-injection' && /^(object|dictionary)$/.test(a.kind())),
  );
  // A `$where` runs its string as JavaScript on the server: String() or a type check does not
  // make it safe, and the reconstruction does not judge code (left to the rule).
  if (q.cls === 'nosql-injection' && c.args.some((a) => /["']?\$where["']?\s*:/.test(a.text())))
    return null;
  let args: Node[];
  if (q.cls === 'command-injection')
    args = ARGV_STYLE.test(c.text) ? positional : positional.slice(0, 1);
  else if (FIRST_ARGUMENT.has(q.cls) && !EVERY_ARGUMENT_IS_CODE.test(c.text))
    args = positional.slice(0, 1);
  else args = positional;
  return args.length === 0 ? null : { sink: n, args, callee: c.text, expression: false };
};

// Expressions a scanner may point at instead of the sink call (Bandit's B608 reports the
// query string being built, which may be assigned first and executed lines later).
const EXPRESSION_KINDS = new Set([
  'binary_operator',
  'binary_expression',
  'string',
  'template_string',
  'concatenated_string',
  'call',
  'call_expression',
  'method_invocation',
]);
const STATEMENT =
  /_statement$|^block$|^statement_block$|^module$|^program$|_declaration$|^class_body$/;

/** The file's top-level statements with their line spans, once per file. */
const TOP = new WeakMap<Node, { node: Node; start: number; end: number }[]>();

/** The top-level statement spanning a 0-based line (binary search), or null. */
const topLevelAt = (root: Node, line: number): Node | null => {
  let top = TOP.get(root);
  if (!top) {
    top = named(root).map((node) => {
      const r = node.range();
      return { node, start: r.start.line, end: r.end.line };
    });
    TOP.set(root, top);
  }
  let lo = 0;
  let hi = top.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const t = top[mid]!;
    if (t.end < line) lo = mid + 1;
    else if (t.start > line) hi = mid - 1;
    else return t.node;
  }
  return null;
};

/** The outermost named node starting on a 0-based line. */
/** Java's types and modifiers before a declared name (`Object o = …`): not what is reported. */
const TYPE_KINDS =
  /^(type_identifier|generic_type|scoped_type_identifier|array_type|integral_type|floating_point_type|boolean_type|void_type|modifiers)$/;

const outermostAt = (root: Node, line: number): Node | null => {
  const top = topLevelAt(root, line);
  if (!top) return null;
  if (top.range().start.line === line && !STATEMENT.test(top.kind())) return top;
  let n: Node | null = top;
  while (n) {
    const next: Node | undefined = named(n).find((c) => {
      const r = c.range();
      return r.start.line <= line && r.end.line >= line && !TYPE_KINDS.test(c.kind());
    });
    if (!next) return null;
    if (next.range().start.line === line && !STATEMENT.test(next.kind())) return next;
    n = next;
  }
  return null;
};

const MEMBER_KINDS = new Set(['subscript_expression', 'member_expression']);
const LITERAL_KEY = /^(string|number|template_string)$/;

/**
 * The links of a write target `base[k1].x[k2]`, base first: the computed keys (not literals),
 * the object each writes into, and the base.
 */
const chainOf = (left: Node): { keys: Node[]; objects: Node[]; links: number; base: Node } => {
  const keys: Node[] = [];
  const objects: Node[] = [];
  let links = 0;
  let n = left;
  while (MEMBER_KINDS.has(n.kind())) {
    const obj = n.field('object');
    if (!obj) break;
    links++;
    const index = n.kind() === 'subscript_expression' ? n.field('index') : null;
    const computed =
      index &&
      (!LITERAL_KEY.test(index.kind()) ||
        named(index).some((c) => c.kind() === 'template_substitution'));
    if (computed) {
      keys.unshift(index);
      objects.unshift(obj);
    }
    n = obj;
  }
  return { keys, objects, links, base: n };
};

/**
 * The names a function is called by: its own, or the name it is assigned to (`const f =
 * function …`, `var f = module.exports = function …`, `exports.f = …`, `{ f: function … }`).
 */
const callNamesOf = (fn: Node): string[] => {
  const own = fn.field('name')?.text();
  if (own) return [own];
  const out: string[] = [];
  for (let p = fn.parent(); p; p = p.parent()) {
    const k = p.kind();
    if (k === 'variable_declarator' || k === 'pair') {
      const n = (p.field('name') ?? p.field('key'))?.text();
      if (n) out.push(n);
      break;
    }
    if (k !== 'assignment_expression') break;
    const left = p.field('left')?.text() ?? '';
    const last = /([\w$]+)$/.exec(left)?.[1];
    if (last) out.push(last);
  }
  return out;
};

/** A function that calls itself by one of its names anywhere in its body (callbacks too). */
const callsItself = (fn: Node): boolean => {
  if (!FUNCTION_KINDS.has(fn.kind())) return false;
  const names = callNamesOf(fn).filter((n) => n !== 'exports');
  if (!names.length) return false;
  return fn.findAll({ rule: { kind: 'call_expression' } }).some((c) => {
    const called = /^(this\.|self\.|exports\.|module\.exports\.)?([\w$]+)$/.exec(
      c.field('function')?.text() ?? '',
    )?.[2];
    return called !== undefined && names.includes(called);
  });
};

/**
 * The shape of a prototype-pollution sink: whether the write can reach Object.prototype through
 * more than one step (the function calls itself, walks `obj = obj[key]`, or the target has three
 * links or more), and the object each key writes into.
 */
const protoSink = (root: Node, sink: Node, fn: Node | null): ProtoSink | null => {
  const left = sink.field('left');
  if (!left) return null;
  const chain = chainOf(left);
  const scope = fn ?? root;
  const recursive = fn !== null && [fn, ...ancestors(fn)].some(callsItself);
  const base = chain.base.text();
  const walk =
    chain.base.kind() === 'identifier' &&
    scope
      .findAll({
        rule: { any: [{ kind: 'assignment_expression' }, { kind: 'variable_declarator' }] },
      })
      .some((a) => {
        const target = (a.field('left') ?? a.field('name'))?.text();
        const value = a.field('right') ?? a.field('value');
        return (
          target === base &&
          !!value &&
          (value.kind() === 'subscript_expression' ||
            value.findAll({ rule: { kind: 'subscript_expression' } }).length > 0)
        );
      });
  return {
    deep: chain.links >= 3 || recursive || walk,
    objects: new Map(chain.keys.map((k, i) => [k.text(), chain.objects[i]!.text()])),
    direct: chain.links === 1 ? chain.base : null,
    written: MEMBER_KINDS.has(left.kind()) ? left.field('object') : null,
    walkOnly: walk && !recursive && chain.links < 3,
    pair: chain.links === 2 && chain.keys.length === 2,
  };
};

const PATH_BUILDER = /^(join|resolve|Join|joinpath|normalize|Clean|Abs|abspath|normpath)$/;

/** File-system probes a scanner reports like reads (`fs.exists(p)`, `os.Stat(p)`). */
const PROBES = /^(exists|existsSync|lstat|lstatSync|statSync|access|accessSync|Stat|Lstat)$/;

/** A probe of the file at its first argument, as a sink, or null. */
const probeCall = (site: Node): Sink | null => {
  const c = calleeOf(site);
  const first = c?.args[0];
  return c && first && PROBES.test(c.name)
    ? { sink: site, args: [first], callee: c.text, expression: false }
    : null;
};

/** A call whose value is the path it is given, rebuilt (`resolve(p)`, `path.parse(p)`). */
const carriesPath = (call: Node): boolean => {
  const c = calleeOf(call);
  if (!c) return false;
  if (PATH_BUILDER.test(c.name)) return true;
  return /^(parse|format)$/.test(c.name) && /path$/i.test(c.receiver?.text() ?? '');
};

/**
 * The expression a path built at `n` is the value of: through a choice it is one arm of (`p =
 * isAbs(x) ? normalize(x) : join(cwd, x)`), another path built of it (`resolve(join(root, p))`)
 * and a string method chained on it (`join(root, p).replace(/\//g, sep)`).
 */
const builtWhole = (n: Node): Node => {
  let whole = n;
  for (;;) {
    const p = whole.parent();
    if (!p) return whole;
    const call = p.parent();
    if (
      /^(ternary_expression|conditional_expression|parenthesized_expression)$/.test(p.kind()) &&
      !sameRange(p.field('condition') ?? p, whole)
    )
      whole = p;
    else if (/^(arguments|argument_list)$/.test(p.kind()) && call && carriesPath(call))
      whole = call;
    else if (
      /^(member_expression|attribute|selector_expression)$/.test(p.kind()) &&
      sameRange(p.field('object') ?? p.field('operand') ?? p, whole) &&
      /^(replace|replaceAll|ReplaceAll|Replace)$/.test(
        (p.field('property') ?? p.field('attribute') ?? p.field('field'))?.text() ?? '',
      ) &&
      call &&
      CALL_KINDS.has(call.kind()) &&
      sameRange(call.field('function') ?? call, p)
    )
      whole = call;
    else return whole;
  }
};

/**
 * A path built on the reported line (`path.join(dest, name)`, `filepath.Join`, `os.path.join`:
 * rules that report the join): judged where the built path is used — every later file sink
 * of the function reading the variable it is assigned to, after whatever check comes between —
 * or, when it is not used in a sink there, at the join with all its pieces.
 */
const pathBuilt = (root: Node, lang: FlowLanguage, n: Node, depth = 0): Sink | null => {
  const c = calleeOf(n);
  if (!c || !PATH_BUILDER.test(c.name)) return null;
  const pieces = c.args.filter((a) => !NOT_PAYLOAD.test(a.kind()));
  if (pieces.length === 0) return null;
  // The joined path as a whole: pieces that cannot climb out (cae.Clean's shape) keep it under
  // the base, whatever the base (the destination a caller passes).
  const self: Sink = { sink: n, args: [n], callee: c.text, expression: true };
  const whole = builtWhole(n);
  const name = assignedTo(whole) ?? fieldAssigned(whole);
  if (!name) return self;
  const scope = enclosingFunction(n) ?? root;
  const end = n.range().end.index;
  const uses: Sink[] = [];
  for (const list of sitesOf(root, lang).values())
    for (const site of list) {
      if (site.range().start.index < end || !within(site, scope)) continue;
      const found =
        asSinkCall(site, {
          uri: '',
          text: '',
          line: 0,
          endLine: null,
          cls: 'path-traversal',
        }) ?? probeCall(site);
      if (found && found.args.some((a) => reads(a, name))) uses.push(found);
      else if (
        !found &&
        depth < 3 &&
        PATH_BUILDER.test(calleeOf(site)?.name ?? '') &&
        (calleeOf(site)?.args ?? []).some((a) => reads(a, name))
      ) {
        // Built into another path (`fsPath = resolve(join(root, joined))`): judged where that
        // one is used, if anywhere.
        uses.push(...(pathBuilt(root, lang, site, depth + 1)?.uses ?? []));
      } else if (!found) {
        // A writer or stream constructed with the path as an option (`Writer({ path: p })`,
        // `new Stream({ file: p })`): the file it opens is the path.
        const option = pathOption(site, name);
        if (option)
          uses.push({
            sink: site,
            args: [option],
            callee: calleeOf(site)?.text ?? '',
            expression: false,
          });
      }
    }
  if (uses.length) return { ...self, uses };
  // Not opened here: judged where the built path leaves the function (returned, or put in a
  // struct or object that is), after whatever check comes between.
  const escapes = escapesOf(scope, name, end).map((e): Sink => ({
    sink: e,
    args: [e],
    callee: '',
    expression: true,
  }));
  return escapes.length ? { ...self, uses: escapes } : self;
};

/**
 * Where `name` leaves `scope` after `end`, as itself: a returned value, the value of a struct or
 * object field (`Path: path`, `{ path: p }`, `path=p`) or of a field assignment (`self.path =
 * p`). A path only quoted in an error message (`fmt.Errorf("%s", path)`) does not leave as a path.
 */
const ESCAPE_KINDS = new Set([
  'return_statement',
  'keyed_element',
  'pair',
  'keyword_argument',
  'assignment_expression',
  'assignment',
  'shorthand_property_identifier',
  'arguments',
  'argument_list',
]);
const escapesOf = (scope: Node, name: string, end: number): Node[] => {
  const out: Node[] = [];
  const bare = (n: Node | null | undefined): Node | null => {
    const x = n?.kind() === 'literal_element' ? named(n)[0] : n;
    return x &&
      x.text() === name &&
      /^(identifier|member_expression|attribute|selector_expression|field_access)$/.test(x.kind())
      ? x
      : null;
  };
  for (const n of [scope, ...descendants(scope)]) {
    const k = n.kind();
    if (!ESCAPE_KINDS.has(k) || n.range().start.index < end) continue;
    if (k === 'return_statement') {
      const kids = named(n).flatMap((c) => (c.kind() === 'expression_list' ? named(c) : [c]));
      out.push(...kids.map(bare).filter((x): x is Node => x !== null));
      continue;
    }
    if (k === 'arguments' || k === 'argument_list') {
      // Handed to code not in view by a call made for its effect or its result returned
      // (`return Projects.delete(user, projectPath)`), not one whose value the function reads
      // on (`relative(root, p)`, a test).
      const call = n.parent();
      const up = call?.parent()?.kind() === 'await_expression' ? call.parent() : call;
      if (/^(expression_statement|return_statement)$/.test(up?.parent()?.kind() ?? ''))
        out.push(
          ...named(n)
            .map(bare)
            .filter((x): x is Node => x !== null),
        );
      continue;
    }
    if (k === 'shorthand_property_identifier') {
      // `return { clientPath, fsPath }`
      if (n.text() === name) out.push(n);
      continue;
    }
    const value =
      k === 'keyed_element'
        ? named(n).at(-1)
        : k === 'pair' || k === 'keyword_argument'
          ? n.field('value')
          : /^(member_expression|attribute|field_access|selector_expression)$/.test(
                n.field('left')?.kind() ?? '',
              )
            ? n.field('right')
            : null;
    const found = bare(value);
    if (found) out.push(found);
  }
  return out;
};

/** `request.fullPath = path.join(…)`: the field path assigned (identifiers only), else null. */
const fieldAssigned = (n: Node): string | null => {
  const p = n.parent();
  const left = p && /^(assignment_expression|assignment)$/.test(p.kind()) ? p.field('left') : null;
  if (!left || !sameRange(p!.field('right') ?? left, n)) return null;
  return /^(member_expression|attribute|field_access|selector_expression)$/.test(left.kind()) &&
    /^[\w$]+(\.[\w$]+)+$/.test(left.text())
    ? left.text()
    : null;
};

/** Whether `a` reads `name`: an identifier of that name, or the field path itself. */
const reads = (a: Node, name: string): boolean =>
  name.includes('.')
    ? a.text() === name || named(a).some((c) => reads(c, name))
    : namesOf(a).includes(name);

const PATH_OPTION = /^(path|file|filename|fileName|filePath|filepath|dest|destination)$/;

/** The value of a path option reading `name` in an object passed to a call, or null. */
const pathOption = (site: Node, name: string): Node | null => {
  const c = calleeOf(site);
  if (!c) return null;
  for (const a of c.args) {
    if (a.kind() !== 'object') continue;
    for (const p of named(a)) {
      if (
        p.kind() === 'shorthand_property_identifier' &&
        p.text() === name &&
        PATH_OPTION.test(name)
      )
        return p;
      const key = p.kind() === 'pair' ? p.field('key')?.text().replace(/['"]/g, '') : undefined;
      const value = p.kind() === 'pair' ? p.field('value') : null;
      if (key && value && PATH_OPTION.test(key) && reads(value, name)) return value;
    }
  }
  return null;
};

const namesOf = (n: Node): string[] =>
  n.kind() === 'identifier' ? [n.text()] : named(n).flatMap(namesOf);

const findSink = (root: Node, lang: FlowLanguage, q: FlowQuery): Sink | null => {
  const from = q.line - 1;
  const to = Math.max(from, (q.endLine ?? q.line) - 1);
  if (q.cls === 'prototype-pollution') {
    // A computed write `target[key] = value`: the keys decide whether it reaches a prototype.
    for (const n of nodesOnLines(root, lang, from, to)) {
      if (!ASSIGN_KINDS.has(n.kind())) continue;
      const left = n.field('left');
      const keys = left ? chainOf(left).keys : [];
      if (keys.length) return { sink: n, args: keys, callee: left!.text(), expression: false };
    }
    return null;
  }
  for (const n of nodesOnLines(root, lang, from, to)) {
    if (ASSIGN_KINDS.has(n.kind())) {
      const left = n.field('left')?.text() ?? '';
      if ((q.cls === 'xss' || q.cls === 'open-redirect') && DOM_SINK.test(left))
        return { sink: n, args: [n.field('right')!], callee: left, expression: false };
      continue;
    }
    const found = asSinkCall(n, q);
    if (found) return found;
  }
  const first = outermostAt(root, from);
  if (!first) {
    if (q.cls === 'path-traversal')
      for (const n of nodesOnLines(root, lang, from, to)) {
        const built = pathBuilt(root, lang, n);
        if (built) return built;
      }
    return null;
  }
  // A sink call spanning lines, the reported line inside its arguments.
  for (const a of ancestors(first)) {
    if (STATEMENT.test(a.kind())) break;
    if (CALL_KINDS.has(a.kind())) {
      const found = asSinkCall(a, q);
      if (found) return found;
    }
  }
  if (q.cls === 'path-traversal') {
    for (const n of nodesOnLines(root, lang, from, to)) {
      const built = pathBuilt(root, lang, n);
      if (built) return built;
    }
    // A join spanning lines, the reported line one of its pieces.
    for (const a of ancestors(first)) {
      if (STATEMENT.test(a.kind())) break;
      const built = CALL_KINDS.has(a.kind()) ? pathBuilt(root, lang, a) : null;
      if (built) return built;
    }
  }
  // Else the expression the scanner points at: where do the values in it come from?
  let expr: Node | null = first;
  while (expr && !EXPRESSION_KINDS.has(expr.kind())) {
    const kids: Node[] = named(expr);
    expr =
      expr.kind() === 'assignment' ||
      expr.kind() === 'assignment_expression' ||
      expr.kind() === 'variable_declarator' ||
      expr.kind() === 'augmented_assignment'
        ? (expr.field('right') ?? expr.field('value'))
        : // Java's `Object o = in.readObject();`: into the declarator.
          (kids.find(
            (c) =>
              c.range().start.line === from &&
              (EXPRESSION_KINDS.has(c.kind()) || c.kind() === 'variable_declarator'),
          ) ?? null);
  }
  if (!expr) return null;
  // A call the scanner reports is its sink even when its name is not in the class's list.
  if (CALL_KINDS.has(expr.kind())) {
    const c = calleeOf(expr);
    const positional = (c?.args ?? []).filter((a) => !NOT_PAYLOAD.test(a.kind()));
    const args =
      (FIRST_ARGUMENT.has(q.cls) && !EVERY_ARGUMENT_IS_CODE.test(c?.text ?? '')) ||
      q.cls === 'command-injection'
        ? positional.slice(0, 1)
        : positional;
    if (c && args.length > 0) return { sink: expr, args, callee: c.text, expression: false };
  }
  return { sink: expr, args: [expr], callee: '', expression: true };
};

/**
 * Names the file assigns (`x = …`, `x += …`, `x++`), writes into (`x[k] = …`, `x.p = …`) or
 * changes with a mutating method (`x.push(…)`, `x.splice(…)`, …), anywhere.
 */
const MUTATING =
  /^(push|pop|shift|unshift|splice|sort|reverse|fill|copyWithin|set|add|delete|clear)$/;
const reassignedNames = (root: Node): Set<string> => {
  const out = new Set<string>();
  const base = (n: Node | null): string | null => {
    let cur = n;
    while (
      cur &&
      /^(member_expression|subscript_expression|parenthesized_expression)$/.test(cur.kind())
    )
      cur =
        cur.kind() === 'parenthesized_expression' ? (named(cur)[0] ?? null) : cur.field('object');
    return cur?.kind() === 'identifier' ? cur.text() : null;
  };
  for (const a of root.findAll({
    rule: {
      any: [
        { kind: 'assignment_expression' },
        { kind: 'augmented_assignment_expression' },
        { kind: 'update_expression' },
      ],
    },
  })) {
    const target = a.field('left') ?? a.field('argument') ?? named(a)[0] ?? null;
    const name = base(target);
    if (name) out.add(name);
  }
  for (const c of root.findAll({ rule: { kind: 'call_expression' } })) {
    const fn = c.field('function');
    if (fn?.kind() !== 'member_expression') continue;
    const name = base(fn.field('object'));
    if (name && MUTATING.test(fn.field('property')?.text() ?? '')) out.add(name);
  }
  return out;
};

/** `node:path` → `path`, `fs/promises` → `fs.promises`, `path/filepath` → `filepath`. */
const moduleName = (spec: string, lang: FlowLanguage): string => {
  const m = spec.replace(/^['"`]|['"`]$/g, '').replace(/^node:/, '');
  if (lang === 'go') return m.split('/').pop() ?? m;
  if (m === 'fs/promises') return 'fs.promises';
  if (m === 'path/posix' || m === 'path/win32') return 'path';
  return m;
};

/**
 * Imported names and what they stand for, so a call through an alias reads as the module's
 * own (`const p = require('path')`, `const { resolve: res } = require('path')`, `import * as
 * fsp from 'fs/promises'`, `import os.path as osp`, `from os.path import realpath as rp`, Go's
 * `fp "path/filepath"`).
 */
const moduleAliases = (root: Node, lang: FlowLanguage): Map<string, string> => {
  const out = new Map<string, string>();
  for (const [local, { module, name }] of fileImports(root, lang)) {
    const mod = moduleName(module, lang);
    if (lang !== 'go') out.set(local, name === '*' || name === 'default' ? mod : `${mod}.${name}`);
    // Go: only an alias stands for another name (`fp "path/filepath"`).
    else if (
      local !==
      module
        .split('/')
        .filter((x) => !/^v\d+$/.test(x))
        .pop()
    )
      out.set(local, mod);
  }
  return out;
};

const FACTS = new WeakMap<Node, FileFacts>();

const fileFacts = (root: Node, lang: FlowLanguage): FileFacts => {
  const hit = FACTS.get(root);
  if (hit) return hit;
  const functions = new Map<string, Node>();
  const fnKinds =
    lang === 'python'
      ? ['function_definition']
      : lang === 'java'
        ? ['method_declaration']
        : lang === 'go'
          ? ['function_declaration', 'method_declaration']
          : ['function_declaration', 'method_definition'];
  for (const f of root.findAll({ rule: { any: fnKinds.map((kind) => ({ kind })) } })) {
    const name = f.field('name')?.text();
    if (name && !functions.has(name)) functions.set(name, f);
  }
  for (const d of lang === 'python' || lang === 'java' || lang === 'go'
    ? []
    : root.findAll({ rule: { kind: 'variable_declarator' } })) {
    const v = d.field('value');
    const name = d.field('name')?.text();
    if (
      name &&
      v &&
      (v.kind() === 'arrow_function' ||
        v.kind() === 'function_expression' ||
        v.kind() === 'generator_function' ||
        v.kind() === 'function')
    )
      if (!functions.has(name)) functions.set(name, v);
  }
  // A named function expression (`exports.merge = function merge(to, from) {…}`): its name
  // stands for it inside its own body (its recursive calls).
  if (lang !== 'python' && lang !== 'java' && lang !== 'go')
    for (const f of root.findAll({ rule: { kind: 'function_expression' } })) {
      const name = f.field('name')?.text();
      if (name && !functions.has(name)) functions.set(name, f);
    }
  const globals = new Map<string, Node | null>();
  const imported = new Set<string>();
  // A module-level `var`/`let` nothing in the file assigns again or changes in place is read
  // like a `const` (ES5 code declares its constant tables with `var`).
  let written: Set<string> | null = null;
  const changed = (): Set<string> => (written ??= reassignedNames(root));
  const setGlobal = (name: string, init: Node | null) =>
    globals.set(name, globals.has(name) ? null : init);
  for (const st of named(root)) {
    const k = st.kind();
    if (k === 'expression_statement') {
      const a = named(st)[0];
      if (a?.kind() === 'assignment' && a.field('left')?.kind() === 'identifier')
        setGlobal(a.field('left')!.text(), a.field('right'));
      else if (a?.kind() === 'augmented_assignment' && a.field('left')?.kind() === 'identifier')
        globals.set(a.field('left')!.text(), null);
    } else if (k === 'import_statement' || k === 'import_from_statement') {
      if (lang === 'python') {
        for (const c of named(st)) {
          if (c.kind() === 'aliased_import') imported.add(c.field('alias')?.text() ?? '');
          else if (c.kind() === 'dotted_name') {
            const parts = c.text().split('.');
            imported.add(k === 'import_statement' ? parts[0]! : parts[parts.length - 1]!);
          }
        }
      } else for (const id of st.findAll({ rule: { kind: 'identifier' } })) imported.add(id.text());
    } else if (k === 'lexical_declaration' || k === 'variable_declaration') {
      for (const d of named(st).filter((c) => c.kind() === 'variable_declarator')) {
        const name = d.field('name');
        const value = d.field('value');
        if (value && /^require\s*\(|^await\s+import\s*\(/.test(value.text()))
          for (const id of name
            ? [
                name,
                ...name.findAll({ rule: { kind: 'shorthand_property_identifier_pattern' } }),
                ...name.findAll({ rule: { kind: 'identifier' } }),
              ]
            : [])
            imported.add(id.text());
        else if (name?.kind() === 'identifier')
          setGlobal(
            name.text(),
            st.text().startsWith('const') || !changed().has(name.text()) ? value : null,
          );
      }
    } else if (k === 'export_statement') {
      for (const d of st.findAll({ rule: { kind: 'variable_declarator' } })) {
        const name = d.field('name');
        if (name?.kind() === 'identifier')
          setGlobal(name.text(), st.text().startsWith('export const') ? d.field('value') : null);
      }
    }
  }
  if (lang === 'go')
    for (const st of named(root)) {
      if (st.kind() === 'var_declaration' || st.kind() === 'const_declaration')
        for (const spec of named(st)) {
          const names = spec.fieldChildren('name');
          const values = spec.field('value') ? named(spec.field('value')!) : [];
          names.forEach((nm, i) => setGlobal(nm.text(), values[i] ?? null));
        }
      else if (st.kind() === 'import_declaration')
        for (const spec of st.findAll({ rule: { kind: 'import_spec' } })) {
          const alias = spec.field('name')?.text();
          const path = (spec.field('path')?.text() ?? '').replace(/"/g, '');
          imported.add(alias ?? path.split('/').pop() ?? path);
        }
    }
  if (lang === 'java') {
    for (const f of root.findAll({ rule: { kind: 'field_declaration' } })) {
      const final = /\bfinal\b/.test(
        named(f)
          .find((c) => c.kind() === 'modifiers')
          ?.text() ?? '',
      );
      for (const d of named(f).filter((c) => c.kind() === 'variable_declarator')) {
        const name = d.field('name')?.text();
        if (name) setGlobal(name, final ? d.field('value') : null);
      }
    }
    for (const im of root.findAll({ rule: { kind: 'import_declaration' } }))
      imported.add(im.text().replace(/;$/, '').split('.').pop() ?? '');
  }
  // A global a function sets again (Python `global name` then `name = …`, Go `name = …`) is not
  // what the module set it to.
  if (lang === 'python')
    for (const g of root.findAll({ rule: { kind: 'global_statement' } }))
      for (const id of named(g)) globals.set(id.text(), null);
  if (lang === 'go')
    for (const a of root.findAll({ rule: { kind: 'assignment_statement' } }))
      for (const l of named(a.field('left') ?? a))
        if (l.kind() === 'identifier' && globals.has(l.text())) globals.set(l.text(), null);
  const facts = { functions, globals, imported, modules: moduleAliases(root, lang) };
  FACTS.set(root, facts);
  return facts;
};

const PY_ROUTE =
  /\.(route|get|post|put|patch|delete|api_route|websocket)\s*\(|@(api_view|require_http_methods|require_GET|require_POST|action)\b/;
const JAVA_INPUT_ANNOTATION =
  /@(RequestParam|PathVariable|RequestBody|RequestHeader|CookieValue|QueryParam|PathParam|FormParam|HeaderParam|CookieParam|MatrixVariable|ModelAttribute|RequestPart|BeanParam)\b/;
const JAVA_REQUEST_TYPE =
  /\b(HttpServletRequest|ServletRequest|HttpServletRequestWrapper|MultipartFile|WebRequest|HttpEntity|RequestEntity|ServerHttpRequest)\b/;
const JAVA_HANDLER =
  /@(GetMapping|PostMapping|PutMapping|DeleteMapping|PatchMapping|RequestMapping|GET|POST|PUT|DELETE|Path)\b/;
const GO_INPUT_TYPE =
  /\*\s*http\.Request\b|\*\s*gin\.Context\b|\becho\.Context\b|\*\s*fiber\.Ctx\b/;
const JS_REQUEST = /^(req|request|ctx|context|event)$/;
const OUTPUT_PARAM = /^(res|response|reply|next|h|resp)$/;

type CallerValue = (index: number, name: string) => Val | null;

/** The initial values of the function's parameters. */
/** Go and Java parameter types that hold no text (numbers, booleans, UUIDs, durations). */
const SCALAR_TYPE =
  /^(u?int(8|16|32|64)?|uintptr|float(32|64)|complex(64|128)|bool|int|long|short|double|float|boolean|Integer|Long|Short|Double|Float|Boolean|BigInteger|BigDecimal|UUID|java\.util\.UUID|uuid\.UUID|time\.Duration|time\.Time|LocalDate|LocalDateTime|Instant)$/;

const paramValues = (
  fn: Node,
  lang: FlowLanguage,
  fnName: string,
  callers: CallerValue = () => null,
  cls = '',
  text = '',
): Env => {
  const env: Env = new Map();
  const params = paramsOf(fn);
  const line = lineOf(fn);
  if (lang === 'python') {
    const dec =
      fn.parent()?.kind() === 'decorated_definition'
        ? fn.parent()!.text().slice(0, fn.parent()!.text().indexOf('def '))
        : '';
    const handler = PY_ROUTE.test(dec) || params.some((p) => p.name === 'request');
    for (const p of params) {
      if (p.name === 'self' || p.name === 'cls')
        env.set(p.name, clean(step(line, 'constant', p.name)));
      // FastAPI converts a route's parameter to its annotated type (or answers 422); Flask's
      // `<int:id>` converter to a number.
      else if (
        handler &&
        numberNeutralizes(cls) &&
        ((/^(int|float|bool|UUID|uuid\.UUID|datetime|date|Decimal)$/.test(
          p.decl.field('type')?.text() ?? '',
        ) &&
          // Flask's `<uid>` is a string whatever the annotation says (only FastAPI converts)
          !dec.includes(`<${p.name}>`)) ||
          dec.includes(`<int:${p.name}>`) ||
          dec.includes(`<float:${p.name}>`) ||
          dec.includes(`<uuid:${p.name}>`))
      )
        env.set(p.name, {
          ...clean(step(line, 'sanitizer', `${p.decl.text()} (converted to its type)`)),
          typeOf: 'number',
        });
      else if (handler)
        env.set(p.name, {
          level: INPUT,
          steps: [step(line, 'source', `${p.name} (a request parameter of ${fnName})`)],
        });
      else
        env.set(
          p.name,
          callers(params.indexOf(p), p.name) ??
            unknown(
              `parameter ${p.name} of ${fnName}(); its callers are not followed`,
              step(line, 'parameter', p.decl.text()),
            ),
        );
    }
    return env;
  }
  // A parameter typed as a number, boolean or UUID (Go, Java) holds no text to inject, whoever
  // passes it: the language (or the framework binding it) refuses anything else.
  const scalar = (p: { decl: Node }): Val | null => {
    const type = p.decl.field('type')?.text() ?? '';
    if (!numberNeutralizes(cls) || !SCALAR_TYPE.test(type)) return null;
    return {
      ...clean(step(line, 'sanitizer', `${p.decl.text()} (a ${type}: no text)`)),
      typeOf: 'number',
    };
  };
  if (lang === 'go') {
    // The receiver's fields hold whatever its constructor, a setter or a caller put there, like
    // `self.x` in Python: their origin is not known here.
    const recv = fn.field('receiver');
    for (const r of recv ? named(recv) : [])
      for (const nm of r.fieldChildren('name'))
        env.set(
          nm.text(),
          unknown(
            `${nm.text()} is the receiver of ${fnName}(); its fields are set outside the method`,
            step(line, 'parameter', r.text()),
          ),
        );
    for (const p of params) {
      const decl = p.decl.text();
      const typed = scalar(p);
      if (typed) env.set(p.name, typed);
      else if (GO_INPUT_TYPE.test(decl))
        env.set(p.name, {
          level: INPUT,
          steps: [step(line, 'source', `${decl} (request input of ${fnName})`)],
        });
      else if (/\bhttp\.ResponseWriter\b/.test(decl))
        env.set(p.name, clean(step(line, 'constant', decl)));
      else
        env.set(
          p.name,
          callers(params.indexOf(p), p.name) ??
            unknown(
              `parameter ${p.name} of ${fnName}(); its callers are not followed`,
              step(line, 'parameter', decl),
            ),
        );
    }
    return env;
  }
  if (lang === 'java') {
    const mods =
      named(fn)
        .find((c) => c.kind() === 'modifiers')
        ?.text() ?? '';
    const handler = JAVA_HANDLER.test(mods);
    for (const p of params) {
      const decl = p.decl.text();
      const typed = scalar(p);
      if (typed) env.set(p.name, typed);
      else if (
        JAVA_INPUT_ANNOTATION.test(decl) ||
        JAVA_REQUEST_TYPE.test(decl) ||
        (handler &&
          !/\b(HttpServletResponse|Model|ModelMap|BindingResult|Principal|Authentication|RedirectAttributes|HttpSession|Locale)\b/.test(
            decl,
          ))
      )
        env.set(p.name, {
          level: INPUT,
          steps: [step(line, 'source', `${decl} (request input of ${fnName})`)],
        });
      else if (
        /\b(HttpServletResponse|Model|ModelMap|BindingResult|RedirectAttributes)\b/.test(decl)
      )
        env.set(p.name, clean(step(line, 'constant', decl)));
      else
        env.set(
          p.name,
          callers(params.indexOf(p), p.name) ??
            unknown(
              `parameter ${p.name} of ${fnName}(); its callers are not followed`,
              step(line, 'parameter', decl),
            ),
        );
    }
    return env;
  }
  const hasRequest = params.some((p) => JS_REQUEST.test(p.name));
  // `arguments` of a function (not an arrow): what its callers pass, declared or not.
  if (fn.kind() !== 'arrow_function')
    env.set(
      'arguments',
      cls === 'prototype-pollution' && publicFunction(fn, lang, fnName, text)
        ? {
            level: INPUT,
            steps: [
              step(line, 'source', `arguments (of ${fnName}, which code outside the file calls)`),
            ],
          }
        : unknown(
            `the arguments of ${fnName}(); its callers are not followed`,
            step(line, 'parameter', 'arguments'),
          ),
    );
  for (const p of params) {
    if (JS_REQUEST.test(p.name))
      env.set(p.name, {
        level: INPUT,
        steps: [step(line, 'source', `${p.name} (the request of ${fnName})`)],
      });
    else if (hasRequest && OUTPUT_PARAM.test(p.name))
      env.set(p.name, clean(step(line, 'constant', p.name)));
    else
      env.set(
        p.name,
        callers(params.indexOf(p), p.name) ??
          (cls === 'prototype-pollution' && publicFunction(fn, lang, fnName, text)
            ? {
                level: INPUT,
                steps: [
                  step(
                    line,
                    'source',
                    `${p.name} (a parameter of ${fnName}, which code outside the file calls: the caller's data, parsed JSON or a query string, decides it)`,
                  ),
                ],
              }
            : unknown(
                `parameter ${p.name} of ${fnName}(); its callers are not followed`,
                step(line, 'parameter', p.decl.text()),
              )),
      );
  }
  // `function f(name, { registry = '', timeout } = {})`: the names a destructured parameter
  // binds are what the caller's object holds, not known here.
  for (const name of destructuredParamNames(fn))
    if (!env.has(name))
      env.set(
        name,
        cls === 'prototype-pollution' && publicFunction(fn, lang, fnName, text)
          ? {
              level: INPUT,
              steps: [
                step(line, 'source', `${name} (an option of ${fnName}, whose callers pass it)`),
              ],
            }
          : unknown(
              `${name}, an option of ${fnName}(); its callers are not followed`,
              step(line, 'parameter', name),
            ),
      );
  return env;
};

/** The names object-pattern parameters bind (`{ a, b = 1, c: d } = {}`). */
const destructuredParamNames = (fn: Node): string[] => {
  const params = fn.field('parameters');
  const out: string[] = [];
  for (const p of params ? named(params) : []) {
    const pattern = p.kind() === 'assignment_pattern' ? p.field('left') : p;
    if (pattern?.kind() !== 'object_pattern') continue;
    for (const id of pattern.findAll({ rule: { kind: 'shorthand_property_identifier_pattern' } }))
      out.push(id.text());
    for (const pair of pattern.findAll({ rule: { kind: 'pair_pattern' } })) {
      const v = pair.field('value');
      const id = v?.kind() === 'assignment_pattern' ? v.field('left') : v;
      if (id?.kind() === 'identifier') out.push(id.text());
    }
  }
  return out;
};

/**
 * True when code outside the file can call `fn` with its own data (JavaScript): a method, a
 * function assigned to a property or to `module.exports`, a property of an object literal, or
 * a named function the file exports. Prototype pollution is a library's bug: its callers pass
 * the objects and keys, so those parameters are outside input for that class.
 */
const publicFunction = (fn: Node, lang: FlowLanguage, name: string, text: string): boolean => {
  const parent = fn.parent()?.kind();
  if (fn.kind() === 'method_definition') return !name.startsWith('#');
  if (parent === 'assignment_expression' || parent === 'pair') return true;
  if (name.includes(' ')) return false;
  return !filePrivate(fn, lang, name, text);
};

const functionName = (fn: Node): string => {
  const own = fn.field('name')?.text();
  if (own) return own;
  const p = fn.parent();
  if (p?.kind() === 'variable_declarator' || p?.kind() === 'pair')
    return (p.field('name') ?? p.field('key'))?.text() ?? 'an anonymous function';
  if (p?.kind() === 'arguments') {
    const call = p.parent();
    const callee = call?.field('function')?.text();
    if (callee) return `a callback of ${callee}`;
  }
  return 'an anonymous function';
};

const undecided = (reason: string, path: PathStep[] = []): FlowResult => ({
  outcome: 'undecided',
  sanitized: false,
  reason,
  path,
});

const BUDGET = 40_000;
/** How many levels of same-file callers a parameter's value is followed through. */
const CALLER_LEVELS = 2;

/**
 * Reconstructs, within the enclosing function (and the same file's functions it calls), where
 * the values reaching the sink of a finding come from. Null when the language or class is not
 * covered.
 */
interface Run {
  ip: Interp;
  /** Why the run cannot be trusted, or null. */
  failed: string | null;
}

const CALLBACK_KINDS = new Set([
  'arrow_function',
  'function_expression',
  'generator_function',
  'function',
  'lambda',
  'lambda_expression',
]);

/**
 * The function to run for a node: the nearest one, or, when that is a callback passed to a
 * call inside another function, the function around it (the callback sees its variables).
 */
const enclosingFunction = (n: Node): Node | null => {
  const fns = ancestors(n).filter((a) => FUNCTION_KINDS.has(a.kind()));
  let i = 0;
  while (
    i + 1 < fns.length &&
    CALLBACK_KINDS.has(fns[i]!.kind()) &&
    /^(arguments|argument_list)$/.test(fns[i]!.parent()?.kind() ?? '')
  )
    i++;
  return fns[i] ?? null;
};

/**
 * Runs the function enclosing `sink` (or the module) with its parameters' values, recording the
 * values of `args` each time execution reaches the sink. `callerDepth` bounds the following of
 * same-file callers for parameters (CALLER_LEVELS levels).
 */
const runTo = (
  root: Node,
  lang: FlowLanguage,
  cls: string,
  sink: Node,
  args: Node[],
  expression: boolean,
  callerDepth: number,
  perArg = false,
  imports?: Interp['importedFunction'],
  reached: ReadonlySet<number> = new Set(),
): Run => {
  const facts = fileFacts(root, lang);
  const fn = enclosingFunction(sink);
  const ip: Interp = {
    lang,
    family: FAMILY[lang],
    cls,
    root,
    sink,
    sinkArgs: args,
    sinkIsExpression: expression,
    hits: [],
    argHits: perArg ? [] : undefined,
    notes: [],
    deadSink: null,
    unsupported: null,
    returns: [],
    functions: facts.functions,
    globals: withOuterConstants(facts.globals, fn, lang),
    imported: facts.imported,
    depth: 0,
    budget: { left: BUDGET },
    visitingGlobals: new Set(),
    exits: [],
    modules: facts.modules,
    proto: cls === 'prototype-pollution' ? protoSink(root, sink, fn) : null,
    importedFunction: imports,
    selfCalls: cls === 'prototype-pollution' && fn ? { fn, args: [] } : undefined,
  };
  // The fields of the class around: judged where it assigns or checks them (one level).
  if (fn && callerDepth === 0) {
    const known = new Map<string, Val | null>();
    const valueAt = (n: Node): Val | null => {
      const run = runTo(root, lang, cls, n, [n], true, 1, false, imports);
      return run.failed || run.ip.hits.length === 0
        ? null
        : joinAll(run.ip.hits, clean(step(lineOf(n), 'constant', n.text())));
    };
    ip.fieldValue = (field) => {
      if (!known.has(field)) known.set(field, classFieldValue(fn, field, valueAt));
      return known.get(field)!;
    };
  }
  try {
    if (fn) {
      const name = functionName(fn);
      // Each caller runs once for all the parameters it passes (not once per parameter).
      const siteRuns = new Map<number, Run>();
      const callers: CallerValue = (index) =>
        callerDepth >= CALLER_LEVELS
          ? null
          : callerValue(root, lang, cls, fn, name, index, siteRuns, imports, callerDepth + 1);
      const env = paramValues(
        fn,
        lang,
        name,
        callers,
        cls,
        cls === 'prototype-pollution' ? root.text() : '',
      );
      // The objects the caller passes are where a walk starts: plain until it descends; a
      // parameter the function's own recursive call may pass Object.prototype may be it.
      const params = paramsOf(fn);
      if (cls === 'prototype-pollution')
        for (const [k, v] of env) {
          if (k === 'arguments') continue;
          const i = params.findIndex((p) => p.name === k);
          env.set(
            k,
            reached.has(i)
              ? withStep(
                  { ...v, protoReach: true },
                  step(
                    lineOf(fn),
                    'parameter',
                    `${k}: its own recursive call may pass Object.prototype`,
                  ),
                )
              : { ...v, plain: true },
          );
        }
      const body = fn.field('body');
      if (!body) return { ip, failed: 'the enclosing function has no body' };
      if (body.kind() === 'block' || body.kind() === 'statement_block') execBlock(ip, body, env);
      else ev(ip, body, env);
      // A recursive walk: run again with the parameters its self-calls may hand Object.prototype.
      const more = new Set(reached);
      for (const args of ip.selfCalls?.args ?? [])
        args.forEach((a, i) => {
          if (a.protoReach && i < params.length) more.add(i);
        });
      if (more.size > reached.size)
        return runTo(root, lang, cls, sink, args, expression, callerDepth, perArg, imports, more);
    } else {
      if (lang === 'java') return { ip, failed: 'the sink is outside a method' };
      execBlock(ip, root, new Map());
    }
  } catch (e) {
    if (e instanceof TooLong) return { ip, failed: e.message };
    throw e;
  }
  return { ip, failed: ip.unsupported };
};

/** True when nothing outside the file can call `fn` (private, underscore-named, not exported). */
const filePrivate = (fn: Node, lang: FlowLanguage, name: string, text: string): boolean => {
  if (lang === 'python') return name.startsWith('_') && !name.startsWith('__');
  // Go: any file of the package may call a function.
  if (lang === 'go') return false;
  if (lang === 'java')
    return /\bprivate\b/.test(
      named(fn)
        .find((c) => c.kind() === 'modifiers')
        ?.text() ?? '',
    );
  const holder =
    fn.kind() === 'function_declaration' ? fn.parent() : fn.parent()?.parent()?.parent();
  if (holder?.kind() === 'export_statement') return false;
  const esc = name.replace(/[$]/g, '\\$');
  return !new RegExp(
    // module.exports = name, = { name }, .name = name; exports.name; export { name }
    `\\bexports\\.${esc}\\b|module\\.exports\\s*=\\s*\\{[^}]*\\b${esc}\\b|module\\.exports\\b[^;\\n]*\\b${esc}\\b|export\\s*\\{[^}]*\\b${esc}\\b|export\\s+default\\s+${esc}\\b`,
  ).test(text);
};

/**
 * The value the same file's calls pass to parameter `index` of `fn`: outside input when one of
 * them passes it; clean only when every call passes a clean value and nothing outside the file
 * can call `fn`; else null (not decided here). `siteRuns` keeps each call site's run, which
 * records every argument, for the other parameters.
 */
const callerValue = (
  root: Node,
  lang: FlowLanguage,
  cls: string,
  fn: Node,
  name: string,
  index: number,
  siteRuns: Map<number, Run>,
  imports: Interp['importedFunction'],
  depth: number,
): Val | null => {
  if (index < 0 || name.includes(' ')) return null;
  const selfParam = paramsOf(fn)[0]?.name;
  const offset = lang === 'python' && (selfParam === 'self' || selfParam === 'cls') ? 1 : 0;
  const sites: Node[] = [];
  for (const list of sitesOf(root, lang).values())
    for (const n of list) {
      const c = calleeOf(n);
      if (!c || c.name !== name) continue;
      if (c.receiver && !/^(self|this|cls)$/.test(c.receiver.text())) continue;
      sites.push(n);
    }
  if (sites.length === 0 || sites.length > 8) return null;
  const vals: Val[] = [];
  for (const site of sites) {
    const args = calleeOf(site)!.args;
    const arg = args[index - offset];
    if (!arg || arg.kind() === 'keyword_argument') return null;
    const caller = enclosingFunction(site);
    if (caller && within(caller, fn)) return null;
    const at = site.range().start.index;
    let run = siteRuns.get(at);
    if (!run)
      siteRuns.set(at, (run = runTo(root, lang, cls, site, args, false, depth, true, imports)));
    const hits = (run.ip.argHits ?? []).map((vals) => vals[index - offset]!);
    if (run.failed || hits.length === 0) return null;
    const v = joinAll(hits, clean(step(lineOf(site), 'constant', site.text())));
    vals.push({
      level: v.level,
      steps: [...v.steps, step(lineOf(site), 'call', site.text())],
      ...(v.shellQuoted ? { shellQuoted: true } : {}),
    });
  }
  const v = joinAll(vals, clean(step(lineOf(fn), 'constant', name)));
  if (v.level === INPUT) return v;
  if (v.level === CLEAN && filePrivate(fn, lang, name, root.text())) return v;
  return null;
};

/**
 * A function nested in another (`const unflat = (o) => {…}` inside `unflatten`) reads the
 * `const` declarations of the functions around it like globals: bound once, before it runs.
 */
const withOuterConstants = (
  globals: Map<string, Node | null>,
  fn: Node | null,
  lang: FlowLanguage,
): Map<string, Node | null> => {
  if (!fn || lang === 'python' || lang === 'java' || lang === 'go') return globals;
  let out: Map<string, Node | null> | null = null;
  for (const outer of ancestors(fn)
    .filter((a) => a !== fn && FUNCTION_KINDS.has(a.kind()))
    .reverse()) {
    const body = outer.field('body');
    if (body?.kind() !== 'statement_block') continue;
    // A const the function changes in place (`BLOCKED.clear()`, `list.length = 0`) is not read;
    // its parameters and other variables are not known either, but still hide a module's names.
    const changed = reassignedNames(outer);
    const set = (name: string, value: Node | null) =>
      (out ??= new Map(globals)).set(name, changed.has(name) ? null : value);
    for (const p of paramsOf(outer)) set(p.name, null);
    for (const st of named(body)) {
      if (st.kind() !== 'lexical_declaration' && st.kind() !== 'variable_declaration') continue;
      const isConst = st.text().startsWith('const');
      for (const d of named(st).filter((c) => c.kind() === 'variable_declarator')) {
        const name = d.field('name');
        if (name?.kind() === 'identifier') set(name.text(), isConst ? d.field('value') : null);
      }
    }
  }
  return out ?? globals;
};

/**
 * Why a file API keeps the name it is given under a root, or null: Express's `res.sendFile(name,
 * { root })` / `res.download(name, [filename,] { root })`, whose send module refuses a path that
 * leaves root, when the root is not read from the request. (Flask's `send_from_directory` is
 * judged by its directory already: its name goes through safe_join.)
 */
const rootedFileApi = (lang: FlowLanguage, sink: Node): string | null => {
  const c = calleeOf(sink);
  if (!c || FAMILY[lang] !== 'javascript' || !/^(sendFile|download)$/.test(c.name)) return null;
  const root = c.args
    .slice(1, 3)
    .filter((a) => a.kind() === 'object')
    .flatMap((o) => named(o))
    .find((p) => p.kind() === 'pair' && p.field('key')?.text() === 'root')
    ?.field('value');
  if (!root || /\b(req|request|ctx)\b/.test(root.text())) return null;
  // The file system's root keeps nothing in; a root made of the function's own values (its
  // parameters, its locals: the name's folder) moves with what the caller sends.
  if (/^(['"`])[/\\]*\1$/.test(root.text())) return null;
  let fn: Node | null = sink.parent();
  while (fn && !/function|arrow_function|method_definition/.test(fn.kind())) fn = fn.parent();
  if (fn) {
    const own = fn.text();
    const params = fn.field('parameters')?.text() ?? fn.field('parameter')?.text() ?? '';
    const ids = root.findAll({ rule: { kind: 'identifier' } }).map((i) => i.text());
    if (
      ids.some(
        (id) =>
          new RegExp(`(^|[^\\w$])${escapeRe(id)}($|[^\\w$])`).test(params) ||
          new RegExp(`\\b(const|let|var)\\s+(\\{[^}]*)?\\b${escapeRe(id)}\\b`).test(own),
      )
    )
      return null;
  }
  return `${c.name} is given a root (${root.text()}), under which it refuses a path that leaves it`;
};

export const reconstructFlow = (q: FlowQuery): FlowResult | null => {
  const lang = flowLanguageOf(q.uri);
  const xml = q.cls === 'xxe' && (lang === 'java' || lang === 'python');
  if (!lang || (!FLOW_CLASSES.has(q.cls) && !xml)) return null;
  let root: Node;
  try {
    root = parsed(q.uri, lang, q.text);
  } catch {
    return xml ? null : undecided('the file does not parse');
  }
  // XXE is decided by how the parser is configured, not by where its input comes from.
  if (xml)
    return lang === 'java'
      ? xmlParserConfiguration(root, q.line)
      : (lxmlParserConfiguration(root, q.line) ?? defusedStdlibImport(root, q.line));
  const found = findSink(root, lang, q);
  if (!found) return undecided('no sink call of this class at the reported line');
  // A YAML load given a loader or schema that builds no objects is safe whatever it reads.
  const loader = q.cls === 'deserialization' ? safeLoaderOption(lang, found.sink) : null;
  if (loader)
    return {
      outcome: 'no-source',
      sanitized: true,
      reason: `the loader is given ${loader}, which builds plain data only`,
      path: [
        step(lineOf(found.sink), 'sanitizer', loader),
        step(lineOf(found.sink), 'sink', found.sink.text()),
      ],
    };
  // A Java stream given a look-ahead allow-list before it reads.
  const filter = q.cls === 'deserialization' ? objectInputFilter(lang, found.sink) : null;
  if (filter)
    return {
      outcome: 'no-source',
      sanitized: true,
      reason: `the stream refuses classes it does not allow before it reads (${filter})`,
      path: [
        step(lineOf(found.sink), 'sanitizer', filter),
        step(lineOf(found.sink), 'sink', found.sink.text()),
      ],
    };
  // A dangerous load or eval the caller (or the operator) must opt into explicitly.
  const gate = optInGate(lang, q.cls, found.sink);
  if (gate)
    return {
      outcome: 'no-source',
      sanitized: true,
      reason: gate.reason,
      path: [
        step(gate.line, 'sanitizer', `if ${gate.code}: raise`),
        step(lineOf(found.sink), 'sink', found.sink.text()),
      ],
    };
  // An argument vector whose values all come after `--`: operands, never options.
  const operands =
    q.cls === 'command-injection' ? operandsAfterEndOfOptions(lang, found.sink) : null;
  if (operands)
    return {
      outcome: 'no-source',
      sanitized: true,
      reason: operands,
      path: [
        step(lineOf(found.sink), 'sanitizer', '--'),
        step(lineOf(found.sink), 'sink', found.sink.text()),
      ],
    };
  // File APIs that keep the name under a root themselves.
  const rooted = q.cls === 'path-traversal' ? rootedFileApi(lang, found.sink) : null;
  if (rooted)
    return {
      outcome: 'no-source',
      sanitized: true,
      reason: rooted,
      path: [step(lineOf(found.sink), 'sanitizer', found.sink.text())],
    };
  // A Java file object built only to be compared with its base opens nothing.
  const compared =
    q.cls === 'path-traversal' && lang === 'java' ? onlyComparedWithBase(found.sink) : null;
  if (compared)
    return {
      outcome: 'no-source',
      sanitized: true,
      reason: compared,
      path: [
        step(lineOf(found.sink), 'sanitizer', compared),
        step(lineOf(found.sink), 'sink', found.sink.text()),
      ],
    };
  // Archive extraction: the members' names, not the destination, decide.
  const archive =
    lang === 'python' && q.cls === 'path-traversal' ? archiveExtraction(root, found.sink) : null;
  if (archive) return archive;
  if (!found.uses?.length) {
    const r = judge(root, lang, q, found);
    return q.cls === 'command-injection' ? withStdin(root, lang, q, found, r) : r;
  }
  // A path built on the reported line is judged where it is used: the worst of those sinks.
  const rank = { input: 3, undecided: 2, local: 1, 'no-source': 0 } as const;
  let worst: FlowResult | null = null;
  for (const use of found.uses) {
    const r = judge(root, lang, q, use);
    if (!worst || rank[r.outcome] > rank[worst.outcome]) worst = r;
  }
  return worst;
};

type Sink = { sink: Node; args: Node[]; callee: string; expression: boolean; uses?: Sink[] };

/**
 * A shell given a constant script that also reads data on its standard input (`stdin=f`,
 * `input=data`, `child.stdin.end(data)`, `cmd.Stdin = r`): the script can expand that data
 * unquoted (`im=$(cat); open $im`), so "only constants reach the sink" does not hold. Each feed
 * is evaluated where the code writes it; a feed that is not a constant leaves the flow undecided.
 */
const withStdin = (
  root: Node,
  lang: FlowLanguage,
  q: FlowQuery,
  found: Sink,
  r: FlowResult,
): FlowResult => {
  if (r.outcome !== 'no-source' && r.outcome !== 'local') return r;
  const feed = stdinFeed(lang, found.sink);
  if (!feed) return r;
  const sinkStep = r.path[r.path.length - 1] ?? step(lineOf(found.sink), 'sink', found.sink.text());
  const before = r.path.slice(0, -1);
  const because = (why: string, at: Node, extra: PathStep[] = []): FlowResult => ({
    outcome: 'undecided',
    sanitized: false,
    reason: `the shell also reads data on its standard input (${feed.how}: ${why}): a constant script can read it ($(cat), read, xargs) and expand it unquoted`,
    path: [
      ...[...before, ...extra].sort((a, b) => a.line - b.line).slice(-10),
      step(lineOf(at), 'unknown', `${at.text()} (data on the shell's standard input)`),
      sinkStep,
    ],
    notConstant: true,
  });
  if (feed.opaque) return because(feed.opaque, found.sink);
  for (const node of feed.nodes) {
    const { ip, failed } = runTo(
      root,
      lang,
      q.cls,
      node,
      [node],
      true,
      0,
      false,
      importsOf(root, lang, q),
    );
    if (failed || ip.hits.length === 0) return because(`${node.text()} is not followed`, node);
    const v = joinAll(ip.hits, clean(step(lineOf(node), 'constant', node.text())));
    if (v.level !== CLEAN)
      return because(
        `${node.text()} is not a constant`,
        node,
        v.steps.filter((s) => s.line > 0),
      );
  }
  return r;
};

/** The functions the file imports from the other files of the project in view. */
const importsOf = (root: Node, lang: FlowLanguage, q: FlowQuery): Interp['importedFunction'] =>
  q.files ? importedFunctions(root, lang, q.uri, q.files, fileFacts) : undefined;

const judge = (root: Node, lang: FlowLanguage, q: FlowQuery, found: Sink): FlowResult => {
  const sinkStep = step(lineOf(found.sink), 'sink', found.sink.text());
  const { ip, failed } = runTo(
    root,
    lang,
    q.cls,
    found.sink,
    found.args,
    found.expression,
    0,
    false,
    importsOf(root, lang, q),
  );
  if (failed) return undecided(failed);
  if (ip.hits.length === 0) {
    if (ip.deadSink)
      return {
        outcome: 'no-source',
        sanitized: false,
        reason: 'the sink is in a branch that never runs',
        path: [ip.deadSink, sinkStep],
      };
    return undecided('the sink is not reached on a path the reconstruction follows');
  }
  const v: Val = joinAll(ip.hits, clean(sinkStep));
  const path = (extra: PathStep[]) => {
    const all = [...v.steps, ...extra.filter((s) => s.line <= sinkStep.line)].filter(
      (s) => s.line > 0,
    );
    const seen = new Set<string>();
    const out = all
      .sort((a, b) => a.line - b.line)
      .filter((s) => {
        const key = `${s.line}|${s.kind}|${s.code}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    return [...out.slice(-11), sinkStep];
  };
  // Values of an argument vector checked not to start with `-`: operands of a program that
  // runs no shell (the argument injection such a command is reported for cannot happen).
  const program =
    q.cls === 'command-injection' && v.level !== CLEAN && v.noDash
      ? argvProgram(lang, found.sink)
      : null;
  if (program)
    return {
      outcome: 'no-source',
      sanitized: true,
      reason: `${program} is run without a shell and every value not written in the code is checked not to start with "-", so it reads them as operands, never as options`,
      path: path([]),
    };
  if (v.level === INPUT)
    return {
      outcome: 'input',
      sanitized: false,
      reason: 'outside input reaches the sink',
      path: path([]),
    };
  if (v.level === LOCAL)
    return {
      outcome: 'local',
      sanitized: false,
      reason: 'only the environment or the command line reaches the sink',
      path: path([]),
    };
  if (v.level === UNKNOWN)
    return {
      ...undecided(v.reason ?? 'a value of unknown origin reaches the sink', path([])),
      notConstant: true,
    };
  const kills = ip.notes.filter((s) => s.kind === 'kill' || s.kind === 'branch');
  const sanitized = v.steps.some((s) => s.kind === 'sanitizer');
  return {
    outcome: 'no-source',
    sanitized,
    reason: sanitized
      ? 'the value is sanitized for this sink on every path'
      : 'only constants reach the sink',
    path: path(v.level === CLEAN ? kills : []),
  };
};
