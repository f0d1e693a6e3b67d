import { codemodsFor, languageOf } from '@remediation/codemods';
import type { VulnerabilityClass } from './catalog/classes.js';
import { codeContext, type CodeContext } from './code/context.js';
import { CURVE, REPUTATION_RATES, WONT_FIX_CONFIDENCE } from './scoring/calibration.js';
import { decide, UNCERTAIN_BELOW } from './scoring/decide.js';
import { WEIGHTS } from './scoring/weights.js';
import { belowMinimum, excludedBy } from './settings.js';
import { baseSeverity, shiftSeverity, severityRank } from './severity.js';
import { debugSignals, tlsSignals } from './signals/config.js';
import { flowSignals, tierEvidence } from './signals/flows.js';
import { reconstructedFlowSignals } from './signals/reconstructed.js';
import { hashSignals, randomSignals } from './signals/look-alikes.js';
import { nonProduction } from './signals/non-production.js';
import { ruleKnowledge } from './signals/rule-knowledge.js';
import { secretSignals } from './signals/secrets.js';
import { NEUTRALIZING, sinkSignals } from './signals/taint.js';
import { toolConfidence } from './signals/tool-confidence.js';
import { justify } from './justification.js';
import type {
  Evidence,
  TriageOptions,
  Severity,
  SourceView,
  TriageFinding,
  TriageSettings,
  Verdict,
} from './types.js';

// Flow-based scanners say where the value came from in the message (CodeQL: "depends on a
// [user-provided value](1)"; Snyk Code: "Unsanitized input from the HTTP request body flows
// into ..."). Pattern scanners' messages describe the rule, so they are not read.
const REMOTE_MESSAGE =
  /user-provided value|remote user input|unsanitized input from (the|an?) (HTTP|request|URL|cookie|header)/i;
const LOCAL_MESSAGE =
  /command-line argument|environment variable|local user input|local user-provided value/i;
const TRACES_IN_MESSAGE = /codeql|lgtm|snyk/i;

// Origins read from the text at the sink; superseded by a decided flow reconstruction.
const TEXTUAL_ORIGIN = new Set([
  'literal_argument',
  'constant_value',
  'sanitizer',
  'numeric_value',
  'remote_source',
  'local_source',
  'built_from_input',
]);

/** Signals from the code and the flows, chosen by the kind of class. */
const classSignals = (
  finding: TriageFinding,
  ctx: CodeContext,
  cls: VulnerabilityClass,
): Evidence[] => {
  if (cls.kind === 'taint') {
    const reconstructed = reconstructedFlowSignals(finding, ctx, cls.id);
    // A decided reconstruction replaces the textual reading of the value's origin at the sink.
    const sink = reconstructed.decided
      ? sinkSignals(ctx, cls.id).filter(
          (e) =>
            !TEXTUAL_ORIGIN.has(e.signal) ||
            // a literal at the sink agrees with a flow that found no input (and says why)
            (e.signal === 'literal_argument' &&
              reconstructed.result?.outcome === 'no-source' &&
              !reconstructed.result.sanitized),
        )
      : cls.id === 'prototype-pollution'
        ? // What a computed write stores says nothing of where its key leads (`o[k] = []` on
          // Object.prototype pollutes as well as any value): the text's origin readings are out.
          sinkSignals(ctx, cls.id).filter((e) => !TEXTUAL_ORIGIN.has(e.signal))
        : reconstructed.result?.notConstant
          ? // The syntax tree shows a non-constant value at the sink: the textual reading's
            // "only literals" / "a constant" is wrong there (a quote or bracket inside a string,
            // a literal array holding variables), whatever else stays undecided.
            sinkSignals(ctx, cls.id).filter(
              (e) => e.signal !== 'literal_argument' && e.signal !== 'constant_value',
            )
          : sinkSignals(ctx, cls.id);
    // HTML escaping found on the path does not protect a URL attribute.
    const wrongContext = sink.some((e) => e.signal === 'sanitizer_wrong_context');
    const out = [
      tierEvidence(finding.dataflowTier),
      ...reconstructed.evidence.filter(
        (e) => !(wrongContext && e.signal === 'flow_reconstructed_sanitized'),
      ),
      ...sink,
      ...flowSignals(ctx, cls.id),
    ];
    if (
      TRACES_IN_MESSAGE.test(finding.tool) &&
      !out.some(
        (e) =>
          e.signal === 'remote_source' ||
          e.signal === 'local_source' ||
          e.signal.startsWith('flow_reconstructed'),
      )
    ) {
      if (LOCAL_MESSAGE.test(finding.message))
        out.push({
          signal: 'local_source',
          effect: 'false_positive',
          detail:
            'The scanner traced the value to a command-line argument or the environment, not a remote user.',
          weight: WEIGHTS.localSource,
        });
      else if (REMOTE_MESSAGE.test(finding.message))
        out.push({
          signal: 'remote_source',
          effect: 'true_positive',
          detail: 'The scanner traced the value to remote user input.',
          weight: WEIGHTS.remoteSource,
        });
    }
    // A neutralized value (at the sink or on every path) makes the remote start moot; one
    // remote-source signal is enough, whichever place saw it first.
    if (out.some((e) => NEUTRALIZING.has(e.signal) || e.signal === 'flow_sanitizer'))
      return out.filter((e) => e.signal !== 'remote_source');
    return out.filter(
      (e, i) =>
        e.signal !== 'remote_source' || out.findIndex((x) => x.signal === 'remote_source') === i,
    );
  }
  if (cls.id === 'weak-hash') return hashSignals(ctx);
  if (cls.id === 'insecure-randomness') return randomSignals(ctx);
  if (cls.id === 'hardcoded-secret') return secretSignals(ctx);
  if (cls.id === 'debug-enabled') return debugSignals(ctx);
  if (cls.id === 'tls-verification') return tlsSignals(ctx);
  return [];
};

