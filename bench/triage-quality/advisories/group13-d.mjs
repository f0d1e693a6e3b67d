// Held-out group 13, part D: pairs added 2026-12-07 after group 12 was opened, labelled from the
// advisories and the diffs of the two published versions only; no triage rule was written
// against them and triage was not run on them before the group's one measurement, at `e6a2c99`
// (README, "Triage quality"); opened for development on 2026-12-07 (`opened`).
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_13D = [
  {
    ecosystem: 'npm',
    name: 'safer-eval',
    vulnerable: '1.3.1',
    fixed: '1.3.2',
    advisory: 'CVE-2019-10759 (id not verified here)',
    class: 'code-injection',
    opened: '2026-12-07',
    group: 13,
    fn: 'SaferEval.runInContext',
    fix: 'runInContext wrapped the caller\'s code in a function and passed it to vm.runInContext, where a payload reaching Function through the constructor properties (this.constructor.constructor) escaped the context and ran code in the host. 1.3.2 prepends "Object.constructor = function () {};" to the evaluated source (lib/index.js is the published main, src/index.js its source); the vm.runInContext call stays',
    real: [
      'lib/index.js|return vm.runInContext(\'(function () {"use strict"; return \' + code',
      'src/index.js|=return vm.runInContext(',
      "src/index.js|'(function () {\"use strict\"; return ' + code + '})()',",
    ],
    guarded: [
      'lib/index.js|return vm.runInContext(\'(function () {"use strict"; \' + src',
      'src/index.js|=return vm.runInContext(',
      "src/index.js|'(function () {\"use strict\"; ' + src + '})()',",
    ],
  },
  {
    ecosystem: 'npm',
    name: 'static-eval',
    vulnerable: '1.1.1',
    fixed: '2.0.0',
    advisory: 'CVE-2017-16226 (id not verified here)',
    class: 'code-injection',
    opened: '2026-12-07',
    group: 13,
    fn: 'module.exports walk (the FunctionExpression branch)',
    fix: 'for a function expression in the evaluated source, walk built a Function from the unparsed node without looking at its body, and a member access on a function value was allowed, so input could reach the global Function constructor (e.g. through (function(){}).constructor) and run code. 2.0.0 walks every statement of the function body and fails on any node it does not allow, and fails a member access whose object is a function, before the same Function(keys, "return " + unparse(node)) call, which stays',
    real: ["index.js|return Function(keys.join(', '), 'return ' + unparse(node))"],
    // Not labelled guarded (lead, before measurement): npm advisory 758 (fixed in 2.0.2) says the
    // releases before 2.0.2 still let a function expression's parameters run code, 2.0.0 among
    // them, so this fixed version's call is not a guarded sink (the next pair holds 2.0.1..2.0.2).
    guarded: [],
  },
  {
    ecosystem: 'npm',
    name: 'static-eval',
    vulnerable: '2.0.1',
    fixed: '2.0.2',
    advisory: 'npm advisory 758 (sandbox breakout, fixed in 2.0.2; id not verified here)',
    class: 'code-injection',
    opened: '2026-12-07',
    group: 13,
    fn: 'module.exports walk (the FunctionExpression branch)',
    fix: 'the parameter check 2.0.1 added for function expressions ran inside a forEach callback, so its "return FAIL" for a parameter that is not a plain identifier (a default value or a destructuring pattern, which can run code) returned from the callback only, and the function was still built and called. 2.0.2 replaces the forEach with a for loop, so such a parameter makes walk fail before the same Function(keys, "return " + unparse(node)) call, which stays',
    real: ["index.js|return Function(keys.join(', '), 'return ' + unparse(node))"],
    guarded: ["index.js|return Function(keys.join(', '), 'return ' + unparse(node))"],
  },
  {
    ecosystem: 'npm',
    name: 'copy-props',
    vulnerable: '2.0.4',
    fixed: '2.0.5',
    advisory: 'CVE-2020-28503 (id not verified here)',
    class: 'prototype-pollution',
    opened: '2026-12-07',
    group: 13,
    fn: '_setDeep (the key-chain writer behind copyProps when a destination key chain is given)',
    fix: 'copyProps split destination key chains on "." and _setDeep assigned each element as a property of the object it walked, so a chain like "__proto__.x" or "constructor.prototype.x" wrote onto Object.prototype. 2.0.5 returns at the top of _setDeep when the key is "__proto__" or "constructor"; both assignments stay',
    real: ['index.js|=obj[key] = value;', 'index.js|=obj[key] = {};'],
    guarded: ['index.js|=obj[key] = value;', 'index.js|=obj[key] = {};'],
  },
  {
    ecosystem: 'npm',
    name: 'connie-lang',
    vulnerable: '0.1.0',
    fixed: '0.1.1',
    advisory: 'CVE-2020-7706 (id not verified here)',
    class: 'prototype-pollution',
    opened: '2026-12-07',
    group: 13,
    fn: 'setValue (the writer behind ConnieLang.parse, fed by getEntries)',
    fix: 'parse flattened the configuration into key paths with getEntries and rebuilt the result with setValue, which assigned every path element as a property, so a configuration object with a "__proto__" (or "constructor") key wrote onto Object.prototype. 0.1.1 makes getEntries return without descending into any object whose own keys include "__proto__" or "constructor" (and copies the input into an Object.create(null) object), so those paths never reach setValue; setValue, only reformatted, keeps its three assignments',
    real: [
      'lib/connie-lang.js|if (!o[lastKey]) { o[lastKey] = []; }',
      'lib/connie-lang.js|if (!o[lastKey]) { o[lastKey] = {}; }',
      'lib/connie-lang.js|=o[keys[keys.length - 1]] = value;',
    ],
    guarded: [
      'lib/connie-lang.js|=o[lastKey] = [];',
      'lib/connie-lang.js|=o[lastKey] = {};',
      'lib/connie-lang.js|=o[keys[keys.length - 1]] = value;',
    ],
  },
];

