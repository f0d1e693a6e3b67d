import { parser } from '@prometheus-io/lezer-promql';

/** What a PromQL expression reads: its metric selectors and the labels it matches or groups by. */
export interface PromqlUse {
  /** Each selector's metric name and the label names its matchers use. */
  selectors: { metric: string; labels: string[] }[];
  /** Labels named in `by`, `without`, `on` and `ignoring` clauses. */
  grouping: string[];
  /** Syntax errors (positions in the expression). */
  errors: string[];
}

/** Grafana's interval variables are not PromQL: replaced by a duration before parsing. */
const withoutGrafanaVariables = (expr: string): string =>
  expr.replace(/\$__(rate_interval|interval|range)/g, '5m');

/**
 * Parses an expression with the Prometheus project's own PromQL grammar
 * (`@prometheus-io/lezer-promql`, the parser of Prometheus's web UI) and lists what it reads.
 */
export const analyzePromql = (source: string): PromqlUse => {
  const expr = withoutGrafanaVariables(source);
  const use: PromqlUse = { selectors: [], grouping: [], errors: [] };
  const text = (from: number, to: number) => expr.slice(from, to);
  parser.parse(expr).iterate({
    enter: (node) => {
      if (node.type.isError) use.errors.push(`at ${node.from}: ${text(node.from, node.to + 10)}`);
      if (node.name === 'VectorSelector') {
        const selector = { metric: '', labels: [] as string[] };
        const cursor = node.node.cursor();
        cursor.iterate((inner) => {
          if (inner.name === 'Identifier') selector.metric = text(inner.from, inner.to);
          if (inner.name === 'LabelName') selector.labels.push(text(inner.from, inner.to));
        });
        use.selectors.push(selector);
        return false;
      }
      if (node.name === 'GroupingLabels') {
        const cursor = node.node.cursor();
        cursor.iterate((inner) => {
          if (inner.name === 'LabelName') use.grouping.push(text(inner.from, inner.to));
        });
        return false;
      }
      return undefined;
    },
  });
  return use;
};
