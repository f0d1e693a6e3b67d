import { modelName, unknownFields } from './strict-fields.js';

interface Validatable {
  validate(): void;
}
type ModelConstructor = new (data: Record<string, unknown>) => Validatable;

/**
 * Where each apiVersion's kubernetes-models classes live. Built-in groups come from
 * kubernetes-models; the CRDs the chart renders from @kubernetes-models/keda and
 * @kubernetes-models/prometheus-operator (generated from those projects' CRD schemas).
 */
const MODULES: Readonly<Record<string, () => Promise<Record<string, unknown>>>> = {
  v1: () => import('kubernetes-models/v1'),
  'apps/v1': () => import('kubernetes-models/apps/v1'),
  'batch/v1': () => import('kubernetes-models/batch/v1'),
  'policy/v1': () => import('kubernetes-models/policy/v1'),
  'autoscaling/v2': () => import('kubernetes-models/autoscaling/v2'),
  'networking.k8s.io/v1': () => import('kubernetes-models/networking.k8s.io/v1'),
  'keda.sh/v1alpha1': () => import('@kubernetes-models/keda/keda.sh/v1alpha1'),
  'monitoring.coreos.com/v1': () =>
    import('@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1'),
};

/** API groups served by CRDs (no built-in model in client-node). */
const CRD_GROUPS = new Set(['keda.sh/v1alpha1', 'monitoring.coreos.com/v1']);

/**
 * Problems of one rendered manifest, empty when valid: the kind must exist in the Kubernetes
 * version the schemas describe, every field must be known (strict), and types, enums, formats
 * and required fields must hold (Ajv validators generated from the OpenAPI/CRD schemas).
 */
export const validateManifest = async (manifest: unknown): Promise<string[]> => {
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) {
    return ['not an object'];
  }
  const doc = manifest as Record<string, unknown>;
  const { apiVersion, kind } = doc;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string')
    return ['apiVersion and kind are required'];
  const load = MODULES[apiVersion];
  const Model = load ? ((await load())[kind] as ModelConstructor | undefined) : undefined;
  if (!Model) return [`${apiVersion} ${kind}: no schema (not a kind this chart may render)`];
  const problems: string[] = [];
  if (!CRD_GROUPS.has(apiVersion)) {
    const name = modelName(apiVersion, kind);
    if (!name) return [`${apiVersion} ${kind}: not served by the Kubernetes API any more`];
    problems.push(...unknownFields(doc, name));
  }
  try {
    new Model(doc).validate();
  } catch (err) {
    problems.push(
      ...(err instanceof Error ? err.message : String(err))
        .split(', ')
        .map((m) => m.replace(/^data\/?/, '')),
    );
  }
  return problems;
};
