// Held-out group 10, part A (issue 26): pairs added 2026-12-07 after group 9 was opened,
// labelled from the advisories and the diffs of the two published versions only; no triage rule
// was written against them and triage was not run on them before the group's one measurement,
// at `6e90770` (README, "Triage quality"); opened for development on 2026-12-07 (`opened`).
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_10A = [
  {
    ecosystem: 'npm',
    name: '@node-red/runtime',
    vulnerable: '1.2.7',
    fixed: '1.2.8',
    advisory: 'CVE-2021-21298',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 10,
    fn: 'storage/localfilesystem/projects: Project.update (package file), Project.getFile, Project.resolveMerge, deleteProject, createProject',
    fix: 'each path the Projects API joins under the project or projects directory (the package file, a file read or merged, the project name) is checked with /^\\.\\./.test(path.relative(root, joined)) and refused before the fs call or the project operation; the joins and fs calls stay',
    real: [
      "lib/storage/localfilesystem/projects/Project.js|if (fs.existsSync(fspath.join(this.path,this.paths['package.json']))) {",
      "lib/storage/localfilesystem/projects/Project.js|fs.writeFileSync(fspath.join(this.path,this.paths['package.json']),newPackage);",
      'lib/storage/localfilesystem/projects/Project.js|return fs.readFile(fspath.join(this.path,filePath),"utf8");',
      'lib/storage/localfilesystem/projects/Project.js|var filePath = fspath.join(this.path,file);',
      'lib/storage/localfilesystem/projects/index.js|var projectPath = fspath.join(projectsDir,name);',
      'lib/storage/localfilesystem/projects/index.js|metadata.path = fspath.join(projectsDir,metadata.name);',
    ],
    guarded: [
      "lib/storage/localfilesystem/projects/Project.js|if (fs.existsSync(fspath.join(this.path,this.paths['package.json']))) {",
      "lib/storage/localfilesystem/projects/Project.js|fs.writeFileSync(fspath.join(this.path,this.paths['package.json']),newPackage);",
      'lib/storage/localfilesystem/projects/Project.js|return fs.readFile(fspath.join(this.path,filePath),"utf8");',
      'lib/storage/localfilesystem/projects/Project.js|var filePath = fspath.join(this.path,file);',
      'lib/storage/localfilesystem/projects/index.js|var projectPath = fspath.join(projectsDir,name);',
      'lib/storage/localfilesystem/projects/index.js|metadata.path = fspath.join(projectsDir,metadata.name);',
    ],
  },
  {
    ecosystem: 'npm',
    name: 'ftp-srv',
    vulnerable: '4.3.4',
    fixed: '4.4.0',
    advisory: 'CVE-2020-26299 (GHSA-jw37-5gqr-cf9j, id not verified here)',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 10,
    fn: 'FileSystem._resolvePath (the client path of every file command)',
    fix: 'backslashes in the client path are turned into "/" before it is joined to the working directory under "/" (so ".." is normalised away at the FTP root) and only then joined to the server root; 4.3.4 joined the path as given, and on Windows a "..\\" path was not normalised and escaped the root',
    real: [
      'src/fs.js|return nodePath.join(path);',
      'src/fs.js|return nodePath.join(this.cwd, path);',
    ],
    guarded: [
      "src/fs.js|: nodePath.join('/', this.cwd, resolvedPath);",
      'src/fs.js|const fsPath = nodePath.resolve(nodePath.join(this.root, joinedPath)',
    ],
  },
  {
    ecosystem: 'npm',
    name: 'gatsby-plugin-sharp',
    vulnerable: '5.8.0',
    fixed: '5.8.1',
    advisory: 'CVE-2023-30548 (GHSA-h2pm-378c-pcxx, id not verified here)',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 10,
    fn: 'onCreateDevServer (the lazy-image middleware of the develop server)',
    fix: 'the early branch that sent any existing file under ./public joined with the decoded request path (pathExists then res.sendFile, "../" reaching any file) is removed; the joined path is now used only after the cache lookup, which calls next() for any path not registered as a lazy image (that lookup was already there)',
    real: [
      'gatsby-node.js|const pathOnDisk = path.resolve(path.join(`./public/`, decodedURI));',
      'gatsby-node.js|return res.sendFile(pathOnDisk);#1',
    ],
    guarded: [
      'gatsby-node.js|const pathOnDisk = path.resolve(path.join(`./public/`, decodedURI));',
      'gatsby-node.js|return res.sendFile(pathOnDisk);',
    ],
  },
  {
    ecosystem: 'npm',
    name: 'axios',
    vulnerable: '1.6.3',
    fixed: '1.6.4',
    advisory: 'formToJSON prototype pollution (id not verified here)',
    class: 'prototype-pollution',
    opened: '2026-12-07',
    group: 10,
    fn: 'formDataToJSON buildPath (lib/helpers/formDataToJSON.js)',
    fix: 'a path part "__proto__" ends buildPath before the assignments to target[name]; the assignments stay, but the pinned rule reports none of them in 1.6.4, so there is no guarded line',
    real: [
      'lib/helpers/formDataToJSON.js|target[name] = [target[name], value];',
      'lib/helpers/formDataToJSON.js|=target[name] = value;',
      'lib/helpers/formDataToJSON.js|=target[name] = [];',
      'lib/helpers/formDataToJSON.js|target[name] = arrayToObject(target[name]);',
    ],
  },
];

/** Pairs of this part fetched and diffed but not in the set, and why (as LEFT_OUT in pairs.mjs). */
export const LEFT_OUT_10A = [
  [
    'npm @modelcontextprotocol/server-filesystem 2025.3.28..2025.7.1 (CVE-2025-53110, CVE-2025-53109)',
    'the fix replaces the prefix check in validatePath with isPathWithinAllowedDirectories and writes edits through a temporary file; no result of the class in a function the fix changed (the fs/promises calls of the ES module are not reported)',
  ],
  [
    'npm ungit 1.5.18..1.5.20 (CVE-2022-25766; 1.5.19 is not on the registry here)',
    'the diff of the two published versions is a large refactor (about 48,000 lines); the git calls go through spawn with argument arrays and the fix could not be told apart at a reported sink',
  ],
  [
    'PyPI swift 2.30.0..2.30.1 (CVE-2022-47950)',
    'the fix is the module-level lxml XMLParser(resolve_entities=False, no_network=True); the lxml.etree.fromstring that uses it is in a function the fix did not change, and no result of the class is on the changed line',
  ],
  [
    'PyPI jupyterlab-git 0.50.0..0.50.1 (repository outside the server root, id not verified here)',
    'the fix checks in show_prefix that the repository lies under the server root; the git commands go through the execute wrapper and no result of the class is in a function the fix changed',
  ],
  [
    'PyPI apache-airflow-providers-mysql 3.4.0..4.0.0 (local_infile from the connection extra, id not verified here)',
    'the fix moves local_infile from the connection extra to a hook parameter; no SQL or command sink is in a function the fix changed',
  ],
  [
    'npm serialize-to-js 1.2.2..2.0.0 (deserialize evaluates code)',
    'deserialize evaluated its input through safer-eval (removed in 2.0.0); no result of code-injection there',
  ],
];
