import type { ArtifactLocation, Run } from './sarif-types.js';

/** A location's file: a repository-relative path, or why there is none. */
export type ResolvedUri =
  | { ok: true; path: string }
  | { ok: false; raw: string; reason: 'backslash' | 'absolute' | 'outside' | 'malformed' };

const MAX_BASE_DEPTH = 8;
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

const decode = (s: string): string | undefined => {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
};

/** Joins a base (ending in `/` or not) and a relative reference, as URI resolution does for paths. */
const join = (base: string, rel: string): string => {
  if (SCHEME.test(rel) || rel.startsWith('/')) return rel;
  const dir = base.endsWith('/') ? base : `${base}/`;
  return `${dir}${rel}`;
};

/**
 * Expands `uriBaseId` through `run.originalUriBaseIds`. A base the run does not define (CodeQL's
 * `%SRCROOT%`, say) stands for the repository root, so the path stays repository-relative.
 */
const expandBase = (run: Run, loc: ArtifactLocation): string | undefined => {
  let uri = loc.uri;
  let baseId = loc.uriBaseId;
  for (let depth = 0; uri !== undefined && baseId !== undefined; depth++) {
    if (depth >= MAX_BASE_DEPTH) return undefined;
    const base = run.originalUriBaseIds?.[baseId];
    if (!base) break;
    uri = base.uri === undefined ? uri : join(base.uri, uri);
    baseId = base.uriBaseId;
  }
  return uri;
};

/** The artifact location itself, or the one of `run.artifacts[index]` it points at. */
const effectiveLocation = (run: Run, loc: ArtifactLocation): ArtifactLocation => {
  if (loc.uri !== undefined || loc.index === undefined) return loc;
  return run.artifacts?.[loc.index]?.location ?? loc;
};

/** Removes `.` segments and resolves `..`; undefined when `..` climbs above the root. */
const normalizeSegments = (path: string): string | undefined => {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(seg);
  }
  return out.join('/');
};

/** An absolute filesystem path from an absolute reference (`file:` URI, `/x`, `C:/x`). */
const absolutePath = (ref: string): string | undefined => {
  let path: string;
  if (/^file:\/\//i.test(ref)) {
    const slash = ref.indexOf('/', 7);
    if (slash < 0) return undefined;
    path = ref.slice(slash);
  } else if (/^file:\//i.test(ref)) path = ref.slice(5);
  else if (ref.startsWith('/')) path = ref;
  else if (/^[a-zA-Z]:\//.test(ref)) path = `/${ref}`;
  else return undefined;
  return decode(path.replace(/[?#].*$/, ''));
};

/** The checkout root as an absolute path with a trailing slash, or undefined when unusable. */
export const checkoutRoot = (checkoutUri: string | null | undefined): string | undefined => {
  if (!checkoutUri) return undefined;
  const path = absolutePath(checkoutUri.replace(/\\/g, '/'));
  if (path === undefined) return undefined;
  const normalized = normalizeSegments(path);
  if (normalized === undefined) return undefined;
  return normalized === '' ? '/' : `/${normalized}/`;
};

const lowerDrive = (p: string): string =>
  p.replace(/^\/([a-zA-Z]):\//, (_, d: string) => `/${d.toLowerCase()}:/`);

/** The rest of `path` under `root`; Windows drive letters compare case-insensitively. */
const under = (path: string, root: string): string | undefined => {
  const p = lowerDrive(path);
  const r = lowerDrive(root);
  return p.startsWith(r) ? p.slice(r.length) : undefined;
};

/**
 * Resolves an artifact location to a repository-relative path: `uriBaseId` through
 * `originalUriBaseIds`, then an absolute `file:` URI or path under `checkoutRoot` becomes
 * relative. Backslashes, absolute paths outside the checkout and other schemes are invalid.
 */
export const resolveArtifactUri = (
  run: Run,
  artifact: ArtifactLocation,
  root: string | undefined,
): ResolvedUri | undefined => {
  const loc = effectiveLocation(run, artifact);
  if (loc.uri === undefined) return undefined;
  const expanded = expandBase(run, loc);
  const raw = loc.uri;
  if (expanded === undefined) return { ok: false, raw, reason: 'malformed' };
  if (expanded.includes('\\')) return { ok: false, raw, reason: 'backslash' };

  let relative: string | undefined;
  if (/^file:(?!\/)/i.test(expanded)) {
    // `file:src/App.java` (no slashes) is how some tools write a relative path.
    relative = decode(expanded.slice(5));
  } else if (SCHEME.test(expanded) && !/^file:/i.test(expanded) && !/^[a-zA-Z]:\//.test(expanded)) {
    return { ok: false, raw, reason: 'malformed' };
  } else {
    const abs = absolutePath(expanded);
    if (abs === undefined) {
      relative = decode(expanded.replace(/[?#].*$/, ''));
    } else {
      const normalized = normalizeSegments(abs);
      if (normalized === undefined) return { ok: false, raw, reason: 'outside' };
      const rest = root === undefined ? undefined : under(`/${normalized}`, root);
      if (rest === undefined) return { ok: false, raw, reason: 'absolute' };
      relative = rest;
    }
  }
  if (relative === undefined) return { ok: false, raw, reason: 'malformed' };
  const path = normalizeSegments(relative);
  if (path === undefined || path === '') return { ok: false, raw, reason: 'outside' };
  return { ok: true, path };
};
