// Held-out group 13, part C: pairs added 2026-12-07 after group 12 was opened, labelled from the
// advisories and the diffs of the two published versions only; no triage rule was written
// against them and triage has not been run on them: not yet measured.
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_13C = [];

// Candidates tried and left out, with the reason: [pair, reason].
export const LEFT_OUT_13C = [];
