import { describe, expect, it } from 'vitest';
import { flowSteps } from './code-flows.js';

describe('code flow steps', () => {
  it('when SARIF codeFlows are given, then each flow lists its locations in order, tolerating missing parts', () => {
    const flows = flowSteps([
      {
        message: { text: 'user input reaches the query' },
        threadFlows: [
          {
            locations: [
              {
                location: {
                  physicalLocation: {
                    artifactLocation: { uri: 'src/web.js' },
                    region: { startLine: 3 },
                  },
                  message: { text: 'source' },
                },
              },
              {
                location: {
                  physicalLocation: {
                    artifactLocation: { uri: 'src/db.js' },
                    region: { startLine: 9, snippet: { text: 'q(x)' } },
                  },
                },
              },
              {},
            ],
          },
        ],
      },
      {},
    ]);
    expect(flows).toEqual([
      {
        message: 'user input reaches the query',
        steps: [
          { uri: 'src/web.js', line: 3, message: 'source', snippet: undefined },
          { uri: 'src/db.js', line: 9, message: undefined, snippet: 'q(x)' },
          { uri: '?', line: undefined, message: undefined, snippet: undefined },
        ],
      },
      { message: undefined, steps: [] },
    ]);
  });
});
