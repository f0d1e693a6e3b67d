import { setImmediate as turnOfTheLoop } from 'node:timers/promises';
import {
  mergeSecondOpinion,
  parseSecondOpinion,
  secondOpinionPrompt,
  triageFinding,
  type SourceView,
  type Verdict,
} from '@remediation/triage-engine';
import type { SecondOpinion } from '../llm/chat-client.js';
import { noPrior, type BatchScan, type Prior, type TriageFindingRow } from './batch.repository.js';
import { decide, routesToFix } from './decide.js';
import { toTriageFinding, toTriageSettings } from './finding-input.js';
import type { Decided } from './verdicts.writer.js';

export interface ClassifyOptions {
  /** Off when absent. */
  llm?: SecondOpinion | undefined;
  /** Second opinions asked per batch at most. */
  llmMaxPerBatch: number;
}

const withNote = (verdict: Verdict, detail: string): Verdict => ({
  ...verdict,
  evidence: [...verdict.evidence, { signal: 'llm_second_opinion', effect: 'neutral', detail }],
});

/**
 * Classifies a batch's findings: the deterministic engine on each (with the code the mirror
 * has), the decision against earlier verdicts and overrides, and for new verdicts the engine
 * leaves uncertain, a model's second opinion when one is configured (merged by the engine's
 * rules, recorded as evidence, never trusted blindly).
 *
 * The event loop turns after every finding. The engine reads syntax trees through ast-grep's
 * native node wrappers, thousands per finding; Node runs the finalizers that free their native
 * memory only when the loop turns, so a batch classified in one synchronous run held every
 * wrapper it made (about 6 MB of native memory per finding, gigabytes per batch) and blocked
 * the job's lock renewal for as long.
 */
export const classifyBatch = async (
  scan: BatchScan,
  findings: readonly TriageFindingRow[],
  priors: ReadonlyMap<string, Prior>,
  source: SourceView,
  options: ClassifyOptions,
): Promise<Decided[]> => {
  const settings = toTriageSettings(scan.settings);
  let asked = 0;
  const decided: Decided[] = [];
  for (const row of findings) {
    const input = toTriageFinding(row);
    const prior = priors.get(row.id) ?? noPrior;
    let verdict = triageFinding(input, source, settings);
    let decision = decide(row, verdict, prior, scan.settings);
    let provider = 'deterministic';
    let aiGenerated = false;
    if (decision.kind === 'new' && verdict.uncertain && options.llm) {
      if (asked < options.llmMaxPerBatch) {
        asked++;
        const answer = await options.llm.ask(
          secondOpinionPrompt(input, source, verdict),
          parseSecondOpinion,
        );
        if ('error' in answer) verdict = withNote(verdict, `${options.llm.model}: ${answer.error}`);
        else {
          verdict = mergeSecondOpinion(verdict, answer);
          provider = `deterministic+llm:${answer.model}`;
          aiGenerated = true;
        }
      } else
        verdict = withNote(
          verdict,
          'not asked: the per-batch limit of second opinions was reached',
        );
      // The hash stays the deterministic evidence's, so a rescan reuses this verdict.
      decision = {
        ...decision,
        verdict,
        route: routesToFix(verdict.classification, verdict.codemodAvailable, row, scan.settings),
      };
    }
    decided.push({
      findingId: row.id,
      ruleId: row.rule_id,
      decision,
      provider,
      aiGenerated,
      hadTriageError: row.triage_error !== null,
    });
    await turnOfTheLoop();
  }
  return decided;
};
