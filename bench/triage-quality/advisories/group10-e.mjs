// Held-out group 10, part E (issue 26): pairs added 2026-12-07 after group 9 was opened,
// labelled from the advisories and the diffs of the two published versions only; no triage rule
// was written against them and triage was not run on them before the group's one measurement.
// Same fields as PAIRS in pairs.mjs (every pair here has `heldOut: true`).
export const PAIRS_10E = [];

/** Pairs of this part fetched and diffed but not in the set, and why (as LEFT_OUT in pairs.mjs). */
export const LEFT_OUT_10E = [];
