// Held-out group 10, part D (issue 26): pairs added 2026-12-07 after group 9 was opened,
// labelled from the advisories and the diffs of the two published versions only; no triage rule
// was written against them and triage was not run on them before the group's one measurement,
// at `6e90770` (README, "Triage quality"); opened for development on 2026-12-07 (`opened`).
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_10D = [
  {
    ecosystem: 'npm',
    name: 'tmp',
    vulnerable: '0.2.3',
    fixed: '0.2.4',
    advisory: 'CVE-2025-54798 (id not verified here)',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 10,
    fn: '_generateTmpName (the dir option joined under the tmp directory), fileSync, dirSync',
    fix: '0.2.3 checked the dir option only as text (an absolute dir had to start with the tmp directory), so a dir that is a symbolic link inside the tmp directory led the file or directory created from the joined name outside it; 0.2.4 resolves the dir option with realpath (_resolvePath/_resolvePathSync) and refuses it unless the resolved path starts with the tmp directory (_getRelativePath), before the name is generated and the file is opened or the directory made; the joins, openSync and mkdirSync stay',
    real: [
      'lib/tmp.js|return path.join(tmpDir, opts.dir, opts.name);',
      'lib/tmp.js|return path.join(tmpDir, opts.dir, opts.template)',
      'lib/tmp.js|return path.join(tmpDir, opts.dir, name);',
      'lib/tmp.js|var fd = fs.openSync(name, CREATE_FLAGS, opts.mode || FILE_MODE);',
      'lib/tmp.js|fs.mkdirSync(name, opts.mode || DIR_MODE);',
    ],
    guarded: [
      'lib/tmp.js|return path.join(tmpDir, opts.dir, opts.name);',
      'lib/tmp.js|return path.join(tmpDir, opts.dir, opts.template)',
      'lib/tmp.js|return path.join(tmpDir, opts.dir, name);',
      'lib/tmp.js|let fd = fs.openSync(name, CREATE_FLAGS, opts.mode || FILE_MODE);',
      'lib/tmp.js|fs.mkdirSync(name, opts.mode || DIR_MODE);',
    ],
  },
  {
    ecosystem: 'npm',
    name: 'global-modules-path',
    vulnerable: '2.3.1',
    fixed: '3.0.0',
    advisory: 'CVE-2022-21191 (id not verified here)',
    class: 'command-injection',
    opened: '2026-12-07',
    group: 10,
    fn: 'getPath: the Windows (where) and Unix (which, ls -l `which`) look-ups of the executable name',
    fix: 'the executable name was put into shell command lines run with execSync (`where ${executableName}`, `which ${executableName}`, ls -l of `which ${executableName}`); 3.0.0 runs where, which and ls through spawnSync with argument arrays (spawnSyncWrapper), so the sinks are gone and there is no guarded line',
    real: [
      'lib/index.js|childProcess.execSync(`where ${executableName}`)',
      'lib/index.js|childProcess.execSync(`which ${executableName}`)',
      'lib/index.js|childProcess.execSync(`ls -l \\`which ${executableName}\\``)',
    ],
  },
  {
    ecosystem: 'npm',
    name: 'cycle-import-check',
    vulnerable: '1.3.0',
    fixed: '1.4.0',
    advisory: 'CVE-2022-24377 (id not verified here; 1.4.0 is the next published version)',
    class: 'command-injection',
    opened: '2026-12-07',
    group: 10,
    fn: 'writeFileToTmpDirAndOpenIt (src/file.ts)',
    fix: 'the file name was joined under the tmp directory and put into a shell command line (`start ${path}` / `open ${path}`) run with exec; 1.4.0 removed writeFileToTmpDirAndOpenIt and its exec calls, so there is no guarded line',
    real: ['src/file.ts|exec(`start ${path}`)', 'src/file.ts|exec(`open ${path}`)'],
  },
];

/** Pairs of this part fetched and diffed but not in the set, and why (as LEFT_OUT in pairs.mjs). */
export const LEFT_OUT_10D = [
  [
    'npm rollup-plugin-serve 1.0.1..1.0.2 (CVE-2020-7684, id not verified here), @hono/node-server 2.0.4..2.0.5 (Windows serveStatic traversal, id not verified here), git-interface 2.1.0..2.1.2, eta 1.14.2..2.0.0 (CVE-2022-25967)',
    'the changed code ships only in dist/, which the layout skips (and in rollup-plugin-serve the readFile is in readFileFromContentBase, which the fix did not change; in eta the fix only stops reading the config from the data object)',
  ],
  [
    'npm git-clone 0.1.0..0.2.0 (CVE-2022-25900, id not verified here), ggit 2.4.11..2.4.12',
    'the git commands go through spawn with argument arrays (git-clone) or through the package’s own exec wrapper (ggit): no result of the class at a sink the fix changed',
  ],
  [
    'npm vite-plugin-static-copy 1.0.4..1.0.5, 1.0.5..1.0.6',
    'neither release changes a file the layout keeps (1.0.5 changes only package.json; the code is in dist/)',
  ],
];
