// Held-out group 15, part C: pairs added 2026-12-07 after group 14 was opened, labelled from the
// advisories and the diffs of the two published versions only; no triage rule was written
// against them and triage was not run on them before the group's one measurement, at `732899d`
// (README, "Triage quality"); opened for development on 2026-12-08 (`opened`).
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_15C = [
  {
    ecosystem: 'go',
    name: 'github.com/argoproj/argo-workflows/v3',
    vulnerable: 'v3.7.4',
    fixed: 'v3.7.5',
    advisory: 'CVE-2025-66626 (GHSA-xrqc-7xgx-c9vh, the incomplete fix of CVE-2025-62156)',
    class: 'path-traversal',
    opened: '2026-12-08',
    group: 15,
    fn: 'untar (workflow/executor/executor.go, the executor unpacking a .tgz input artifact into its destination)',
    fix: 'untar already refused entry names outside the destination, but a symlink entry was checked by joining its link name under the entry directory, so an absolute link target (a link to /etc) passed the check, and a later regular entry under that link was written through it by os.OpenFile. v3.7.5 joins the link name only when it is relative and checks the cleaned target against the destination, and before the os.OpenFile of a regular entry resolves the symlinks of the parent directory and refuses it when it lies outside the resolved destination; the os.OpenFile and the join of a relative link name stay behind those checks. The filepath.Join of the entry name (checked in both versions) is not what the fix is about and is not labelled',
    real: [
      'workflow/executor/executor.go|f, err := os.OpenFile(target, os.O_CREATE',
      'workflow/executor/executor.go|linkTarget := filepath.Join(filepath.Dir(target), header.Linkname)',
    ],
    guarded: [
      'workflow/executor/executor.go|f, err := os.OpenFile(target, os.O_CREATE',
      'workflow/executor/executor.go|linkTarget = filepath.Join(filepath.Dir(target), header.Linkname)',
    ],
  },
  {
    ecosystem: 'go',
    name: 'github.com/open-policy-agent/opa',
    vulnerable: 'v0.67.1',
    fixed: 'v0.68.0',
    advisory: 'CVE-2024-8260 (id not verified here)',
    class: 'path-traversal',
    opened: '2026-12-08',
    group: 15,
    fn: 'loader.GetBundleDirectoryLoaderFS (opens the bundle path a caller or a CLI argument names)',
    fix: 'on Windows a path given to the loader could be a UNC path (\\\\host\\share\\bundle.tar.gz), and os.Stat / os.Open of it made the machine authenticate to that host (SMB forced authentication, leaking its NTLM hash). v0.68.0 adds checkForUNCPath, which refuses a path starting with two slashes or backslashes, after fileurl.Clean in AsBundle, GetBundleDirectoryLoaderFS and allRec; the os.Open of the bundle file in GetBundleDirectoryLoaderFS stays behind that check',
    real: ['loader/loader.go|fh, err = os.Open(path)'],
    guarded: ['loader/loader.go|fh, err = os.Open(path)'],
  },
  {
    ecosystem: 'go',
    name: 'github.com/argoproj/argo-events',
    vulnerable: 'v1.7.0',
    fixed: 'v1.7.1',
    advisory: 'CVE-2022-25856',
    class: 'path-traversal',
    opened: '2026-12-08',
    group: 15,
    fn: "GitArtifactReader.readFromRepository and NewGitReader (sensors/artifacts/git.go, reads the file a sensor's git artifact names from the cloned repository)",
    fix: 'readFromRepository read dir + "/" + the artifact\'s filePath with ioutil.ReadFile, so a filePath with ../ or a symlink committed to the repository read any file of the sensor pod. v1.7.1 makes NewGitReader refuse a filePath holding "..", "~" or a backslash, and readFromRepository refuse the file when os.Lstat shows a symlink, before the read, which stays (now os.ReadFile of the same joined path). No pinned rule reports the vulnerable read (gosec G304 does not flag the path built by fmt.Sprintf inside the call), so there is no real line; the fixed read of the named variable is reported. The ssh key read in getSSHKeyAuth, changed in the same release for host key checking, is not labelled',
    real: [],
    guarded: ['sensors/artifacts/git.go|return os.ReadFile(filePath)'],
  },
  {
    ecosystem: 'go',
    name: 'github.com/tektoncd/pipeline',
    vulnerable: 'v1.6.0',
    fixed: 'v1.6.1',
    advisory: 'CVE-2026-33211 (GHSA-j5q5-j9gm-2w5c)',
    class: 'path-traversal',
    opened: '2026-12-08',
    group: 15,
    fn: 'repository.getFileContent (pkg/resolution/resolver/git/repository.go, reads the pathInRepo file of a git resolution request from the cloned repository)',
    fix: 'getFileContent read filepath.Join(repo.directory, path) with the pathInRepo parameter of a ResolutionRequest, so a tenant could read any file of the resolver pod (its ServiceAccount token) with ../ or a symlink in the repository. v1.6.1 resolves the symlinks of the repository directory and of the joined path, takes the path relative to the repository and refuses it when it holds .., before the os.ReadFile, which stays (now of the resolved absolute path)',
    real: [
      'pkg/resolution/resolver/git/repository.go|fileContents, err := os.ReadFile(filepath.Join(repo.directory, path))',
    ],
    guarded: [
      'pkg/resolution/resolver/git/repository.go|fileContents, err := os.ReadFile(absPath)',
    ],
  },
  {
    ecosystem: 'maven',
    name: 'com.amazonaws:aws-java-sdk-s3',
    vulnerable: '1.12.260',
    fixed: '1.12.261',
    advisory: 'CVE-2022-31159 (id not verified here)',
    class: 'path-traversal',
    opened: '2026-12-08',
    group: 15,
    fn: 'TransferManager.leavesRoot (the check downloadDirectory runs on each object key before writing it under the local directory)',
    fix: 'leavesRoot built the local file from the destination directory and the object key and compared the two canonical paths as strings with startsWith, so a key resolving to a sibling directory sharing the prefix (/tmp/dl-evil under /tmp/dl) was accepted and downloadDirectory wrote outside the destination. 1.12.261 compares the canonical paths as Path objects (Path.startsWith, whole name elements); the new File(localBaseDirectory, key) the check is made on stays, now with a sound comparison',
    real: [
      'com/amazonaws/services/s3/transfer/TransferManager.java|return !new File(localBaseDirectory, key).getCanonicalPath().startsWith(',
    ],
    guarded: [
      'com/amazonaws/services/s3/transfer/TransferManager.java|Path targetPath = new File(localBaseDirectory, key).getCanonicalFile().toPath();',
    ],
  },
  {
    ecosystem: 'maven',
    name: 'org.apache.ivy:ivy',
    vulnerable: '2.5.0',
    fixed: '2.5.1',
    advisory: 'CVE-2022-37866, with CVE-2022-37865 in the same release (ids not verified here)',
    class: 'path-traversal',
    opened: '2026-12-08',
    group: 15,
    fn: 'DefaultRepositoryCacheManager.getCachedDataFile(String resolverName, ModuleRevisionId) (the ivydata file of a module in the repository cache)',
    fix: 'the cache file was placed by substituting the module coordinates (organisation, module, revision) into the data file pattern and appending the resolver name, so coordinates holding "../" put it outside the cache. 2.5.1 adds assertInsideCache (FileUtil.isLeadingPath against the cache root, throwing otherwise) right after the File is built and before it is used, here and before the artifact downloads; the new File(...) stays. The same release makes ZipPacking skip entries outside the destination (CVE-2022-37865), whose entry-name path no rule reports',
    real: [
      'org/apache/ivy/core/cache/DefaultRepositoryCacheManager.java|IvyPatternHelper.substitute(getDataFilePattern(), mRevId) + "." + resolverName)',
    ],
    guarded: [
      'org/apache/ivy/core/cache/DefaultRepositoryCacheManager.java|IvyPatternHelper.substitute(getDataFilePattern(), mRevId) + "." + resolverName)',
    ],
  },
];

