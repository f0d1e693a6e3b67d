// Held-out group 13, part D: pairs added 2026-12-07 after group 12 was opened, labelled from the
// advisories and the diffs of the two published versions only; no triage rule was written
// against them and triage has not been run on them: not yet measured.
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_13D = [
  {
    ecosystem: 'npm',
    name: 'safer-eval',
    vulnerable: '1.3.1',
    fixed: '1.3.2',
    advisory: 'CVE-2019-10759 (id not verified here)',
    class: 'code-injection',
    heldOut: true,
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
];

// Candidates tried and left out, with the reason: [pair, reason].
export const LEFT_OUT_13D = [];
