/**
 * @remediation/triage-engine: classifies SARIF findings TRUE_POSITIVE, FALSE_POSITIVE or
 * WONT_FIX from evidence (rule knowledge, paths, the code at the location and along the flow,
 * repository settings) with a calibrated confidence. Pure: no file, network or process access;
 * the triage service reads the source and passes it in.
 */
export type * from './types.js';
export { triageFinding } from './triage.js';
export { goModuleOf, goPackageDirs, importedPaths } from './flow/imports.js';
export { ENGINE_VERSION, evidenceHash, summarizeEvidence } from './evidence-hash.js';
export { secondOpinionPrompt } from './second-opinion/prompt.js';
export {
  mergeSecondOpinion,
  parseSecondOpinion,
  SECOND_OPINION_LIMITS,
  type SecondOpinion,
} from './second-opinion/merge.js';
export {
  RULE_CATALOG,
  lookupRule,
  toolKey,
  type CatalogEntry,
  type Precision,
  type ToolKey,
} from './catalog/catalog.js';
export {
  VULNERABILITY_CLASSES,
  classById,
  type ClassKind,
  type VulnerabilityClass,
} from './catalog/classes.js';
export { nonProductionPath, type NonProductionKind } from './paths/non-production.js';
export { fileMarkers } from './paths/file-markers.js';
export { FALSE_POSITIVE_BELOW, UNCERTAIN_BELOW } from './scoring/decide.js';
export { CURVE, REPUTATION_RATES, WONT_FIX_CONFIDENCE } from './scoring/calibration.js';
export { reputationKeys, reputationOnly } from './scoring/decide.js';
export { WEIGHTS } from './scoring/weights.js';
export { SEVERITY_ORDER, baseSeverity } from './severity.js';
export { excludedBy } from './settings.js';
