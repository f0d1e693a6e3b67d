import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readRepoFile } from '../src/repo.js';

interface RulesFile {
  groups: { name: string; rules: { alert?: string; expr: string; for?: string }[] }[];
}

describe('the alert rules', () => {
  it('when the chart renders its PrometheusRule, then it reads a copy identical to the rules docker-compose loads', () => {
    expect(readRepoFile('helm/remediation/files/alerts.yml')).toBe(
      readRepoFile('deploy/prometheus/alerts.yml'),
    );
  });

  it('when Prometheus loads its configuration, then the alert rules are among its rule files', () => {
    const config = parse(readRepoFile('deploy/prometheus/prometheus.yml')) as {
      rule_files: string[];
    };
    // docker-compose.yml mounts deploy/prometheus at /etc/prometheus.
    expect(readRepoFile('docker-compose.yml')).toContain('./deploy/prometheus:/etc/prometheus');
    expect(config.rule_files).toContain('/etc/prometheus/alerts.yml');
  });

  it('when read, then every rule is a named alert with an expression, a severity and a summary, names unique', () => {
    const rules = (parse(readRepoFile('deploy/prometheus/alerts.yml')) as RulesFile).groups.flatMap(
      (g) => g.rules,
    );
    expect(rules.length).toBeGreaterThanOrEqual(4);
    for (const rule of rules) {
      expect(rule).toMatchObject({
        alert: expect.stringMatching(/^Remediation[A-Z]\w+$/),
        expr: expect.any(String),
        labels: { severity: expect.stringMatching(/^(warning|critical)$/) },
        annotations: { summary: expect.any(String), description: expect.any(String) },
      });
    }
    const names = rules.map((r) => r.alert);
    expect(new Set(names).size).toBe(names.length);
  });
});
