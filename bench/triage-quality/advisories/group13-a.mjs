// Held-out group 13, part A: pairs added 2026-12-07 after group 12 was opened, labelled from the
// advisories and the diffs of the two published versions only; no triage rule was written
// against them and triage was not run on them before the group's one measurement, at `e6a2c99`
// (README, "Triage quality"); opened for development on 2026-12-07 (`opened`).
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_13A = [
  {
    ecosystem: 'npm',
    name: 'node-os-utils',
    vulnerable: '1.0.7',
    fixed: '1.1.0',
    advisory: 'npm advisory 784 (remote code execution, fixed in 1.1.0; id not verified here)',
    class: 'command-injection',
    opened: '2026-12-07',
    group: 13,
    fn: 'bucket.exec (lib/bucket.js, the object the package exports)',
    fix: "the exported bucket object carried exec(command), which ran any string it was given through cp.exec with shell: true, so a caller passing text it received ran arbitrary commands; 1.1.0 removes exec from the exported object and moves it to an internal lib/exec.js that only the package's own modules call, with constant commands. The sink is gone from the exported function, no guarded line",
    real: ['lib/bucket.js|cp.exec(command, { shell: true }'],
  },
];

// Candidates tried and left out, with the reason: [pair, reason].
export const LEFT_OUT_13A = [
  [
    'npm dns-sync 0.1.0..0.1.1 (CVE-2017-16100, id not verified here), nodemailer 6.4.15..6.4.16 (CVE-2020-7769, id not verified here)',
    "built with --review: no command-injection result in a function either fix changed (dns-sync's resolve() gained a hostname check before shelljs's shell.exec(cmd), which no pinned rule reports; nodemailer's sendmail transport calls spawn through this._spawn, not reported either)",
  ],
  [
    'npm systeminformation 5.21.6..5.21.7 (CVE-2023-42810, id not verified here)',
    'looked at with npm pack: the sanitizeShellString copies of the interface name and SSID are made in wifiNetworks and wifiConnections, while the execSync calls sit in helpers (getWifiNetworkListIw, nmiConnectionLinux) the fix did not change, as in the systeminformation pairs left out before',
  ],
  [
    'npm eta 1.14.2..2.0.0 (CVE-2022-25967, id not verified here)',
    'looked at with npm pack: the fix stops renderFile from taking its config (varName and the other options) from the Express data object; the Function constructor in compile() that builds the template is in a function the fix did not change',
  ],
  [
    'npm kill-port 1.6.0..1.6.1',
    'looked at with npm pack: the Windows netstat command no longer carries the port, but no advisory naming this release could be checked here',
  ],
];