const sourceEvidence = (
  source: SourceView,
  ctx: CodeContext,
  finding: TriageFinding,
): Evidence[] => {
  if (source.status === 'unavailable')
    return [
      {
        signal: 'source_unavailable',
        effect: 'neutral',
        detail: `The source could not be read (${source.reason}); judged from the SARIF alone${finding.snippet ? ' and its snippet' : ''}.`,
      },
    ];
  if (!ctx.lines && finding.location)
    return [
      {
        signal: 'file_unavailable',
        effect: 'neutral',
        detail: `The file was not readable at the commit; judged from the SARIF alone${finding.snippet ? ' and its snippet' : ''}.`,
      },
    ];
  return [];
};

const codemodAvailable = (finding: TriageFinding): boolean => {
  const language = finding.location ? languageOf(finding.location.uri) : null;
  return Boolean(
    finding.ruleId && language && codemodsFor(finding.tool, finding.ruleId, language).length > 0,
  );
};

const byInfluence = (a: Evidence, b: Evidence) => Math.abs(b.weight ?? 0) - Math.abs(a.weight ?? 0);

/**
 * Classifies one finding from its SARIF data, the code at the scanned commit and the
 * repository's settings. Pure and deterministic: the same inputs give the same verdict.
 */
export const triageFinding = (
  finding: TriageFinding,
  source: SourceView,
  settings: TriageSettings,
  options: TriageOptions = {},
): Verdict => {
  const ctx = codeContext(finding, source);
  const rule = ruleKnowledge(finding);
  const scored: Evidence[] = [
    ...rule.evidence,
    ...toolConfidence(finding),
    ...(rule.cls ? classSignals(finding, ctx, rule.cls) : []),
  ];
  const calibration = options.calibration ?? {
    curve: CURVE,
    wontFix: WONT_FIX_CONFIDENCE,
    reputationRates: REPUTATION_RATES,
  };
  const decision = decide(
    scored,
    settings.sensitivity,
    calibration.curve,
    calibration.reputationRates ?? null,
    rule.cls?.id,
  );

  const base = baseSeverity(finding, rule.cls);
  let severity: Severity = base.severity;
  const severityNotes: Evidence[] = [base.evidence];
  if (
    scored.some((e) => e.signal === 'local_source') &&
    !scored.some((e) => e.signal === 'remote_source')
  ) {
    severity = shiftSeverity(severity, -1);
    severityNotes.push({
      signal: 'severity_local_input',
      effect: 'severity',
      detail: `Lowered to ${severity}: only local input (environment, command line, configuration) reaches it.`,
    });
  }
  const npc = nonProduction(finding, ctx);
  if (npc && severityRank(severity) > severityRank('low')) {
    severity = 'low';
    severityNotes.push({
      signal: 'severity_non_production',
      effect: 'severity',
      detail: 'Lowered to low: the code is not production code.',
    });
  }

  const wontFix: { reason: string; evidence: Evidence } | null = finding.suppressed
    ? { reason: 'suppressed', evidence: suppressionEvidence(finding) }
    : finding.location && excludedBy(finding.location.uri, settings.excludedPaths)
      ? {
          reason: 'excluded_path',
          evidence: {
            signal: 'excluded_path',
            effect: 'wont_fix',
            detail: `Excluded by repository settings (excluded_paths ${excludedBy(finding.location.uri, settings.excludedPaths)}).`,
          },
        }
      : npc
        ? { reason: 'non_production_code', evidence: npc.evidence }
        : belowMinimum(severity, settings.minSeverity)
          ? {
              reason: 'below_min_severity',
              evidence: {
                signal: 'below_min_severity',
                effect: 'wont_fix',
                detail: `Severity ${severity} is below the repository's min_severity ${settings.minSeverity}.`,
              },
            }
          : null;

  const settingsEvidence: Evidence = {
    signal: 'settings',
    effect: 'neutral',
    detail: `Sensitivity ${settings.sensitivity}, min_severity ${settings.minSeverity}.`,
  };
  const evidence = [
    ...(wontFix ? [wontFix.evidence] : []),
    ...[...scored].sort(byInfluence),
    ...sourceEvidence(source, ctx, finding),
    ...severityNotes,
    settingsEvidence,
  ];
  const classification = wontFix
    ? 'WONT_FIX'
    : decision.falsePositive
      ? 'FALSE_POSITIVE'
      : 'TRUE_POSITIVE';
  const confidence = wontFix ? (calibration.wontFix[wontFix.reason] ?? 0.9) : decision.confidence;
  const verdict: Verdict = {
    classification,
    severity,
    confidence,
    justification: '',
    evidence,
    vulnerabilityClass: rule.cls?.id ?? null,
    cwe: rule.cwe,
    codemodAvailable: codemodAvailable(finding),
    uncertain: !wontFix && confidence < UNCERTAIN_BELOW,
    probabilityTrue: decision.probabilityTrue,
  };
  return { ...verdict, justification: justify(verdict, finding, rule.cls) };
};

const suppressionEvidence = (finding: TriageFinding): Evidence => {
  const s =
    finding.suppressions.find((x) => x.status !== 'rejected' && x.status !== 'underReview') ??
    finding.suppressions[0];
  const kind = s?.kind ?? 'unspecified';
  const why = s?.justification?.trim();
  return {
    signal: 'suppressed',
    effect: 'wont_fix',
    detail: `Suppressed in the SARIF (${kind}${s?.status ? `, ${s.status}` : ''})${why ? `: "${why.slice(0, 200)}"` : ' without a justification'}.`,
  };
};
