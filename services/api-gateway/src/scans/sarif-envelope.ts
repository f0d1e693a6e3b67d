import type { Problem } from '@remediation/contracts';

/** What the gateway reads of an upload before storing it; full validation runs in sarif-ingest. */
export interface SarifEnvelope {
  commitSha?: string;
  ref?: string;
  tools: string[];
}

export type EnvelopeResult =
  { ok: true; envelope: SarifEnvelope } | { ok: false; problems: Problem[] };

const BOM = 0xfeff;

/** Parses the document text (a leading UTF-8 byte-order mark is allowed). */
export const parseSarifText = (
  text: string,
): { ok: true; value: unknown } | { ok: false; problems: Problem[] } => {
  const body = text.charCodeAt(0) === BOM ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (err) {
    return {
      ok: false,
      problems: [{ path: '/', message: `not valid JSON: ${(err as Error).message}` }],
    };
  }
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Checks the top-level shape the spec requires and reads provenance and tool names. */
export const readSarifEnvelope = (doc: unknown): EnvelopeResult => {
  if (!isObject(doc))
    return { ok: false, problems: [{ path: '/', message: 'must be a JSON object' }] };
  const problems: Problem[] = [];
  if (doc['version'] !== '2.1.0') problems.push({ path: '/version', message: 'must be "2.1.0"' });
  const runs = doc['runs'];
  if (!Array.isArray(runs))
    problems.push({ path: '/runs', message: 'is required and must be an array' });
  else if (runs.length === 0)
    problems.push({ path: '/runs', message: 'must hold at least one run' });
  if (problems.length > 0 || !Array.isArray(runs)) return { ok: false, problems };

  const tools = new Set<string>();
  let commitSha: string | undefined;
  let ref: string | undefined;
  runs.forEach((run: unknown, i) => {
    if (!isObject(run)) {
      problems.push({ path: `/runs/${i}`, message: 'must be an object' });
      return;
    }
    const driver =
      isObject(run['tool']) && isObject(run['tool']['driver']) ? run['tool']['driver'] : undefined;
    if (typeof driver?.['name'] !== 'string') {
      problems.push({ path: `/runs/${i}/tool/driver/name`, message: 'is required' });
    } else tools.add(driver['name']);
    const vcps: unknown = run['versionControlProvenance'];
    const vcp: unknown = Array.isArray(vcps) ? vcps[0] : undefined;
    if (isObject(vcp)) {
      if (commitSha === undefined && typeof vcp['revisionId'] === 'string')
        commitSha = vcp['revisionId'];
      if (ref === undefined && typeof vcp['branch'] === 'string') ref = vcp['branch'];
    }
  });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    envelope: { tools: [...tools], ...(commitSha ? { commitSha } : {}), ...(ref ? { ref } : {}) },
  };
};
