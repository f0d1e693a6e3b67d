import * as models from '@kubernetes/client-node/dist/gen/models/all.js';

interface Attribute {
  readonly baseName: string;
  readonly type: string;
}
interface ModelClass {
  getAttributeTypeMap(): readonly Attribute[];
}

const registry = models as unknown as Record<string, ModelClass | undefined>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The client-node model of an apiVersion/kind (`apps/v1` Deployment → V1Deployment); undefined
 * when Kubernetes (the OpenAPI release client-node is generated from) has no such kind.
 */
export const modelName = (apiVersion: string, kind: string): string | undefined => {
  const version = apiVersion.split('/').pop() ?? '';
  const name = `${version.charAt(0).toUpperCase()}${version.slice(1)}${kind}`;
  return typeof registry[name]?.getAttributeTypeMap === 'function' ? name : undefined;
};

const walk = (value: unknown, type: string, path: string, problems: string[]): void => {
  if (value === null || value === undefined) return;
  const list = /^Array<(.+)>$/.exec(type);
  if (list?.[1]) {
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, list[1]!, `${path}[${i}]`, problems));
    return;
  }
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
  if (map?.[1]) {
    if (isRecord(value))
      for (const [k, v] of Object.entries(value)) walk(v, map[1], `${path}.${k}`, problems);
    return;
  }
  const model = registry[type];
  if (typeof model?.getAttributeTypeMap !== 'function' || !isRecord(value)) return;
  const attributes = new Map(model.getAttributeTypeMap().map((a) => [a.baseName, a.type]));
  for (const [key, child] of Object.entries(value)) {
    const childType = attributes.get(key);
    if (childType === undefined) problems.push(`${path}.${key}: unknown field (${type})`);
    else walk(child, childType, `${path}.${key}`, problems);
  }
};

/**
 * Fields the Kubernetes API does not define, anywhere in `manifest` (what kubectl's strict
 * field validation rejects): the field lists of @kubernetes/client-node's generated models.
 */
export const unknownFields = (manifest: Record<string, unknown>, model: string): string[] => {
  const problems: string[] = [];
  walk(manifest, model, '', problems);
  return problems.map((p) => p.replace(/^\./, ''));
};
