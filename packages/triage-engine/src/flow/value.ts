/**
 * The abstract values of the flow reconstruction: how far a value can be controlled from
 * outside, the constant it folds to when known, the elements of containers built with constant
 * keys or indexes, and the steps that made it so.
 */

/** Ordered: a join keeps the highest. */
export const CLEAN = 0;
export const LOCAL = 1;
export const UNKNOWN = 2;
export const INPUT = 3;
export type Level = typeof CLEAN | typeof LOCAL | typeof UNKNOWN | typeof INPUT;

export type StepKind =
  | 'source'
  | 'local-source'
  | 'parameter'
  | 'constant'
  | 'assign'
  | 'propagate'
  | 'container'
  | 'branch'
  | 'kill'
  | 'sanitizer'
  | 'call'
  | 'unknown'
  | 'sink';

/** One step of a reconstructed path. */
export interface PathStep {
  line: number;
  kind: StepKind;
  /** The code of the step, on one line, shortened. */
  code: string;
}

export type Const = string | number | boolean | null;

export interface Val {
  level: Level;
  steps: readonly PathStep[];
  /** The constant the value folds to, when known. */
  value?: Const;
  /** Elements by constant index (lists, arrays) when the order is known. */
  elems?: Val[];
  /** Entries by constant key (dicts, maps, objects). */
  keys?: Map<string, Val>;
  /** Why the level is UNKNOWN. */
  reason?: string;
  /**
   * Constant strings the value is known not to equal, learnt from the guards it passed (a key
   * compared with `'__proto__'` and found different). Read by the prototype-pollution sink.
   */
  excluded?: ReadonlySet<string>;
  /**
   * Constant strings no element of the value (a list) equals, learnt from a filter or a check of
   * every element (`keys.filter(isSafe)`, `if (keys.some(bad)) throw`). Unlike `excluded`, which
   * is about the value itself: `path !== '__proto__'` says nothing of `path[0]` when `path` may be
   * an array. Reading an element gives a value `excluded` from these.
   */
  elemExcluded?: ReadonlySet<string>;
  /**
   * Constant strings the value is known not to contain, learnt from a guard that refuses any
   * value holding them (`if (path.includes('__proto__')) throw …`): no piece split off it is one.
   */
  lacks?: ReadonlySet<string>;
  /** Constant strings no element of the value contains (`keys.some((k) => RE.test(k))` false). */
  elemLacks?: ReadonlySet<string>;
  /** An object without Object.prototype in its chain (`Object.create(null)`, a Map). */
  noProto?: boolean;
  /**
   * A path normalised (`path.resolve`, `realpath`, `os.path.realpath`, `filepath.Clean`,
   * `getCanonicalPath` …): no `..` segment is left in it. The names it was built from.
   */
  normalized?: readonly string[];
  /** The result of `path.relative(base, target)` / `filepath.Rel`: the names of the target. */
  relativeOf?: readonly string[];
  /** `JSON.stringify(x)`: a JavaScript literal, whatever `x` holds. */
  json?: boolean;
  /**
   * `"'" + s.replace(/'/g, "'\\''") + "'"`: one shell word in single quotes, its own quotes
   * escaped; safe where the shell is outside quotes, not inside a quote already open.
   */
  shellQuoted?: boolean;
  /** What `typeof` gives for the value, when known without its constant. */
  typeOf?: string;
  /**
   * Prototype pollution: an object reached without stepping into a function or a prototype (a
   * fresh literal, the object the caller passed, or a descent by a key kept from `__proto__` and
   * `constructor`, or by a number). Writing into it with a key kept from `__proto__` cannot reach
   * Object.prototype, however deep the walk that led to it.
   */
  plain?: boolean;
  /**
   * Prototype pollution: an object a walk may have reached by a key from outside input not kept
   * from `__proto__` (`o = o[key]`): it may be Object.prototype itself, so a write into it
   * pollutes whatever its key. Known of either side of a join.
   */
  protoReach?: boolean;
  /** A string known to start with `/` (`'/' + x`, or past `if (x.charAt(0) !== '/') …`). */
  rooted?: boolean;
  /**
   * A path string known to end with a separator (`base + path.sep`, `dst += "/"`, past
   * `strings.HasSuffix(dst, "/")`): a prefix check against it keeps out a sibling directory
   * sharing the base's name (`/srv/www-evil` against `/srv/www`).
   */
  sepEnded?: boolean;
  /** An iterator over the value's elements (`xs[Symbol.iterator]()`, a transpiled for…of). */
  iterates?: boolean;
  /**
   * `path.normalize` of a rooted path (or `path.resolve('/', x)`): it starts with `/` and holds
   * no `..` segment, so joined under any base it stays under that base.
   */
  contained?: boolean;
  /**
   * A string checked not to start with `-` (`if x.startswith("-"): raise`): given to a program
   * as one word of an argument vector, it is never read as an option.
   */
  noDash?: boolean;
}

