import type { Finding, FlowStep } from '../types.js';

/** A repository-relative path: no `file://`, no leading `./` or `/`, `\` turned into `/`. */
export const normalizePath = (path: string): string => {
  let p = path.replace(/\\/g, '/');
  if (p.startsWith('file://')) p = p.slice('file://'.length);
  try {
    p = decodeURI(p);
  } catch {
    // A malformed escape is taken literally.
  }
  return p.replace(/^(\.\/)+/, '').replace(/^\/+/, '');
};

/**
 * True when two paths name the same file: equal once normalized, or one is a repository-relative
 * suffix of the other (a scanner's absolute path against the repository's relative one).
 */
export const samePath = (a: string, b: string): boolean => {
  const x = normalizePath(a);
  const y = normalizePath(b);
  return x === y || x.endsWith(`/${y}`) || y.endsWith(`/${x}`);
};

interface SarifRegion {
  startLine?: number;
  startColumn?: number;
  endLine?: number;
  endColumn?: number;
}

interface SarifThreadFlowLocation {
  location?: {
    physicalLocation?: { artifactLocation?: { uri?: string }; region?: SarifRegion };
    message?: { text?: string };
  };
}

interface SarifCodeFlow {
  threadFlows?: { locations?: SarifThreadFlowLocation[] }[];
}

/**
 * SARIF `codeFlows` (as stored on a finding) → one step list per thread flow, source first.
 * `resolveUri` turns an artifact URI into a repository-relative path (default: `normalizePath`).
 * Steps without a URI or a start line are dropped.
 */
export const codeFlowsFromSarif = (
  codeFlows: unknown,
  resolveUri: (uri: string) => string | null = normalizePath,
): FlowStep[][] => {
  if (!Array.isArray(codeFlows)) return [];
  return (codeFlows as SarifCodeFlow[]).flatMap((flow) =>
    (flow?.threadFlows ?? []).map((thread) =>
      (thread?.locations ?? []).flatMap((tfl): FlowStep[] => {
        const physical = tfl?.location?.physicalLocation;
        const uri = physical?.artifactLocation?.uri;
        const region = physical?.region;
        const path = typeof uri === 'string' ? resolveUri(uri) : null;
        if (!path || typeof region?.startLine !== 'number') return [];
        const message = tfl.location?.message?.text;
        return [
          {
            path,
            startLine: region.startLine,
            startColumn: region.startColumn ?? null,
            endLine: region.endLine ?? null,
            endColumn: region.endColumn ?? null,
            ...(message === undefined ? {} : { message }),
          },
        ];
      }),
    ),
  );
};

/** Every file a finding's code flows visit, other than `path` itself (to read before a run). */
export const flowPaths = (path: string, finding: Finding): string[] => {
  const seen = new Set<string>();
  for (const flow of finding.codeFlows ?? []) {
    for (const step of flow) {
      if (!samePath(step.path, path)) seen.add(normalizePath(step.path));
    }
  }
  return [...seen];
};
