import { expect } from 'vitest';
import { flowAt } from './build.js';

/** A vulnerable snippet of an adversarial review: a near miss of a guard the engine accepts. */
export interface Case {
  name: string;
  cls: string;
  uri: string;
  marker: string;
  lines: string[];
}

/** Asserts the sink of `c` is reached: its flow is anything but 'no-source' (FALSE_POSITIVE). */
export const reached = (c: Case) => {
  // flowAt returns null (nothing decided) for some classes: that keeps the rule's verdict.
  const r = flowAt(c.cls, c.lines, c.marker, c.uri) as ReturnType<typeof flowAt> | null;
  expect(r?.outcome, `${c.cls}: ${r?.reason ?? 'null'}`).not.toBe('no-source');
};
