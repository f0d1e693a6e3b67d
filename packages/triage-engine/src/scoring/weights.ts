import type { Precision } from '../catalog/entry.js';

/**
 * Log-odds contributions towards TRUE_POSITIVE (negative: towards FALSE_POSITIVE). Set by
 * judgement from how decisive each signal is (docs/decisions/0019-triage.md), not fitted: the
 * labelled set fits only the calibration on top of their sum.
 */
export const WEIGHTS = {
  prior: { 'very-high': 2.0, high: 1.2, medium: 0.0, low: -1.0 } satisfies Record<
    Precision,
    number
  >,
  toolConfidence: { high: 0.4, medium: 0, low: -0.7 },
  tier: { STRONG_MULTI_FILE: 0.6, STRONG_SINGLE_FILE: 0.4, WEAK: 0, SINGLE_LOCATION: 0 },
  remoteSource: 1.0,
  localSource: -1.2,
  builtFromInput: 0.5,
  literalArgument: -4.0,
  constantOrigin: -3.0,
  sanitizer: -2.6,
  numeric: -3.0,
  /** Allowlists, anchored patterns, containment and host checks; other validator calls. */
  validator: { strong: -2.6, weak: -1.5 },
  flowSanitizer: -2.6,
  /** The flow reconstruction (src/flow): no input reaches the sink; sanitized; input reaches it. */
  reconstructedNoSource: -3.0,
  reconstructedSanitized: -2.6,
  reconstructedInput: 1.0,
  flowConstantSource: -3.0,
  flowTestOnly: -2.5,
  notForSecurity: -4.0,
  benignPurpose: -2.4,
  securityPurpose: 1.2,
  secret: {
    environment: -3.5,
    placeholder: -3.0,
    empty: -3.0,
    'name-of-credential': -2.8,
    prose: -2.8,
    'url-or-path': -2.5,
    'key-format': 2.5,
    'high-entropy': 1.5,
    'password-like': 0.6,
  },
  devEntryPoint: -1.5,
  settingFromEnvironment: -2.0,
  localhostTarget: -3.0,
} as const;
