export type { Problem } from './problem.js';
export type * from './sarif-types.js';
export { parseSarif, type ParseResult } from './parse.js';
export { schemaValidator } from './validate.js';
export { acceptSarif, MAX_PROBLEMS, type Acceptance } from './acceptance/accept.js';
export { DEFAULT_LIMITS, exceededLimit, type SarifLimits } from './limits.js';
export { readEnvelope, type SarifEnvelope } from './envelope.js';
export { inspectSarif, type Inspection } from './inspect.js';
export {
  categoryOf,
  normalizeLog,
  type FindingLocation,
  type NormalizedFinding,
  type NormalizedLog,
  type NormalizeOptions,
  type RunSummary,
} from './normalize.js';
export { checkoutRoot, resolveArtifactUri, type ResolvedUri } from './uri.js';
export { dataflowTier } from './tier.js';
export { severityFromLevel, severityFromScore } from './severity.js';
export { suppressed } from './suppression.js';
export { HANDLERS, handlerFor } from './handlers/registry.js';
export type { RuleMetadata, ScannerHandler } from './handlers/types.js';
export { REDACTED } from './handlers/gitleaks.js';
