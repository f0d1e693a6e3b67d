import type { ReportingDescriptor, ToolComponent } from '../sarif-types.js';
import { stringProp, type RuleMetadata } from './types.js';

const CWE_TAG = /(?:^|[^a-z])cwe[-_/ :]*0*(\d{1,5})\b/i;
const MAX_TAGS = 32;

const asStrings = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.filter((x): x is string => typeof x === 'string')
    : typeof v === 'string'
      ? [v]
      : [];

const validUri = (s: string | undefined): string | null => {
  if (s === undefined) return null;
  try {
    new URL(s);
    return s;
  } catch {
    return null; // a malformed helpUri is dropped (the policy accepts the document)
  }
};

/**
 * CWE ids from everywhere tools put them: tags (`external/cwe/cwe-079` in CodeQL, `CWE-89: ...`
 * in Semgrep), a `cwe` property (Snyk), and relationships to a `CWE` taxonomy (gosec).
 */
export const cweOf = (rule: ReportingDescriptor): string[] => {
  const ids = new Set<string>();
  const add = (raw: string) => {
    const m = CWE_TAG.exec(raw) ?? /^0*(\d{1,5})$/.exec(raw);
    if (m) ids.add(`CWE-${Number(m[1])}`);
  };
  asStrings(rule.properties?.['tags']).forEach(add);
  asStrings(rule.properties?.['cwe']).forEach(add);
  asStrings(rule.properties?.['CWE']).forEach(add);
  for (const rel of rule.relationships ?? []) {
    const target = rel.target;
    if (target?.id && /^cwe$/i.test(target.toolComponent?.name ?? '')) add(target.id);
  }
  return [...ids];
};

/** The generic rule metadata every handler starts from. */
export const genericRuleMetadata = (
  rule: ReportingDescriptor | undefined,
  component: ToolComponent,
  ruleId: string | null,
): RuleMetadata => ({
  id: rule?.id ?? ruleId,
  name: rule?.name ?? null,
  tool_component: component.name,
  short_description: rule?.shortDescription?.text ?? rule?.fullDescription?.text ?? null,
  help_uri: validUri(rule?.helpUri),
  tags: asStrings(rule?.properties?.['tags']).slice(0, MAX_TAGS),
  cwe: rule ? cweOf(rule) : [],
  precision: stringProp(rule?.properties, 'precision') ?? null,
  security_severity: stringProp(rule?.properties, 'security-severity') ?? null,
  kind: stringProp(rule?.properties, 'kind') ?? null,
});
