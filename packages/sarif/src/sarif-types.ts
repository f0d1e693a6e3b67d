/**
 * The parts of SARIF 2.1.0 that normalization reads. Documents are accepted (validated, and
 * repaired under the tolerant policy) before they get here, so these shapes hold, with one
 * exception: a result's message may lack text; every optional property is treated as possibly
 * absent.
 */
export interface Message {
  text?: string;
  markdown?: string;
  id?: string;
  arguments?: string[];
}

export interface MultiformatMessageString {
  text?: string;
  markdown?: string;
}

export interface ArtifactLocation {
  uri?: string;
  uriBaseId?: string;
  index?: number;
}

export interface Region {
  startLine?: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
  snippet?: { text?: string };
}

export interface PhysicalLocation {
  artifactLocation?: ArtifactLocation;
  region?: Region;
  contextRegion?: Region;
}

export interface Location {
  physicalLocation?: PhysicalLocation;
  logicalLocations?: { name?: string; fullyQualifiedName?: string }[];
  message?: Message;
}

export interface ThreadFlowLocation {
  location?: Location;
}

export interface ThreadFlow {
  locations?: ThreadFlowLocation[];
}

export interface CodeFlow {
  threadFlows?: ThreadFlow[];
}

export interface ToolComponentReference {
  name?: string;
  index?: number;
  guid?: string;
}

export interface ReportingDescriptorReference {
  id?: string;
  index?: number;
  toolComponent?: ToolComponentReference;
}

export interface ReportingDescriptor {
  id: string;
  name?: string;
  shortDescription?: MultiformatMessageString;
  fullDescription?: MultiformatMessageString;
  messageStrings?: Record<string, MultiformatMessageString>;
  defaultConfiguration?: { level?: Level; enabled?: boolean };
  helpUri?: string;
  help?: MultiformatMessageString;
  relationships?: { target?: ReportingDescriptorReference; kinds?: string[] }[];
  properties?: Record<string, unknown>;
}

export interface ToolComponent {
  name: string;
  version?: string;
  semanticVersion?: string;
  rules?: ReportingDescriptor[];
  taxa?: ReportingDescriptor[];
  globalMessageStrings?: Record<string, MultiformatMessageString>;
}

export interface Suppression {
  kind?: string;
  status?: 'accepted' | 'underReview' | 'rejected';
  justification?: string;
}

export type Level = 'none' | 'note' | 'warning' | 'error';
export type ResultKind = 'notApplicable' | 'pass' | 'fail' | 'review' | 'open' | 'informational';

export interface Result {
  ruleId?: string;
  ruleIndex?: number;
  rule?: ReportingDescriptorReference;
  kind?: ResultKind;
  level?: Level;
  /** Required by the schema; absent or without text in a repaired document (missing_message). */
  message?: Message;
  locations?: Location[];
  codeFlows?: CodeFlow[];
  relatedLocations?: Location[];
  fingerprints?: Record<string, string>;
  partialFingerprints?: Record<string, string>;
  suppressions?: Suppression[];
  /** Proposed changes (§3.55): `{description?, artifactChanges: [{artifactLocation, replacements}]}`. */
  fixes?: unknown[];
  baselineState?: string;
  properties?: Record<string, unknown>;
}

export interface Run {
  tool: { driver: ToolComponent; extensions?: ToolComponent[] };
  results?: Result[] | null;
  artifacts?: { location?: ArtifactLocation }[];
  originalUriBaseIds?: Record<string, ArtifactLocation>;
  automationDetails?: { id?: string };
  versionControlProvenance?: { revisionId?: string; branch?: string; repositoryUri?: string }[];
}

export interface SarifLog {
  version: '2.1.0';
  runs: Run[];
}