/** A string starting with `/`: known so, or a constant that does. */
const rootedish = (v: Val): boolean =>
  Boolean(v.rooted) || (typeof v.value === 'string' && v.value.startsWith('/'));

/**
 * The value ends with a path separator, or is a constant that does (or is empty: a base checked
 * to be empty has no sibling to let through).
 */
export const sepEndedish = (v: Val): boolean =>
  Boolean(v.sepEnded) ||
  (typeof v.value === 'string' && (v.value === '' || /[/\\]$/.test(v.value)));

/** A primitive constant is never a function nor a prototype. */
const plainish = (v: Val): boolean =>
  Boolean(v.plain) || (v.value !== undefined && !v.keys && !v.elems);

/** The facts a value carries besides its level (kept by a join when both sides agree). */
const factsOf = (v: Val, proto = true): Partial<Val> => ({
  ...(v.excluded ? { excluded: v.excluded } : {}),
  ...(v.lacks ? { lacks: v.lacks } : {}),
  ...(v.elemExcluded ? { elemExcluded: v.elemExcluded } : {}),
  ...(v.elemLacks ? { elemLacks: v.elemLacks } : {}),
  ...(v.sepEnded ? { sepEnded: true } : {}),
  ...(proto && v.noProto ? { noProto: true } : {}),
  ...(v.normalized ? { normalized: v.normalized } : {}),
  ...(v.relativeOf ? { relativeOf: v.relativeOf } : {}),
  ...(v.json ? { json: true } : {}),
  ...(v.shellQuoted ? { shellQuoted: true } : {}),
  ...(proto && v.plain ? { plain: true } : {}),
  ...(v.protoReach ? { protoReach: true } : {}),
  ...(v.rooted ? { rooted: true } : {}),
  ...(v.contained ? { contained: true } : {}),
  ...(v.noDash ? { noDash: true } : {}),
});

const union = (a: readonly string[], b: readonly string[]): string[] => [...new Set([...a, ...b])];

/** A list written empty in the code (`[]`): it holds no element. */
const empty = (v: Val): boolean => v.level === CLEAN && v.elems?.length === 0;

type Refusal = 'excluded' | 'lacks' | 'elemExcluded' | 'elemLacks';

/**
 * The strings both values are known not to be (or hold) in `f`. What is said of each element
 * holds of a list known to hold none (`return []` joined with a checked list).
 */
const refusedByBoth = (a: Val, b: Val, f: Refusal): Set<string> | undefined => {
  const perElement = f === 'elemExcluded' || f === 'elemLacks';
  const x = a[f] ?? (perElement && empty(a) ? b[f] : undefined);
  const y = b[f] ?? (perElement && empty(b) ? a[f] : undefined);
  if (!x || !y) return undefined;
  const both = new Set([...x].filter((s) => y.has(s)));
  return both.size ? both : undefined;
};

/** Facts true of either value: both must hold them (the higher level's when levels differ). */
const joinFacts = (a: Val, b: Val): Partial<Val> => {
  const out: Partial<Val> = {};
  for (const f of ['excluded', 'lacks', 'elemExcluded', 'elemLacks'] as const) {
    const both = refusedByBoth(a, b, f);
    if (both) out[f] = both;
  }
  if (a.noProto && b.noProto) out.noProto = true;
  if (a.normalized && b.normalized) out.normalized = union(a.normalized, b.normalized);
  if (a.relativeOf && b.relativeOf) out.relativeOf = union(a.relativeOf, b.relativeOf);
  if (a.json && b.json) out.json = true;
  if (a.shellQuoted && b.shellQuoted) out.shellQuoted = true;
  if (plainish(a) && plainish(b) && (a.plain || b.plain)) out.plain = true;
  if (a.protoReach || b.protoReach) out.protoReach = true;
  if (rootedish(a) && rootedish(b)) out.rooted = true;
  if (a.contained && b.contained) out.contained = true;
  if (sepEndedish(a) && sepEndedish(b) && (a.sepEnded || b.sepEnded)) out.sepEnded = true;
  // A constant is written in the code: only the values that are not must be checked.
  if ((a.noDash || a.level === CLEAN) && (b.noDash || b.level === CLEAN) && (a.noDash || b.noDash))
    out.noDash = true;
  return out;
};

const MAX_STEPS = 14;

export const short = (code: string): string => {
  const one = code.replace(/\s+/g, ' ').trim();
  return one.length > 120 ? `${one.slice(0, 117)}...` : one;
};

export const step = (line: number, kind: StepKind, code: string): PathStep => ({
  line,
  kind,
  code: short(code),
});

