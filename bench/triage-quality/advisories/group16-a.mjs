// Held-out group 16, part A: pairs added 2026-12-08 after group 15 was opened, labelled from the
// advisories and the diffs of the two published versions only; no triage rule was written
// against them and triage has not been run on them: not yet measured.
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_16A = [
  {
    ecosystem: 'npm',
    name: 'jointjs',
    vulnerable: '3.2.0',
    fixed: '3.4.2',
    advisory:
      'CVE-2020-28480 (fixed in 3.3.0) and CVE-2021-23444 (its bypass, fixed in 3.4.2); ids not verified here',
    class: 'prototype-pollution',
    heldOut: true,
    group: 16,
    fn: 'util.setByPath (src/util/util.mjs)',
    fix: 'setByPath split the path (or took the array it was given) and walked it with diver = diver[keys[i]] || (diver[keys[i]] = {}), then wrote diver[keys[len - 1]] = value, so a path like "__proto__/x" or "constructor/prototype/x" walked onto Object.prototype and wrote there. 3.3.0 calls a new isGetSafe(diver, key) for every walked key and returns the object untouched on "__proto__" or on "constructor" naming a function; 3.4.2 makes isGetSafe turn a key that is neither string nor number into a string first, closing the bypass with an array key such as ["__proto__"]. Both writes stay behind that check in 3.4.2; the last key is not checked, but the walk can no longer reach a shared prototype, so the final write lands on an object of the caller\'s tree. unsetByPath (same fix, delete) is not reported and not labelled; 3.3.0 is not used as the fixed side because its guard was bypassable',
    real: [
      'src/util/util.mjs|(diver[keys[i]] = {});',
      'src/util/util.mjs|=diver[keys[len - 1]] = value;',
    ],
    guarded: [
      'src/util/util.mjs|(diver[key] = {});',
      'src/util/util.mjs|=diver[keys[last]] = value;',
    ],
  },
];

// Candidates tried and left out, with the reason: [pair, reason].
export const LEFT_OUT_16A = [
  [
    'npm lodash 4.17.15..4.17.19 (CVE-2020-8203, zipObjectDeep; 4.17.16 to 4.17.18 are broken releases)',
    'built with --review: the new key check in baseSet guards assignValue(nested, key, newValue), a call the pinned rule does not report; no prototype-pollution result in lodash.js',
  ],
  [
    'npm ipx 1.3.1..1.3.2 (CVE-2025-54387, startsWith(rootDir) without a separator)',
    "looked at with npm pack: the code is only under dist/, which the set's layout skips (the semgrep run had no tree to scan)",
  ],
  [
    'npm mcp-sqlite 1.0.8..1.0.9 (SQL injection in the CRUD tools, CHANGELOG 1.0.9 and PR jparkerweb/mcp-sqlite#7; no CVE or GHSA id verified here)',
    'built with --review: table and column names are now validated and quoted before the SQL is built, but the statements run through sqlite3 db.all/db.run behind executeQuery/executeRun, which no pinned rule reports',
  ],
  [
    'npm object-path 0.11.5..0.11.6 (CVE-2021-23434) and 0.11.7..0.11.8 (CVE-2021-3805); json-pointer 0.6.1..0.6.2 (CVE-2021-23820); jsonpointer 4.1.0..5.0.0 (CVE-2021-23807)',
    'looked at with npm pack: the writes already sit after an inline "__proto__" test in both versions (the pinned rule reports no write behind such a test), and 0.11.8 only moves set()\'s existing check into a helper',
  ],
  [
    'npm fastify-multipart 5.3.0..5.3.1 (constructor field name), dot 1.1.2..1.1.3 (CVE-2020-8141)',
    'looked at with npm pack: fastify-multipart extends an inline "__proto__" test (not reported in either version); dot changes only index.js\'s templateSettings lookup, not the compile',
  ],
  [
    'npm vite 5.4.19..5.4.20 (CVE-2025-58751, CVE-2025-58752)',
    "looked at with npm pack: the server code is a bundled, hash-named chunk under dist/, which the set's layout skips",
  ],
];
