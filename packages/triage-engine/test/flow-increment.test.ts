import { describe, expect, it } from 'vitest';
import { flowAt } from './build.js';

// `n++` changes n: a condition read after it must not fold on the value n had before (kubectl
// cp's `entrySeq := -1 … entrySeq++ … if entrySeq == 0 {`, where the first entry takes the
// branch). Go's inc/dec statements and JavaScript's update expressions.
describe('a counter stepped before a condition', () => {
  it('when Go steps a counter from -1 in a loop, then the branch on its first value is taken and the request value reaches the write', () => {
    const r = flowAt(
      'path-traversal',
      [
        'package x',
        '',
        'import (',
        '\t"net/http"',
        '\t"os"',
        ')',
        '',
        'func H(w http.ResponseWriter, r *http.Request) {',
        '\tentrySeq := -1',
        '\tname := "/tmp/a"',
        '\tfor i := 0; i < 3; i++ {',
        '\t\tentrySeq++',
        '\t\tif entrySeq == 0 {',
        '\t\t\tname = r.URL.Query().Get("f")',
        '\t\t}',
        '\t\tf, _ := os.Create(name)',
        '\t\tf.Close()',
        '\t}',
        '}',
      ],
      'os.Create(',
      'cp.go',
    );
    expect(r.outcome).toBe('input');
  });

  it('when JavaScript steps a counter with n++ (or --n), then a test of the new value is not folded on the old one', () => {
    for (const [step, test] of [
      ['n++', 'n === 1'],
      ['--n', 'n === -1'],
    ])
      expect(
        flowAt(
          'path-traversal',
          [
            "const fs = require('fs')",
            "app.get('/', (req, res) => {",
            '  let n = 0',
            "  let name = '/tmp/a'",
            `  ${step}`,
            `  if (${test}) name = req.query.f`,
            '  res.send(fs.readFileSync(name))',
            '})',
          ],
          'readFileSync(',
          'server.js',
        ).outcome,
        step,
      ).toBe('input');
  });

  it('when the counter is stepped away from the tested value, then the branch is still dead', () => {
    const r = flowAt(
      'path-traversal',
      [
        "const fs = require('fs')",
        "app.get('/', (req, res) => {",
        '  let n = 0',
        "  let name = '/tmp/a'",
        '  n++',
        '  if (n === 0) name = req.query.f',
        '  res.send(fs.readFileSync(name))',
        '})',
      ],
      'readFileSync(',
      'server.js',
    );
    expect(r.outcome).toBe('no-source');
  });
});
