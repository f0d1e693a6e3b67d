import type { TSchema } from '@sinclair/typebox';

type Json = Record<string, unknown>;

const isNullSchema = (s: unknown): boolean =>
  typeof s === 'object' && s !== null && (s as Json)['type'] === 'null';

/**
 * Converts a TypeBox (JSON Schema draft-07) schema into an OpenAPI 3.0 Schema Object:
 * `anyOf [X, null]` becomes `nullable`, `const` becomes a one-value `enum`, unions of
 * literals become one `enum`, and `patternProperties` (records) become `additionalProperties`.
 */
export const toOpenApiSchema = (schema: TSchema | Json): Json =>
  convert(JSON.parse(JSON.stringify(schema)) as Json);

const convert = (node: Json): Json => {
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$id' || key === '$schema') continue;
    if (key === 'const') {
      out['enum'] = [value];
      continue;
    }
    if (key === 'patternProperties') {
      const [inner] = Object.values(value as Json);
      out['additionalProperties'] =
        inner && Object.keys(inner).length > 0 ? convert(inner as Json) : {};
      continue;
    }
    if (key === 'properties') {
      out[key] = Object.fromEntries(
        Object.entries(value as Json).map(([k, v]) => [k, convert(v as Json)]),
      );
      continue;
    }
    if (key === 'items' || key === 'additionalProperties' || key === 'not') {
      out[key] = typeof value === 'object' && value !== null ? convert(value as Json) : value;
      continue;
    }
    if (key === 'anyOf' || key === 'oneOf' || key === 'allOf') continue;
    out[key] = value;
  }
  const union = (node['anyOf'] ?? node['oneOf']) as Json[] | undefined;
  if (union) Object.assign(out, convertUnion(union));
  if (Array.isArray(node['allOf'])) out['allOf'] = (node['allOf'] as Json[]).map(convert);
  return out;
};

const convertUnion = (members: Json[]): Json => {
  const nullable = members.some(isNullSchema);
  const rest = members.filter((m) => !isNullSchema(m));
  const allConst = rest.length > 0 && rest.every((m) => 'const' in m);
  let converted: Json;
  if (allConst) {
    const types = new Set(rest.map((m) => typeof m['const']));
    converted = {
      ...(types.size === 1 ? { type: [...types][0] } : {}),
      enum: rest.map((m) => m['const']),
    };
  } else if (rest.length === 1) {
    converted = convert(rest[0]!);
  } else {
    converted = { anyOf: rest.map(convert) };
  }
  if (nullable) {
    converted['nullable'] = true;
    if (Array.isArray(converted['enum']))
      converted['enum'] = [...(converted['enum'] as unknown[]), null];
  }
  return converted;
};
