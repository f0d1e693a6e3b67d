import { matchKey, rankedIdentity, toolIdentity } from './fingerprint.js';
import { genericRuleMetadata } from './handlers/generic.js';
import { handlerFor } from './handlers/registry.js';
import type { HandlerContext, RuleMetadata, ScannerHandler } from './handlers/types.js';
import { messageText } from './message.js';
import { RuleIndex, ruleIdOf } from './rules.js';
import type {
  Level,
  ReportingDescriptor,
  Result,
  Run,
  SarifLog,
  Suppression,
} from './sarif-types.js';
import type { DataflowTier, FindingProblem, Severity } from '@remediation/contracts';
import { severityFromLevel, severityFromScore } from './severity.js';
import { suppressed } from './suppression.js';
import { dataflowTier } from './tier.js';
import { checkoutRoot, resolveArtifactUri } from './uri.js';

export interface FindingLocation {
  uri: string;
  startLine: number | null;
  startColumn: number | null;
  endLine: number | null;
  endColumn: number | null;
}

export interface NormalizedFinding {
  fingerprint: string;
  ruleId: string | null;
  tool: string;
  category: string | null;
  message: string;
  location: FindingLocation | null;
  level: Level;
  severity: Severity;
  dataflowTier: DataflowTier;
  suppressed: boolean;
  fixable: boolean;
  problems: FindingProblem[];
  codeFlows: unknown[];
  relatedLocations: unknown[];
  properties: Record<string, unknown>;
  rule: RuleMetadata;
  /** The primary location's `region.snippet.text`, when the tool sent one that is not blank. */
  snippet: string | null;
  /** `result.suppressions` as sent (triage records their kind and justification). */
  suppressions: Suppression[];
  /** `result.fixes` as accepted: a tool's own proposed changes. */
  fixes: unknown[];
}

export interface RunSummary {
  tool: string;
  version: string | null;
  handler: string;
  category: string | null;
}

export interface NormalizedLog {
  findings: NormalizedFinding[];
  runs: RunSummary[];
  /** Results read, before skipping non-problems and collapsing duplicates. */
  results: number;
  /** Results that report no problem (`kind` pass, notApplicable, informational; `baselineState` absent). */
  skipped: number;
  /** Results that collapsed into an earlier finding with the same identity. */
  duplicates: number;
}

export interface NormalizeOptions {
  /** The repository checkout the scanner ran in (`checkout_uri`); absolute URIs under it become relative. */
  checkoutUri?: string | null;
}

const NOT_A_PROBLEM = new Set(['pass', 'notApplicable', 'informational']);

/**
 * GitHub's convention for `automationDetails.id`: the category is everything up to the last
 * `/` (`"codeql/js/2024-01-01"` → `"codeql/js"`); an id without `/` is the category itself.
 */
export const categoryOf = (run: Run): string | null => {
  const id = run.automationDetails?.id;
  if (!id) return null;
  const slash = id.lastIndexOf('/');
  return slash < 0 ? id : id.slice(0, slash) || null;
};

const logicalName = (result: Result): string | null => {
  const logical = result.locations?.[0]?.logicalLocations?.[0];
  return logical?.fullyQualifiedName ?? logical?.name ?? null;
};

const levelOf = (result: Result, rule: ReportingDescriptor | undefined): Level =>
  result.level ??
  rule?.defaultConfiguration?.level ??
  (result.kind && result.kind !== 'fail' ? 'none' : 'warning');

interface Pending {
  finding: Omit<NormalizedFinding, 'fingerprint'>;
  identity: string | undefined;
  key: string;
  position: string;
}

class RunNormalizer {
  private readonly rules: RuleIndex;
  private readonly metadata = new Map<ReportingDescriptor | string, RuleMetadata>();
  readonly summary: RunSummary;

  constructor(
    private readonly run: Run,
    private readonly handler: ScannerHandler,
    private readonly root: string | undefined,
  ) {
    this.rules = new RuleIndex(run);
    const driver = run.tool.driver;
    this.summary = {
      tool: driver.name,
      version: driver.semanticVersion ?? driver.version ?? null,
      handler: handler.id,
      category: categoryOf(run),
    };
  }

  private ruleMetadata(ctx: HandlerContext, ruleId: string | null): RuleMetadata {
    const cacheKey = ctx.rule ?? `${ctx.component.name}\u0000${ruleId ?? ''}`;
    let meta = this.metadata.get(cacheKey);
    if (!meta) {
      meta = genericRuleMetadata(ctx.rule, ctx.component, ruleId);
      if (ctx.rule && this.handler.rule) meta = this.handler.rule(ctx.rule, meta);
      this.metadata.set(cacheKey, meta);
    }
    return meta;
  }

