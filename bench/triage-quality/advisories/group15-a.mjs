// Held-out group 15, part A: pairs added 2026-12-07 after group 14 was opened, labelled from the
// advisories and the diffs of the two published versions only; no triage rule was written
// against them and triage was not run on them before the group's one measurement, at `732899d`
// (README, "Triage quality"); opened for development on 2026-12-08 (`opened`).
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_15A = [
  {
    ecosystem: 'npm',
    name: 'jsonpath',
    vulnerable: '1.1.1',
    fixed: '1.2.0',
    advisory: 'CVE-2025-61140 (GHSA-6c59-mwgh-r2x6)',
    class: 'prototype-pollution',
    opened: '2026-12-08',
    group: 15,
    fn: 'JSONPath.prototype.apply (its per-node callback), value and _vivify (its setValue helper)',
    fix: 'value(obj, path, v), apply(obj, path, fn) and _vivify took the keys of a JSONPath expression such as "$.__proto__.x" or "$.constructor.prototype.x" and wrote with parent[key] = value / val and node[key] = value after walking onto the object the keys named, i.e. Object.prototype. 1.2.0 throws on a "__proto__", "prototype" or "constructor" key: _assert_safe_path_keys(node.path) at the top of the apply callback and in value before the write, and _assert_safe_key(key) in setValue right before node[key] = value (nodes() also checks the parsed components); the three assignments stay',
    real: [
      'lib/index.js|=parent[key] = val;',
      'lib/index.js|=parent[key] = value;',
      'lib/index.js|=node[key] = value;',
    ],
    guarded: [
      'lib/index.js|=parent[key] = val;',
      'lib/index.js|=parent[key] = value;',
      'lib/index.js|=node[key] = value;',
    ],
  },
  {
    ecosystem: 'npm',
    name: 'qs',
    vulnerable: '6.10.2',
    fixed: '6.10.3',
    advisory: 'CVE-2022-24999 (id not verified here)',
    class: 'prototype-pollution',
    opened: '2026-12-08',
    group: 15,
    fn: 'parseObject (lib/parse.js: builds the nested object of one bracketed key, leaf first)',
    fix: 'parseObject wrapped the parsed value in one object per bracket segment with obj[cleanRoot] = leaf, so a query string key like "a[__proto__][b]" (or "__proto__[x]") set the prototype of the new object to an attacker-built object that the merge then carried into the result (and, through Express req.query, into application objects). 6.10.3 skips the assignment when cleanRoot is "__proto__" (else if (cleanRoot !== "__proto__")); the assignment stays for every other key. The numeric-index branch (obj[index] = leaf, an array slot) is not the sink and is not labelled',
    real: ['lib/parse.js|=obj[cleanRoot] = leaf;'],
    guarded: ['lib/parse.js|=obj[cleanRoot] = leaf;'],
  },
  {
    ecosystem: 'npm',
    name: 'immer',
    vulnerable: '9.0.5',
    fixed: '9.0.6',
    advisory: 'CVE-2021-3757 (id not verified here)',
    class: 'prototype-pollution',
    opened: '2026-12-08',
    group: 15,
    fn: 'applyPatches_ (src/plugins/patches.ts: the per-patch callback)',
    fix: 'applyPatches_ walked patch.path with base = get(base, p), refusing a "__proto__" or "constructor" segment by comparing p with the string, then wrote the patch value with base[key] = value (the replace and add cases); a path segment given as an array (["__proto__"]) is not === "__proto__" but get() still used it as the key, so the walk reached Object.prototype and the write landed there. 9.0.6 converts each segment to a string first (p = "" + path[i]) so the existing check refuses it; both base[key] = value writes stay',
    real: [
      'src/plugins/patches.ts|return (base[key] = value)#1',
      'src/plugins/patches.ts|return (base[key] = value)#2',
    ],
    guarded: [
      'src/plugins/patches.ts|return (base[key] = value)#1',
      'src/plugins/patches.ts|return (base[key] = value)#2',
    ],
  },
];

// Candidates tried and left out, with the reason: [pair, reason].
export const LEFT_OUT_15A = [
  [
    'npm mysql2 3.9.3..3.9.4 (CVE-2024-21508, CVE-2024-21509)',
    'built with --review: the fix coerces supportBigNumbers/bigNumberStrings to booleans and builds result objects with Object.create(null) inside generated parser code; the compile (parserFn.toFunction) is reported by no pinned rule and the only result in the changed functions (resultTables[...] = 1) is not the sink',
  ],
  [
    'npm @nestjs/devtools-integration 0.2.0..0.2.1 (CVE-2025-54782, id not verified here)',
    'built with --review: no code-injection result in the changed functions (vm.runInNewContext is reached through a wrapper method; the fix replaces it with a sandbox library and adds origin and token checks)',
  ],
  [
    'npm glob 10.4.5..10.5.0 (CVE-2025-64756)',
    'built with --review: the CLI runs -c/--cmd through foreground-child, which no pinned rule reports',
  ],
  [
    'npm tar 6.1.0..6.1.1 (CVE-2021-32804), 7.5.2..7.5.3 and 7.5.6..7.5.7 (linkpath sanitising, ids not verified here), 7.5.7..7.5.8 (symlink chain check, id not verified here)',
    'looked at with npm pack: the fixes change the path/linkpath checks in [CHECKPATH] or add an lstat walk before this[LINK]; the linkpath resolve and the link calls are in functions the fix left as they were, and 6.1.8..6.1.9 is already in the set',
  ],
  [
    'npm mathjs 3.10.0..3.10.1, 3.11.4..3.11.5, 3.16.5..3.17.0 (expression parser code execution, ids not verified here)',
    'looked at with npm pack: 3.10.1 holds no security change; the later fixes are in the node compilers and the generated code (property checks), while new Function in Node.compile only changes its math namespace, with no advisory id to tie it to',
  ],
  [
    'npm lodash.merge 4.6.1..4.6.2 (CVE-2020-8203 family, id not verified here)',
    'looked at with npm pack: only safeGet changes; the assignments (assignMergeValue, baseAssignValue) are in functions the fix did not touch',
  ],
  [
    'npm cloudcmd 19.19.0..19.19.1',
    'looked at with npm pack: the release changes a key binding and docs; the registry here holds no later version with the --root traversal fix',
  ],
  ['npm guaycuru 0.2.3..0.2.4 (directory traversal)', '0.2.4 is not on the registry here'],
  [
    'npm convict 6.2.3..6.2.4 (CVE-2023-0163, id not verified here)',
    'looked at with npm pack: the fix edits the forbidden-prefix string list, not a function around an assignment',
  ],
];