/** `v` with one more step (the oldest steps give way past the limit). */
export const withStep = (v: Val, s: PathStep): Val => {
  const steps = [...v.steps, s];
  return { ...v, steps: steps.length > MAX_STEPS ? steps.slice(-MAX_STEPS) : steps };
};

export const constant = (value: Const, s: PathStep): Val => ({ level: CLEAN, steps: [s], value });
export const clean = (s: PathStep): Val => ({ level: CLEAN, steps: [s] });
export const unknown = (reason: string, s: PathStep): Val => ({
  level: UNKNOWN,
  steps: [s],
  reason,
});

const mergeSteps = (a: readonly PathStep[], b: readonly PathStep[]): PathStep[] => {
  const out = [...a];
  for (const s of b)
    if (!out.some((x) => x.line === s.line && x.kind === s.kind && x.code === s.code)) out.push(s);
  out.sort((x, y) => x.line - y.line);
  return out.length > MAX_STEPS ? out.slice(-MAX_STEPS) : out;
};

/**
 * The value that may be either: the higher level wins and brings its steps; equal levels merge
 * them. A constant survives only when both sides agree; container shapes are dropped.
 */
export const join = (a: Val, b: Val): Val => {
  if (a === b) return a;
  if (a.level !== b.level) {
    const hi = a.level > b.level ? a : b;
    // The lower side is cleaner: what is known of the higher one still bounds the value.
    return {
      level: hi.level,
      steps: hi.steps,
      ...(hi.reason ? { reason: hi.reason } : {}),
      ...factsOf(hi, false),
      ...(a.noProto && b.noProto ? { noProto: true } : {}),
      ...(plainish(a) && plainish(b) && (a.plain || b.plain) ? { plain: true } : {}),
      ...(a.protoReach || b.protoReach ? { protoReach: true } : {}),
    };
  }
  const out: Val = { level: a.level, steps: mergeSteps(a.steps, b.steps), ...joinFacts(a, b) };
  if (a.value !== undefined && a.value === b.value) out.value = a.value;
  if (a.reason ?? b.reason) out.reason = (a.reason ?? b.reason)!;
  return out;
};

export const joinAll = (vals: readonly Val[], fallback: Val): Val =>
  vals.length === 0 ? fallback : vals.reduce((x, y) => join(x, y));

/** The level of anything inside a container (its elements and entries joined). */
export const contents = (v: Val): Val => {
  if (!v.elems && !v.keys) {
    // An element of the value: not the value itself, so what is known of the whole does not
    // hold of it; what is known of every element does.
    if (!v.excluded && !v.elemExcluded && !v.elemLacks && !v.lacks) return v;
    const { excluded: _whole, elemExcluded, elemLacks, lacks: _l, ...rest } = v;
    return {
      ...rest,
      ...(elemExcluded ? { excluded: elemExcluded } : {}),
      ...(elemLacks ? { lacks: elemLacks } : {}),
    };
  }
  const parts = [...(v.elems ?? []), ...(v.keys?.values() ?? [])];
  // Any element, so no single constant (a lookup by an unknown key may also miss).
  const { level, steps, reason } = joinAll(parts, { level: CLEAN, steps: v.steps });
  return reason ? { level, steps, reason } : { level, steps };
};

export type Env = Map<string, Val>;

/** Joins two environments (null: the path cannot reach here). */
/** The mark left in an environment where a field was taken up from a read (`opts.branch`). */
export const fieldReadKey = (key: string): string => `\u0002${key}`;

export const joinEnv = (a: Env | null, b: Env | null): Env | null => {
  if (!a) return b;
  if (!b) return a;
  const out: Env = new Map(a);
  for (const [k, v] of b) {
    const x = a.get(k);
    out.set(k, x === v ? x : x ? join(x, v) : v);
  }
  // What is known of an element `o[k]` (keys starting with NUL) must hold on both paths; so
  // must what a check found of a field it read in place (marked by `fieldReadKey`): on the path
  // without it, the field is whatever it reads.
  for (const k of out.keys())
    if (
      !(a.has(k) && b.has(k)) &&
      (k.startsWith('\u0000') || k.startsWith('\u0003') || out.has(fieldReadKey(k)))
    )
      out.delete(k);
  return out;
};

export const sameEnv = (a: Env | null, b: Env | null): boolean => {
  if (a === b) return true;
  if (!a || !b || a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (
      !w ||
      w.level !== v.level ||
      w.value !== v.value ||
      w.excluded?.size !== v.excluded?.size ||
      Boolean(w.normalized) !== Boolean(v.normalized) ||
      Boolean(w.plain) !== Boolean(v.plain) ||
      Boolean(w.protoReach) !== Boolean(v.protoReach)
    )
      return false;
  }
  return true;
};
