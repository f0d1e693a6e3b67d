import { lookupRule, type CatalogEntry, type Precision } from '../catalog/catalog.js';
import { classById, type VulnerabilityClass } from '../catalog/classes.js';
import { inferClass } from '../catalog/infer-class.js';
import { WEIGHTS } from '../scoring/weights.js';
import type { Evidence, TriageFinding } from '../types.js';

export interface RuleKnowledge {
  entry: CatalogEntry | undefined;
  cls: VulnerabilityClass | undefined;
  precision: Precision;
  cwe: string[];
  evidence: Evidence[];
}

const PRECISIONS: Precision[] = ['very-high', 'high', 'medium', 'low'];
const asPrecision = (v: unknown): Precision | undefined =>
  typeof v === 'string' && (PRECISIONS as string[]).includes(v.toLowerCase())
    ? (v.toLowerCase() as Precision)
    : undefined;

/**
 * What the catalog and the SARIF say about the rule: its class, CWE and typical precision.
 * CodeQL's own `precision` wins over the catalog (it is the query author's measurement);
 * other tools' `precision` (Semgrep writes `very-high` for every rule) is used only for rules
 * the catalog does not list.
 */
export const ruleKnowledge = (finding: TriageFinding): RuleKnowledge => {
  const entry = finding.ruleId ? lookupRule(finding.tool, finding.ruleId) : undefined;
  const rule = finding.rule;
  const cls =
    classById(entry?.vulnerabilityClass) ??
    inferClass({
      ruleId: finding.ruleId,
      name: rule?.name ?? null,
      shortDescription: rule?.short_description ?? null,
      tags: rule?.tags ?? [],
      cwe: rule?.cwe ?? [],
    });
  const sarifPrecision = asPrecision(rule?.precision);
  const isCodeql = entry?.tool === 'codeql' || /codeql|lgtm/i.test(finding.tool);
  const precision =
    (isCodeql ? sarifPrecision : undefined) ?? entry?.precision ?? sarifPrecision ?? 'medium';
  const source =
    isCodeql && sarifPrecision
      ? 'the query declares'
      : entry
        ? 'the catalog gives'
        : sarifPrecision
          ? 'the SARIF declares'
          : 'assumed for an uncatalogued rule:';
  const cwe = [...new Set([...(rule?.cwe ?? []), ...(entry?.cwe ?? cls?.cwe ?? [])])];
  const evidence: Evidence[] = [
    {
      signal: 'rule_precision',
      effect: WEIGHTS.prior[precision] >= 0 ? 'true_positive' : 'false_positive',
      detail: `${cls ? `${cls.title} rule` : 'Rule'} ${finding.ruleId ?? '(no id)'}: ${source} ${precision} precision.`,
      weight: WEIGHTS.prior[precision],
    },
  ];
  return { entry, cls, precision, cwe, evidence };
};
