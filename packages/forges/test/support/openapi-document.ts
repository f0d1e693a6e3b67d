import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** An OpenAPI 3.0 document as JSON (only what the validator reads is typed). */
export interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
}

type Json = unknown;

/**
 * OpenAPI 3.0's `nullable: true` in JSON Schema terms (Ajv refuses `nullable` without `type`,
 * which GitHub's description uses with `allOf`/`anyOf`): `type: [t, 'null']` (plus `null` in an
 * `enum`) when there is a type, else `anyOf: [schema, {type: 'null'}]`. Everything else is kept.
 */
export const convertNullable = (node: Json): Json => {
  if (Array.isArray(node)) return node.map(convertNullable);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, Json> = {};
  for (const [key, value] of Object.entries(node as Record<string, Json>))
    out[key] = convertNullable(value);
  if (out['nullable'] !== true) return out;
  delete out['nullable'];
  if (typeof out['type'] === 'string') {
    out['type'] = [out['type'], 'null'];
    if (Array.isArray(out['enum']) && !out['enum'].includes(null))
      out['enum'] = [...out['enum'], null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
};

const require = createRequire(import.meta.url);
let github: OpenApiDocument | undefined;

/** GitHub's official REST description (api.github.com) from `@octokit/openapi`, nullable converted. */
export const githubOpenApi = (): OpenApiDocument => {
  github ??= convertNullable(
    JSON.parse(
      readFileSync(require.resolve('@octokit/openapi/generated/api.github.com.json'), 'utf8'),
    ),
  ) as OpenApiDocument;
  return github;
};
