// Held-out group 15, part C: pairs added 2026-12-07 after group 14 was opened, labelled from the
// advisories and the diffs of the two published versions only; no triage rule was written
// against them and triage has not been run on them: not yet measured.
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_15C = [];

// Candidates tried and left out, with the reason: [pair, reason].
export const LEFT_OUT_15C = [];