// Candidates tried and left out, with the reason: [pair, reason].
export const LEFT_OUT_15C = [
  [
    'Go github.com/tektoncd/pipeline v1.6.1..v1.6.2 (CVE-2026-40938, git resolver revision argument injection)',
    'looked at, not built: the fix puts "--" before the revision and URL in clone and checkout and refuses a revision starting with "-"; the git command runs through a function-typed executor field in execGit, which gosec G204 does not see and the fix did not change, so no result lies at the sink',
  ],
  [
    'Go github.com/containers/buildah v1.37.4..v1.37.5 (CVE-2024-9675, cache mount path traversal)',
    "looked at, not built: the fix replaces the cache directory joined from the user's id or destination by a digest of it (and evaluates the from-stage source with copier.Eval), so the sink is replaced rather than guarded, and the filepath.Join it replaces is not reported outside archive extraction",
  ],
  [
    'Go github.com/hashicorp/nomad v1.3.0..v1.3.1 (artifact fetching limits)',
    'looked at, not built: the release passes new go-getter limits and options from the client configuration to the artifact hook; the file writes are in go-getter, not in the changed functions',
  ],
  [
    'Go github.com/hashicorp/go-getter v1.7.8..v1.7.9 (CVE-2025-8959, symlinks in subdirectory downloads)',
    'looked at, not built: the release also reformats and lint-fixes most files of the module, so the changed functions are not the fix alone; the package already has three pairs',
  ],
  [
    'Go github.com/ollama/ollama v0.1.45..v0.1.46 (CVE-2024-39722, looked for the api/push path fix)',
    'looked at, not built: the only server change between the two releases is in the quantization of CreateModel, not a path check',
  ],
  [
    'Go github.com/lf-edge/ekuiper v1.14.1..v1.14.2 (CVE-2024-43406) and github.com/lf-edge/ekuiper/v2 (GHSA-526j-mv3p-f4vv), github.com/owncast/owncast v0.1.2..v0.1.3 (CVE-2024-31450), github.com/anchore/archiver/v3 (CVE-2024-0406), goshs.de/goshs (GHSA-964w-f6gj-5236)',
    'not fetched: the Go module proxy refused the versions or the version list here',
  ],
  [
    'Maven org.apache.camel:camel-core 2.21.1..2.21.2 (CVE-2018-8027, XXE in XSD validation)',
    'looked at (the sources jars), not built: no XML parser factory or validation code changed between the two releases',
  ],
  [
    'Maven com.sparkjava:spark-core 2.5.1..2.5.2 (CVE-2016-9177, static files directory traversal)',
    'looked at (the sources jars), not built: the fix adds DirectoryTraversal checks in the resource handlers, but the new File of the path is in ExternalResource, which the fix did not change, so no path result lies in a changed function',
  ],
  [
    'Maven org.jooby:jooby 1.6.6..1.6.7 (CVE-2020-7647, asset handler traversal; io.jooby:jooby 2.8.2 is not on Maven Central here)',
    'looked at (the sources jars), not built: the file-system loader already checked path.startsWith(basedir) in 1.6.6; the fix restricts the class path loader, whose sink is ClassLoader.getResource',
  ],
  [
    'Go github.com/nats-io/nats-server/v2 v2.7.3..v2.7.4 (CVE-2022-26652, JetStream stream restore tar)',
    'built with --review: gosec loads no package of the laid-out server/ folder (it holds errors_gen.go of package main beside package server), reports nothing on either side and the build stops on its missing SARIF; the fix adds a regular-file check and a HasPrefix check before the os.OpenFile, which stays',
  ],
  [
    'Go helm.sh/helm/v3 v3.14.0..v3.14.1 (CVE-2024-25620, chart name path traversal)',
    'built with --review: the fix adds validateName before the filepath.Join(dest, c.Name()) of SaveDir and writeTarContents, but no path result lies in the changed functions (only G301 directory permissions)',
  ],
  [
    'Go helm.sh/helm/v3 v3.2.3..v3.2.4 (CVE-2020-4053, plugin archive extraction)',
    'built with --review: gosec loaded no package (the module proxy refused vbom.ml/util, which k8s.io/kubectl v0.18.0 requires) and the build stopped on its missing SARIF; the fix replaces the filepath.Join of the entry name by cleanJoin, so there would be no guarded line',
  ],
  [
    'Maven ch.qos.reload4j:reload4j 1.2.18.0..1.2.18.2 (CVE-2022-23305, JDBCAppender; 1.2.18.1 has no jdbc package)',
    'built with --review: the one SQL result, stmt.executeUpdate(sql) in execute(String), is in a function the fix changed only in whitespace (it stays, no longer called by default); the fix rewrote flushBuffer to bind the values in a PreparedStatement whose SQL comes from the parsed pattern, which no rule reports',
  ],
];
