import { createHash } from 'node:crypto';

const hash = (parts: readonly (string | number | null | undefined)[]): string => {
  const h = createHash('sha256');
  for (const p of parts) h.update(`${p ?? ''}\u0000`);
  return h.digest('hex').slice(0, 40);
};

const entries = (o: Record<string, string>): string[] =>
  Object.keys(o)
    .sort()
    .map((k) => `${k}=${o[k]}`);

const nonEmpty = (o: Record<string, string> | undefined): o is Record<string, string> =>
  o !== undefined && Object.keys(o).length > 0;

export interface IdentityInput {
  tool: string;
  category: string | null;
  ruleId: string | null;
  path: string | null;
  /** The primary logical location (method, class), which tells apart findings in one binary. */
  logical: string | null;
  fingerprints?: Record<string, string>;
  partialFingerprints?: Record<string, string>;
}

/**
 * A finding's identity in a repository (DESIGN §4), namespaced by tool and category. The tool's
 * `fingerprints` are trusted as they are (`f:`). Otherwise a match key is built and the finding
 * is the n-th distinct position among equal keys (`rankedIdentity`): from the tool's
 * `partialFingerprints` with rule, file and logical location (`p:`; FxCop's, for one, are per
 * method, so two call sites share them), else from content (`c:`): rule, file, logical location
 * and the snippet with whitespace collapsed, else the exact message. Line numbers stay out of
 * keys, so a finding that moves keeps its identity; an exact repeat collapses.
 */
export const toolIdentity = (input: IdentityInput): string | undefined =>
  nonEmpty(input.fingerprints)
    ? `f:${hash([input.tool.toLowerCase(), input.category, ...entries(input.fingerprints)])}`
    : undefined;

/** Collapses whitespace so reformatting and line-ending changes keep a snippet's identity. */
export const normalizeSnippet = (text: string): string => text.replace(/\s+/g, ' ').trim();

export const matchKey = (
  input: IdentityInput,
  content: { snippet: string } | { message: string },
): string => {
  const base = [input.tool.toLowerCase(), input.category, input.ruleId, input.path, input.logical];
  if (nonEmpty(input.partialFingerprints)) {
    return `p:${hash([...base, ...entries(input.partialFingerprints)])}`;
  }
  return `c:${hash([
    ...base,
    'snippet' in content ? `s:${normalizeSnippet(content.snippet)}` : `m:${content.message}`,
  ])}`;
};

/** The identity of the `occurrence`-th distinct position of a match key. */
export const rankedIdentity = (key: string, occurrence: number): string =>
  `${key.slice(0, 2)}${hash([key, occurrence])}`;
