import type { CodeContext, FlowStep } from '../code/context.js';
import { exprKindOf } from '../code/expressions.js';
import { numericConversionIn, sanitizerIn } from '../code/sanitizers.js';
import { remoteSourceIn } from '../code/sources.js';
import { nonProductionPath } from '../paths/non-production.js';
import { WEIGHTS } from '../scoring/weights.js';
import type { DataflowTier, Evidence } from '../types.js';

const TIER_TEXT: Record<DataflowTier, string> = {
  STRONG_MULTI_FILE: 'a complete code flow across several files',
  STRONG_SINGLE_FILE: 'a complete code flow within one file',
  WEAK: 'a partial or low-confidence code flow',
  SINGLE_LOCATION: 'no code flow (a single location)',
};

/** The dataflow tier ingestion computed, as evidence for taint rules. */
export const tierEvidence = (tier: DataflowTier): Evidence => ({
  signal: 'dataflow_tier',
  effect: WEIGHTS.tier[tier] > 0 ? 'true_positive' : 'neutral',
  detail: `The scanner reports ${TIER_TEXT[tier]} (${tier}).`,
  weight: WEIGHTS.tier[tier],
});

const rhsOf = (code: string) => /(?::=|[^=!<>]=(?![=>]))\s*(.+?);?\s*$/.exec(code)?.[1] ?? null;

const literalStart = (step: FlowStep, lang: CodeContext['language']): boolean => {
  const label = step.message?.replace(/\s*:\s*[\w.<>[\]]+$/, '').trim();
  if (label && /^("[^"]*"|'[^']*'|`[^`$]*`|\d+(\.\d+)?)$/.test(label)) return true;
  const rhs = step.code ? rhsOf(step.code) : null;
  return rhs !== null && exprKindOf(rhs, lang) === 'literal';
};

const sanitizerOnPath = (steps: FlowStep[], cls: string, lang: CodeContext['language']) => {
  for (const step of steps.slice(1)) {
    const text = [step.code, step.message].filter(Boolean).join('\n');
    const found = sanitizerIn(text, cls, lang) ?? numericConversionIn(text, cls, lang);
    if (found) return found;
  }
  return null;
};

const isTestPath = (uri: string | null) => {
  const kind = uri ? nonProductionPath(uri)?.kind : undefined;
  return kind === 'test' || kind === 'fixture';
};

/**
 * Signals read along the code flows: a constant source, a sanitizer or numeric conversion on
 * every path, sources only in test code, a remote source at the start of a path. A signal that
 * says "safe" must hold for every flow; one unsanitized flow keeps the finding real.
 */
export const flowSignals = (ctx: CodeContext, cls: string): Evidence[] => {
  const flows = ctx.flows.filter((f) => f.length > 0);
  if (flows.length === 0) return [];
  const out: Evidence[] = [];
  const sinkUri = flows[0]!.at(-1)?.uri ?? null;
  if (!isTestPath(sinkUri) && flows.every((f) => isTestPath(f[0]!.uri)))
    out.push({
      signal: 'flow_only_from_test_code',
      effect: 'false_positive',
      detail: 'Every reported path starts in test code; no production input reaches the sink.',
      weight: WEIGHTS.flowTestOnly,
    });
  if (flows.every((f) => literalStart(f[0]!, ctx.language)))
    out.push({
      signal: 'flow_constant_source',
      effect: 'false_positive',
      detail: 'Every reported path starts at a literal value, not at external input.',
      weight: WEIGHTS.flowConstantSource,
    });
  const sanitizers = flows.map((f) => sanitizerOnPath(f, cls, ctx.language));
  if (sanitizers.every((s) => s !== null))
    out.push({
      signal: 'flow_sanitizer',
      effect: 'false_positive',
      detail: `Every reported path passes through ${[...new Set(sanitizers)].join(', ')}, which neutralizes input for this class.`,
      weight: WEIGHTS.flowSanitizer,
    });
  const remote = flows
    .map((f) =>
      remoteSourceIn([f[0]!.code, f[0]!.message].filter(Boolean).join('\n'), ctx.language),
    )
    .find((r) => r !== null);
  if (remote)
    out.push({
      signal: 'remote_source',
      effect: 'true_positive',
      detail: `The path starts at request input (${remote}).`,
      weight: WEIGHTS.remoteSource,
    });
  return out;
};
