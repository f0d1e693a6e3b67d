import { definitionOf, enclosingHeader } from './definitions.js';
import { exprKindOf } from './expressions.js';
import type { LanguageFamily } from './language.js';
import { operandsOf } from './operands.js';
import { numericConversionIn, sanitizerIn } from './sanitizers.js';
import { localSourceIn, remoteSourceIn } from './sources.js';
import { validatorFor } from './validators.js';

/** Where a value reaching the sink comes from, as far as the code around it tells. */
export type Origin =
  | { kind: 'constant'; detail: string }
  | { kind: 'sanitized'; detail: string }
  | { kind: 'numeric'; detail: string }
  | { kind: 'validated'; detail: string; strong: boolean }
  | { kind: 'remote'; detail: string }
  | { kind: 'local'; detail: string }
  | { kind: 'unknown'; detail: string };

/** Neutralized origins: the value cannot carry an attack for the class. */
export const NEUTRAL = new Set<Origin['kind']>(['constant', 'sanitized', 'numeric', 'validated']);

const NUMERIC_TYPE =
  /\b(int|long|short|byte|float|double|Integer|Long|Short|Double|Float|BigDecimal|BigInteger|UUID|uuid\.UUID|int64|int32|uint|uint64|float64|number|boolean|bool)\b/;

export interface OriginScope {
  lines: readonly string[] | null;
  line: number;
  lang: LanguageFamily | null;
  cls: string;
}

/** True when `text` starts by calling something `finder` recognizes (it wraps the whole value). */
const wraps = (text: string, found: string | null): boolean =>
  found !== null &&
  text
    .replace(/^\s*(await|new|return)\s+/, '')
    .trimStart()
    .startsWith(found.split('(')[0]!);

// Values fixed by the program: module and build locations.
const FIXED_VALUES =
  /^(__dirname|__filename|process\.cwd\(\)|import\.meta\.(url|dirname)|os\.path\.dirname\(\s*(os\.path\.abspath\()?__file__\s*\)?\s*\)|__file__)$/;
// Calls that only change a value's representation: look through them.
const TRANSPARENT =
  /^(str|String|String\.valueOf|Objects\.toString|fmt\.Sprint|bytes|string)\s*\(([\s\S]*)\)$/;
