import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSuiteRunner } from '../src/helm-unittest/runner.js';
import { loadSuite } from '../src/helm-unittest/suite.js';
import { repoPath } from '../src/repo.js';

// Every helm-unittest suite of the chart, each test case reported as a vitest test. The same
// files run under the real helm-unittest plugin in .github/workflows/helm.yml.
const CHART = repoPath('helm', 'remediation');
const TESTS = join(CHART, 'tests');
const files = readdirSync(TESTS)
  .filter((f) => f.endsWith('_test.yaml'))
  .sort();

describe('helm-unittest suites', () => {
  it('when the chart has templates, then it has suites', () => {
    expect(files.length).toBeGreaterThan(0);
  });
});

for (const file of files) {
  const suite = loadSuite(join(TESTS, file));
  const runner = createSuiteRunner(suite, CHART);
  afterAll(() => runner.dispose());
  describe.concurrent(`${file}: ${suite.name}`, () => {
    for (const job of suite.tests) {
      it(job.it, async () => {
        expect(await runner.run(job)).toEqual([]);
      });
    }
  });
}
