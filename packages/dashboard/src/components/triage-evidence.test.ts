import { describe, expect, it } from 'vitest';
import { formatWeight, groupEvidence, stepText } from './triage-evidence.js';

describe('triage evidence grouped by effect', () => {
  it('when evidence has several effects, then groups come in reading order, empty ones left out, heaviest signal first', () => {
    const groups = groupEvidence([
      { signal: 'rule_precision', effect: 'true_positive', detail: 'high precision', weight: 0.4 },
      { signal: 'test_code', effect: 'false_positive', detail: 'under test/', weight: -1.9 },
      { signal: 'dataflow_tier', effect: 'true_positive', detail: 'strong flow', weight: 1.2 },
      { signal: 'severity_band', effect: 'severity', detail: 'high', at: { uri: 'a.js', line: 3 } },
    ]);
    expect(groups.map((g) => g.effect)).toEqual(['true_positive', 'false_positive', 'severity']);
    expect(groups[0]!.items.map((e) => e.signal)).toEqual(['dataflow_tier', 'rule_precision']);
    expect(groups[0]!.title).toBe('Towards a true positive');
    expect(groups[2]!.items[0]!.at).toEqual({ uri: 'a.js', line: 3 });
  });

  it('when evidence is a plain sentence (stored before evidence had a structure), then it is neutral with the sentence as detail', () => {
    expect(groupEvidence(['looked fine'])).toEqual([
      {
        effect: 'neutral',
        title: 'Neutral',
        items: [{ signal: '', effect: 'neutral', detail: 'looked fine' }],
      },
    ]);
  });

  it('when a weight is negative, then it shows with a minus sign and two decimals', () => {
    expect(formatWeight(-1.234)).toBe('−1.23');
    expect(formatWeight(0.5)).toBe('+0.50');
  });

  it('when a signal carries a reconstructed flow, then it keeps its steps and each kind reads in words', () => {
    const path = [
      { uri: 'app/views.py', line: 4, kind: 'source', code: 'request.args["q"]' },
      { uri: 'app/views.py', line: 5, kind: 'kill', code: 'q = "static"' },
      { uri: 'app/views.py', line: 6, kind: 'sink', code: 'cursor.execute(q)' },
    ];
    const [group] = groupEvidence([
      {
        signal: 'flow_reconstructed_no_source',
        effect: 'false_positive',
        detail: 'x',
        weight: -3,
        path,
      },
    ]);
    expect(group!.items[0]!.path).toEqual(path);
    expect(path.map((s) => stepText(s.kind))).toEqual(['input read', 'input dropped', 'sink']);
    expect(stepText('something-new')).toBe('something-new');
  });
});
