import { describe, expect, it } from 'vitest';
import {
  mergeSecondOpinion,
  parseSecondOpinion,
  secondOpinionPrompt,
  triageFinding,
  type Verdict,
} from '../src/index.js';
import { BALANCED, finding, NONE, source } from './build.js';

describe('parseSecondOpinion', () => {
  it('when the answer is the JSON object, then it is parsed', () => {
    expect(
      parseSecondOpinion(
        '{"classification":"FALSE_POSITIVE","confidence":0.8,"reasoning":"constant"}',
      ),
    ).toEqual({ classification: 'FALSE_POSITIVE', confidence: 0.8, reasoning: 'constant' });
  });

  it('when the object sits alone in a json fence, then it is parsed', () => {
    expect(
      parseSecondOpinion(
        '```json\n{"classification":"TRUE_POSITIVE","confidence":1,"reasoning":"r"}\n```',
      )?.classification,
    ).toBe('TRUE_POSITIVE');
  });

  it.each([
    [
      'prose around it',
      'Sure! {"classification":"TRUE_POSITIVE","confidence":0.9,"reasoning":"r"}',
    ],
    ['an unknown class', '{"classification":"MAYBE","confidence":0.9,"reasoning":"r"}'],
    ['a confidence above 1', '{"classification":"TRUE_POSITIVE","confidence":1.5,"reasoning":"r"}'],
    [
      'a string confidence',
      '{"classification":"TRUE_POSITIVE","confidence":"0.9","reasoning":"r"}',
    ],
    ['no reasoning', '{"classification":"TRUE_POSITIVE","confidence":0.9,"reasoning":" "}'],
    ['an array', '[]'],
  ])('when the answer has %s, then it is refused', (_what, text) => {
    expect(parseSecondOpinion(text)).toBeNull();
  });
});

const verdict = (over: Partial<Verdict>): Verdict => ({
  ...triageFinding(finding(), NONE, BALANCED),
  ...over,
});
const opinion = (
  classification: 'TRUE_POSITIVE' | 'FALSE_POSITIVE' | 'WONT_FIX',
  confidence: number,
) => ({ classification, confidence, reasoning: 'because', model: 'local-model-7b' });

describe('mergeSecondOpinion', () => {
  it('when the verdict is WONT_FIX, then the opinion is recorded and changes nothing', () => {
    const v = verdict({ classification: 'WONT_FIX', confidence: 0.96, uncertain: false });
    const m = mergeSecondOpinion(v, opinion('TRUE_POSITIVE', 0.99));
    expect(m.classification).toBe('WONT_FIX');
    expect(m.confidence).toBe(0.96);
    expect(m.secondOpinion).toEqual({
      model: 'local-model-7b',
      classification: 'TRUE_POSITIVE',
      confidence: 0.99,
      applied: false,
    });
    expect(m.evidence.at(-1)?.detail).toMatch(/^local-model-7b answers TRUE_POSITIVE/);
  });

  it('when a confident verdict meets a disagreeing opinion, then it is not flipped and loses a little confidence', () => {
    const v = verdict({
      classification: 'TRUE_POSITIVE',
      confidence: 0.95,
      uncertain: false,
      probabilityTrue: 0.95,
    });
    const m = mergeSecondOpinion(v, opinion('FALSE_POSITIVE', 1));
    expect(m.classification).toBe('TRUE_POSITIVE');
    expect(m.confidence).toBeCloseTo(0.85, 5);
    expect(m.secondOpinion?.applied).toBe(true);
  });

  it('when an uncertain FALSE_POSITIVE meets a fairly sure TRUE_POSITIVE opinion, then it becomes TRUE_POSITIVE within bounds', () => {
    const v = verdict({
      classification: 'FALSE_POSITIVE',
      confidence: 0.62,
      uncertain: true,
      probabilityTrue: 0.38,
    });
    const m = mergeSecondOpinion(v, opinion('TRUE_POSITIVE', 0.8));
    expect(m.classification).toBe('TRUE_POSITIVE');
    expect(m.confidence).toBeGreaterThanOrEqual(0.55);
    expect(m.confidence).toBeLessThanOrEqual(0.7);
    expect(m.justification).toMatch(/second opinion from local-model-7b/);
  });

  it('when an uncertain TRUE_POSITIVE meets a FALSE_POSITIVE opinion below 0.8, then it is not dismissed', () => {
    const v = verdict({
      classification: 'TRUE_POSITIVE',
      confidence: 0.45,
      uncertain: true,
      probabilityTrue: 0.45,
      evidence: [],
    });
    expect(mergeSecondOpinion(v, opinion('FALSE_POSITIVE', 0.75)).classification).toBe(
      'TRUE_POSITIVE',
    );
  });

  it('when strong deterministic evidence says real, then even a sure FALSE_POSITIVE opinion does not dismiss', () => {
    const v = verdict({
      classification: 'TRUE_POSITIVE',
      confidence: 0.45,
      uncertain: true,
      probabilityTrue: 0.45,
      evidence: [
        { signal: 'remote_source', effect: 'true_positive', detail: 'req.query', weight: 1 },
      ],
    });
    expect(mergeSecondOpinion(v, opinion('FALSE_POSITIVE', 0.99)).classification).toBe(
      'TRUE_POSITIVE',
    );
  });

  it('when an uncertain TRUE_POSITIVE without strong evidence meets a sure FALSE_POSITIVE, then it is dismissed', () => {
    const v = verdict({
      classification: 'TRUE_POSITIVE',
      confidence: 0.45,
      uncertain: true,
      probabilityTrue: 0.45,
      evidence: [],
    });
    const m = mergeSecondOpinion(v, opinion('FALSE_POSITIVE', 0.95));
    expect(m.classification).toBe('FALSE_POSITIVE');
    expect(m.confidence).toBeLessThanOrEqual(0.7);
  });

  it('when an opinion is merged twice, then only the last one is kept as evidence', () => {
    const v = verdict({ uncertain: true });
    const twice = mergeSecondOpinion(
      mergeSecondOpinion(v, opinion('TRUE_POSITIVE', 0.9)),
      opinion('TRUE_POSITIVE', 0.9),
    );
    expect(twice.evidence.filter((e) => e.signal === 'second_opinion')).toHaveLength(1);
  });
});

describe('secondOpinionPrompt', () => {
  it('when the source is available, then the prompt fences the numbered code excerpt as untrusted data', () => {
    const text = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join('\n');
    const f = finding({ uri: 'src/a.js', line: 20 });
    const { system, user } = secondOpinionPrompt(
      f,
      source({ 'src/a.js': text }),
      triageFinding(f, source({ 'src/a.js': text }), BALANCED),
    );
    expect(system).toMatch(/exactly one JSON object/);
    expect(user).toMatch(/<untrusted>[\s\S]*\s20 {2}line 20[\s\S]*<\/untrusted>/);
    expect(user).not.toMatch(/line 40\b/);
  });
});