const TRANSPARENT_METHOD =
  /^([\w$]+(?:\.[\w$]+)*)\.(toString|trim|strip|lower|upper|toLowerCase|toUpperCase|encode|decode|toPath|toURI)\(\s*(?:['"][\w-]*['"])?\s*\)$/;
// Path builders join their arguments like a concatenation.
const PATH_BUILDER =
  /^(path\.(join|resolve)|os\.path\.join|filepath\.Join|path\.Join|Paths\.get|Path\.of|new\s+File|File)\s*\((?<args>[\s\S]*)\)$/;
// Reads of a file: its content is as fixed as its path.
const FILE_READ =
  /^(fs\.(readFileSync|promises\.readFile)|readFileSync|open|Path\([^)]*\)\.read_text|Files\.(readString|readAllBytes)|os\.ReadFile|ioutil\.ReadFile)\s*\((?<args>[\s\S]*)\)$/;

const splitArgs = (args: string): string[] => {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  let quote: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const ch = args[i]!;
    if (quote) {
      if (ch === '\\') i++;
      else if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (ch === ',' && depth === 0) {
      out.push(args.slice(from, i));
      from = i + 1;
    }
  }
  out.push(args.slice(from));
  return out.map((a) => a.trim()).filter((a) => a && !/^\w+\s*=[^=]/.test(a));
};

/** Array, list and tuple literals (`[a, b]`, `new String[] {a}`, `[]string{a}`): their elements. */
const elementsOf = (text: string): string[] | null => {
  const m =
    /^(?:new\s+[\w.]+\s*\[\s*\]\s*\{([\s\S]*)\}|\[\]\w+\s*\{([\s\S]*)\}|\[([\s\S]*)\]|\(([\s\S]*,[\s\S]*)\))$/.exec(
      text,
    );
  if (!m) return null;
  return splitArgs(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
};

/** The origin of one operand (an expression), following names to their definitions. */
export const originOf = (expr: string, scope: OriginScope, depth = 0): Origin => {
  const { lang, cls } = scope;
  const text = expr
    .trim()
    .replace(/^(await|new)\s+(?=[\w$])/, (m) => (m.startsWith('new') ? m : ''));
  if (depth > 5) return { kind: 'unknown', detail: text };
  if (FIXED_VALUES.test(text)) return { kind: 'constant', detail: text };
  const san = sanitizerIn(text, cls, lang);
  if (san && wraps(text, san)) return { kind: 'sanitized', detail: san };
  const num = numericConversionIn(text, cls, lang);
  if (num && wraps(text, num)) return { kind: 'numeric', detail: num };
  const inner = TRANSPARENT.exec(text) ?? TRANSPARENT_METHOD.exec(text);
  if (inner) return originOf(TRANSPARENT.test(text) ? inner[2]! : inner[1]!, scope, depth + 1);
  const elements = elementsOf(text);
  if (elements) return combine(elements.map((e) => originOf(e, scope, depth + 1)));
  const built = PATH_BUILDER.exec(text);
  if (built)
    return combine(splitArgs(built.groups?.args ?? '').map((a) => originOf(a, scope, depth + 1)));
  const read = FILE_READ.exec(text);
  if (read) {
    const path = originOf(splitArgs(read.groups?.args ?? '')[0] ?? '', scope, depth + 1);
    if (path.kind === 'constant')
      return { kind: 'constant', detail: 'the content of a file at a fixed path' };
  }
  const kind = exprKindOf(text, lang);
  if (kind === 'built') {
    const operands = operandsOf(text, lang);
    if (operands.length > 1 || operands[0] !== text)
      return combine(operands.map((o) => originOf(o, scope, depth + 1)));
  }
  const remote = remoteSourceIn(text, lang);
  if (remote) return { kind: 'remote', detail: remote };
  const local = localSourceIn(text, lang);
  if (local) return { kind: 'local', detail: local };
  if (kind === 'literal' || kind === 'empty') return { kind: 'constant', detail: 'a literal' };
  if (kind !== 'identifier' || !scope.lines) return { kind: 'unknown', detail: text };
  return nameOrigin(text, scope, depth);
};

/** Follows a name (or a member of it) to its definition and the checks on the way. */
const nameOrigin = (text: string, scope: OriginScope, depth: number): Origin => {
  const { lang, cls } = scope;
  const lines = scope.lines!;
  const name = text.split(/\?\.|\./)[0]!;
  const def = definitionOf(name, lines, scope.line, lang);
  if (!def) return { kind: 'unknown', detail: name };
  // Checks count between the definition and the sink, inside the sink's function.
  const from = Math.max(def.line, enclosingHeader(lines, scope.line) ?? 0);
  const checked = validatorFor(name, lines.slice(from, scope.line - 1), cls);
  let origin: Origin;
  if (def.kind === 'parameter') {
    const decl = def.declaration;
    const typed = new RegExp(
      `(${NUMERIC_TYPE.source})\\s+${name}\\b|\\b${name}\\s*:\\s*(${NUMERIC_TYPE.source})|\\b${name}\\s+(${NUMERIC_TYPE.source})\\b`,
    );
    if (typed.test(decl)) origin = { kind: 'numeric', detail: `parameter ${name} is numeric` };
    else if (remoteSourceIn(decl, lang))
      origin = { kind: 'remote', detail: `request-bound parameter ${name}` };
    else origin = { kind: 'unknown', detail: `parameter ${name}` };
  } else if (text !== name) {
    // A member of a defined object (`opts.path`): only a remote, local or constant object tells.
    const inner = originOf(def.rhs, { ...scope, line: def.line }, depth + 1);
    origin =
      inner.kind === 'remote' || inner.kind === 'local' || inner.kind === 'constant'
        ? inner
        : { kind: 'unknown', detail: text };
  } else origin = originOf(def.rhs, { ...scope, line: def.line }, depth + 1);
  if (checked && !NEUTRAL.has(origin.kind))
    return { kind: 'validated', detail: `${checked.what} of ${name}`, strong: checked.strong };
  return origin;
};

/** Several operands: any remote input wins, all neutral is neutral, else the weakest. */
export const combine = (origins: Origin[]): Origin => {
  if (origins.length === 0) return { kind: 'constant', detail: 'no value' };
  const remote = origins.find((o) => o.kind === 'remote');
  if (remote) return remote;
  const unknown = origins.find((o) => o.kind === 'unknown');
  if (unknown) return unknown;
  const local = origins.find((o) => o.kind === 'local');
  if (local) return local;
  const order: Origin['kind'][] = ['sanitized', 'numeric', 'validated', 'constant'];
  for (const k of order) {
    const o = origins.find((x) => x.kind === k);
    if (o) return o;
  }
  return origins[0]!;
};