  normalize(raw: Result): Pending {
    const result = this.handler.redact ? this.handler.redact(raw) : raw;
    const { rule, component } = this.rules.ruleOf(result);
    const ctx: HandlerContext = { run: this.run, result, rule, component };
    const ruleId = ruleIdOf(result, rule);
    const problems: FindingProblem[] = [];
    if (ruleId === null) problems.push('missing_rule_id');

    let location: FindingLocation | null = null;
    const physical = result.locations?.[0]?.physicalLocation;
    const resolved = physical?.artifactLocation
      ? resolveArtifactUri(this.run, physical.artifactLocation, this.root)
      : undefined;
    // The spec needs a file and a line to process a finding; a file alone is kept for display.
    if (!resolved || physical?.region?.startLine === undefined) problems.push('missing_location');
    if (resolved) {
      if (!resolved.ok) problems.push('invalid_uri');
      const region = physical?.region;
      location = {
        uri: resolved.ok ? resolved.path : resolved.raw,
        startLine: region?.startLine ?? null,
        startColumn: region?.startColumn ?? null,
        endLine: region?.endLine ?? region?.startLine ?? null,
        endColumn: region?.endColumn ?? null,
      };
    }

    const level = levelOf(result, rule);
    const meta = this.ruleMetadata(ctx, ruleId);
    const severity =
      severityFromScore(result.properties?.['security-severity']) ??
      severityFromScore(meta.security_severity ?? undefined) ??
      this.handler.severity?.(ctx) ??
      severityFromLevel(level);
    const lowConfidence = this.handler.lowConfidence?.(ctx) ?? meta.precision === 'low';
    const isSuppressed = suppressed(result.suppressions);
    const identityInput = {
      tool: this.summary.tool,
      category: this.summary.category,
      ruleId,
      path: location?.uri ?? null,
      logical: logicalName(result),
      ...(result.fingerprints
        ? {
            fingerprints: this.handler.fingerprints
              ? this.handler.fingerprints(result.fingerprints)
              : result.fingerprints,
          }
        : {}),
      ...(result.partialFingerprints ? { partialFingerprints: result.partialFingerprints } : {}),
    };
    const message = messageText(result.message, rule, component);
    if (message.trim() === '') problems.push('missing_message');
    // A blank snippet is none: Bandit 1.9.4 writes "\n" for a call that spans lines, and an
    // identity keyed on it would not tell that finding from any other of its rule in the file.
    const sent = physical?.region?.snippet?.text;
    const snippet = sent?.trim() ? sent : undefined;
    return {
      finding: {
        ruleId,
        tool: this.summary.tool,
        category: this.summary.category,
        message,
        location,
        level,
        severity,
        dataflowTier: dataflowTier(this.run, result.codeFlows, this.root, lowConfidence),
        suppressed: isSuppressed,
        fixable: problems.length === 0 && !isSuppressed,
        problems,
        codeFlows: result.codeFlows ?? [],
        relatedLocations: result.relatedLocations ?? [],
        properties: result.properties ?? {},
        rule: meta,
        snippet: snippet ?? null,
        suppressions: result.suppressions ?? [],
        fixes: result.fixes ?? [],
      },
      identity: toolIdentity(identityInput),
      key: matchKey(identityInput, snippet !== undefined ? { snippet } : { message }),
      // Position first (ranks follow the file's order), the message tells apart two findings
      // of one rule at one place (FxCop: two objects disposed twice on one line), the file two
      // findings at the same line of two files when a tool's fingerprint does not tell them
      // apart (one fingerprint for every result would otherwise collapse them as repeats).
      position: `${location?.startLine}:${location?.startColumn}:${location?.endLine}:${location?.endColumn}:${message}\u0000${location?.uri ?? ''}`,
    };
  }
}

/**
 * Ranks the distinct (position, message) pairs sharing one key in the order of (line, column),
 * so the n-th occurrence of the same rule and text in a file keeps its identity when lines
 * shift, and an exact repeat (same position and message) collapses into one finding. A tool's
 * own fingerprint is trusted as the identity of its first position only: some tools hash the
 * line's content (flawfinder's `contextHash`), so the same fingerprint at other positions are
 * other findings and get ranked identities.
 */
const assignRankedIdentities = (pending: Pending[]): string[] => {
  const keyOf = (p: Pending) => p.identity ?? p.key;
  const positions = new Map<string, Set<string>>();
  for (const p of pending) {
    let set = positions.get(keyOf(p));
    if (!set) positions.set(keyOf(p), (set = new Set()));
    set.add(p.position);
  }
  const ranks = new Map<string, Map<string, number>>();
  for (const [key, set] of positions) {
    const sorted = [...set].sort((a, b) => {
      const [al, ac] = a.split(':').map(Number);
      const [bl, bc] = b.split(':').map(Number);
      return (al ?? 0) - (bl ?? 0) || (ac ?? 0) - (bc ?? 0) || a.localeCompare(b);
    });
    ranks.set(key, new Map(sorted.map((pos, i) => [pos, i])));
  }
  return pending.map((p) => {
    const rank = ranks.get(keyOf(p))?.get(p.position) ?? 0;
    return p.identity !== undefined && rank === 0 ? p.identity : rankedIdentity(keyOf(p), rank);
  });
};

/**
 * Normalizes a schema-valid SARIF log into findings: every run through its scanner's handler,
 * locations made repository-relative, severity and dataflow tier set, identities computed and
 * duplicates inside the document collapsed (the first occurrence wins).
 */
export const normalizeLog = (log: SarifLog, options: NormalizeOptions = {}): NormalizedLog => {
  const root = checkoutRoot(options.checkoutUri);
  const pending: Pending[] = [];
  const runs: RunSummary[] = [];
  let results = 0;
  let skipped = 0;
  for (const run of log.runs) {
    const normalizer = new RunNormalizer(run, handlerFor(run), root);
    runs.push(normalizer.summary);
    for (const result of run.results ?? []) {
      results++;
      if ((result.kind && NOT_A_PROBLEM.has(result.kind)) || result.baselineState === 'absent') {
        skipped++;
        continue;
      }
      pending.push(normalizer.normalize(result));
    }
  }
  const identities = assignRankedIdentities(pending);
  const byFingerprint = new Map<string, NormalizedFinding>();
  pending.forEach((p, i) => {
    const fingerprint = identities[i]!;
    if (!byFingerprint.has(fingerprint))
      byFingerprint.set(fingerprint, { fingerprint, ...p.finding });
  });
  return {
    findings: [...byFingerprint.values()],
    runs,
    results,
    skipped,
    duplicates: pending.length - byFingerprint.size,
  };
};