// Candidates tried and left out, with the reason: [pair, reason].
export const LEFT_OUT_13D = [
  [
    'npm fast-loops 1.1.3..1.1.4 (CVE-2024-39008, id not verified here)',
    'the fix puts a literal "__proto__"/"constructor"/"prototype" key check at the top of the for-in loop in objectMergeDeep; the pinned prototype-pollution-loop rule reports both base[key] assignments of 1.1.3 and neither of 1.1.4, so the guarded sink holds no result to label',
  ],
  [
    'npm deepmerge-ts 4.0.0..4.0.2 (CVE-2022-24802, id not verified here)',
    'the scan of this pair fails here (semgrep exits with an error on its dist/node/index.cjs and index.mjs), so no line can be checked',
  ],
  [
    'npm dojox 1.16.0..1.16.2 (CVE-2020-5259, jqMix, id not verified here)',
    'looked at with npm pack: the check 1.16.2 adds in front of the obj[x] = props[x] writes in jqMix compares the key with "__proto__ " (with a trailing space), so it rejects no key; not a guarded sink, and no other candidate version was looked at',
  ],
  [
    'npm @firebase/util 0.3.3..0.3.4 (CVE-2020-7765, id not verified here)',
    'the fix adds an isValidKey(prop) check before target[prop] = deepExtend(...) in deepExtend, a guard the pinned rules would still report, but the scan of this pair fails here (semgrep exits with an error and no message on its laid-out files, as for deepmerge-ts), so no line can be checked',
  ],
  [
    'npm safer-eval 1.3.3..1.3.4 (CVE-2019-10760, id not verified here)',
    'looked at with npm pack: the fix hardens the context (console.constructor.constructor) in createContext in src/common.js; runInContext, where vm.runInContext is called, is not changed',
  ],
  [
    'npm ejs 2.5.2..2.5.3 (CVE-2017-1000228, id not verified here)',
    'looked at with npm pack: the fix stops cpOptsInData from copying the root option out of the data object; the compile sink (new Function in Template.compile) is in a function the fix did not change',
  ],
  [
    'npm squirrelly 8.0.8..9.0.0 (CVE-2021-32819, id not verified here)',
    'looked at with npm pack: 9.0.0 removes the copying of Express settings["view options"] into the configuration in renderFile; no code-execution sink in the changed function, and the compile step is unchanged',
  ],
  [
    'npm clamscan 1.2.0..1.3.0 (CVE-2020-7613, id not verified here)',
    'looked at with npm pack: the version check moved from exec to execFile with the command split into arguments, no guard in front of a sink that stays; not taken further for lack of time',
  ],
  [
    'npm jsonpath-plus 10.2.0..10.3.0 (CVE-2025-1302, id not verified here)',
    'looked at with npm pack: the fix only coerces the member-expression property to a string in SafeEval.evalMemberExpression (src/Safe-Script.js and the bundles); no code-execution sink in the changed function',
  ],
  [
    'npm mysql2 3.9.6..3.9.7 (CVE-2024-21511, id not verified here)',
    'looked at with npm pack: the fix escapes the timezone in the generated parser source (readCodeFor in lib/parsers/text_parser.js and binary_parser.js); the code is compiled elsewhere, in functions the fix did not change',
  ],
];
