import { definitionOf } from './definitions.js';
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
  | { kind: 'validated'; detail: string }
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

/** The origin of one operand (an expression), following names to their definitions. */
export const originOf = (expr: string, scope: OriginScope, depth = 0): Origin => {
  const { lang, cls } = scope;
  const text = expr.trim();
  const san = sanitizerIn(text, cls, lang);
  if (san && wraps(text, san)) return { kind: 'sanitized', detail: san };
  const num = numericConversionIn(text, cls, lang);
  if (num && wraps(text, num)) return { kind: 'numeric', detail: num };
  const kind = exprKindOf(text, lang);
  if (kind === 'built' && depth < 4) {
    const operands = operandsOf(text, lang);
    if (operands.length > 1 || operands[0] !== text)
      return combine(operands.map((o) => originOf(o, scope, depth + 1)));
  }
  const remote = remoteSourceIn(text, lang);
  if (remote) return { kind: 'remote', detail: remote };
  const local = localSourceIn(text, lang);
  if (local) return { kind: 'local', detail: local };
  if (kind === 'literal' || kind === 'empty') return { kind: 'constant', detail: 'a literal' };
  if (kind !== 'identifier' || !scope.lines || depth >= 4) return { kind: 'unknown', detail: text };
  const name = text.split(/\?\.|\./)[0]!;
  const def = definitionOf(name, scope.lines, scope.line, lang);
  if (!def) return { kind: 'unknown', detail: name };
  const checked = validatorFor(name, scope.lines.slice(def.line, scope.line - 1), cls);
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
    // A member of a defined object (`opts.path`): only a remote or constant object is telling.
    const inner = originOf(def.rhs, { ...scope, line: def.line }, depth + 1);
    origin =
      inner.kind === 'remote' || inner.kind === 'local' ? inner : { kind: 'unknown', detail: text };
  } else origin = originOf(def.rhs, { ...scope, line: def.line }, depth + 1);
  if (checked && !NEUTRAL.has(origin.kind))
    return { kind: 'validated', detail: `${checked} of ${name}` };
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
