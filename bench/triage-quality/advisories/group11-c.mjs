// Held-out group 11, part C (issue 26): pairs added 2026-12-07 after group 10 was opened,
// labelled from the advisories and the diffs of the two published versions only; no triage rule
// was written against them and triage was not run on them before the group's one measurement,
// at `2d7129a` (README, "Triage quality"); opened for development on 2026-12-07 (`opened`).
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_11C = [
  {
    ecosystem: 'go',
    name: 'code.sajari.com/docconv',
    vulnerable: 'v1.2.0',
    fixed: 'v1.2.1',
    advisory: 'CVE-2022-4643',
    class: 'command-injection',
    opened: '2026-12-07',
    group: 11,
    fn: 'PDFHasImage (pdf_ocr.go, built with the ocr tag)',
    fix: 'the PDF path was formatted into a pdffonts pipeline run with bash -c; it is now passed through the new shellEscape (single-quoted when it holds anything outside [\\w@%+=:,./-]) before it is formatted in; the bash -c call stays',
    real: ['pdf_ocr.go|out, err := exec.Command("bash", "-c", fmt.Sprintf(cmd, path)).Output()'],
    guarded: [
      'pdf_ocr.go|out, err := exec.Command("bash", "-c", fmt.Sprintf(cmd, shellEscape(path))).CombinedOutput()',
    ],
  },
  {
    ecosystem: 'maven',
    name: 'com.adobe.xmp:xmpcore',
    vulnerable: '5.1.2',
    fixed: '5.1.3',
    advisory:
      'Adobe APSB16-24 (XMPCore before 5.1.3 reads external entities; CVE id not verified here)',
    class: 'xxe',
    opened: '2026-12-07',
    group: 11,
    fn: 'XMPMetaParser.createDocumentBuilderFactory (the factory every XMP packet is parsed with)',
    fix: 'the DocumentBuilderFactory, which had only FEATURE_SECURE_PROCESSING set, now also gets disallow-doctype-decl on, external general and parameter entities and external DTDs off, XInclude and entity expansion off (and parse() sets disallow-doctype-decl again when the parse options ask for it); the pinned rule does not report the 5.1.3 factory, so there is no guarded line',
    real: [
      'com/adobe/xmp/impl/XMPMetaParser.java|DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();',
    ],
    guarded: [],
  },
  {
    ecosystem: 'go',
    name: 'github.com/docker/compose/v2',
    vulnerable: 'v2.40.0',
    fixed: 'v2.40.2',
    advisory: 'CVE-2025-62725 (GHSA-gv8h-7v7w-r22q; v2.40.1 is not served here)',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 11,
    fn: 'pkg/remote ociRemoteLoader.pullComposeFiles, writeComposeFile and writeEnvFile (the files of a compose project pulled as an OCI artifact)',
    fix: 'the file names a layer names in its com.docker.compose.file (extends) and com.docker.compose.envfile annotations were joined under the local cache directory and created as they were; the new validatePathInBase refuses a name holding a / or \\ or whose joined path does not lie directly in that directory, and writeComposeFile and writeEnvFile call it before the os.Create of the joined path, which stays (the extends file is now created in writeComposeFile). The os.Create of the fixed name compose.yaml in the vulnerable version is not labelled',
    real: [
      'pkg/remote/oci.go|target, err = os.Create(filepath.Join(local, layer.Annotations["com.docker.compose.file"]))',
      'pkg/remote/oci.go|otherFile, err := os.Create(filepath.Join(local, envfilePath))',
    ],
    guarded: [
      'pkg/remote/oci.go|f, err := os.Create(filepath.Join(local, file))',
      'pkg/remote/oci.go|otherFile, err := os.Create(filepath.Join(local, envfilePath))',
    ],
  },
  {
    ecosystem: 'maven',
    name: 'io.micronaut:micronaut-core',
    vulnerable: '2.5.8',
    fixed: '2.5.9',
    advisory: 'CVE-2021-32769',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 11,
    fn: 'DefaultFileSystemResourceLoader.getFilePath (the path of a static resource resolved under the base directory, which getResourceAsStream and getResource open) and DefaultClassPathResourceLoader.getResourceAsStream (a resource under the base classpath folder)',
    fix: 'a resource path with ../ was resolved against the base directory (or the base classpath folder) and the file it named was opened wherever it lay; 2.5.9 resolves the base to its real path and has getResourceAsStream and getResource open the resolved file only when isResolvableFile/startsWithBase find its real path under the base, and the classpath loader reads a resource only when its URL starts with the base URL. The resolve and Paths.get calls stay',
    real: [
      'io/micronaut/core/io/file/DefaultFileSystemResourceLoader.java|return baseDirPath.map(dir -> dir.resolve(path)).orElseGet(() -> Paths.get(path));',
      'io/micronaut/core/io/scan/DefaultClassPathResourceLoader.java|Path pathObject = Paths.get(uri);',
    ],
    guarded: [
      'io/micronaut/core/io/file/DefaultFileSystemResourceLoader.java|=return baseDirPath.resolve(path);',
      'io/micronaut/core/io/file/DefaultFileSystemResourceLoader.java|=return Paths.get(path);',
      'io/micronaut/core/io/scan/DefaultClassPathResourceLoader.java|Path pathObject = Paths.get(uri);',
    ],
  },
  {
    ecosystem: 'go',
    name: 'github.com/weaviate/weaviate',
    vulnerable: 'v1.33.3',
    fixed: 'v1.33.4',
    advisory:
      'CVE-2025-67819 (GHSA-hmmh-292h-3364); the release also fixes the backup restore extraction (advisory id not verified here)',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 11,
    fn: 'Shard.GetFile (a file of a shard sent to another node by the file replication service, named by the request) and unzip.ReadChunk (the entries of a backup tarball being restored)',
    fix: 'GetFile joined the requested relative file name under the index root and opened it; 1.33.4 first passes it through the new Shard.sanitizeFilePath, which refuses an absolute name and any name whose cleaned, symlink-resolved path is not under the root (filepath.Rel starting with ..), and the os.Open of the returned path stays (GetFileMetadata gets the same check). The backup restore joined each tar entry name under the destination; 1.33.4 replaces that join by diskio.SanitizeFilePathJoin, which refuses names leading outside it (the os.OpenFile in copyFile, which the fix did not change, is not labelled)',
    real: [
      'adapters/repos/db/shard_backup.go|reader, err := os.Open(finalPath)',
      'usecases/backup/zip.go|target := filepath.Join(u.destPath, header.Name)',
    ],
    guarded: ['adapters/repos/db/shard_backup.go|reader, err := os.Open(finalPath)'],
  },
  {
    ecosystem: 'go',
    name: 'k8s.io/kubernetes',
    vulnerable: 'v1.14.1',
    fixed: 'v1.14.2',
    advisory: 'CVE-2019-11246',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 11,
    fn: 'kubectl cp: CopyOptions.untarAll (pkg/kubectl/cmd/cp, the tar stream copied from a container unpacked into the local destination)',
    fix: 'each tar entry name (after the source prefix) was joined under the destination and the file created there, symlinks in the archive checked only when absolute; 1.14.2 resolves the symlinks of the entry directory and skips (with a warning) any entry whose path, plain or with its directory resolved, is not relative to the destination (the new isDestRelative), and checks every link target the same way, before the os.Create of the joined path, which stays (the variable is renamed destFileName)',
    real: ['pkg/kubectl/cmd/cp/cp.go|outFile, err := os.Create(outFileName)'],
    guarded: ['pkg/kubectl/cmd/cp/cp.go|outFile, err := os.Create(destFileName)'],
  },
  {
    ecosystem: 'go',
    name: 'github.com/OpenListTeam/OpenList/v4',
    vulnerable: 'v4.2.2',
    fixed: 'v4.2.3',
    advisory: 'GHSA-h6cj-26g5-67fv',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 11,
    fn: 'internal/offline_download/http SimpleHttp.Run (the offline download saved under the task temp directory)',
    fix: 'the file name taken from the response Content-Disposition header (or the URL path) was joined under the task temp directory and created; 4.2.3 derives the URL fallback through sanitizeFilename and refuses the joined path unless its cleaned form with a trailing separator starts with the cleaned temp directory plus a separator, before the os.Create of the joined path, which stays',
    real: ['internal/offline_download/http/client.go|file, err := os.Create(filePath)'],
    guarded: ['internal/offline_download/http/client.go|file, err := os.Create(filePath)'],
  },
];

/** Pairs of this part fetched and diffed but not in the set, and why (as LEFT_OUT in pairs.mjs). */
export const LEFT_OUT_11C = [
  [
    'Go github.com/gorilla/sessions v1.2.2..v1.3.0 (GO-2024-2730)',
    'no path-traversal result on either side: the fix puts the session ID through filepath.Base where FilesystemStore joins the file name, and what that name reaches is not reported (os.ReadFile takes it through filepath.Clean, which gosec treats as cleaned; os.WriteFile and os.Remove are not reported)',
  ],
  [
    'Maven com.github.pagehelper:pagehelper 5.3.0..5.3.1 (CVE-2022-28111)',
    'the fix only makes Page.setOrderBy refuse an ORDER BY text that SqlSafeUtil flags (setUnsafeOrderBy keeps the old behaviour); the code that puts the text into the SQL is unchanged, so no result of the class is in a function the fix changed',
  ],
  [
    'Go github.com/elgs/gosqljson v0.0.0-20140902115517-fa34a82f9316..v0.0.0-20220916234230-750f26ee23c7 (CVE-2014-125064), github.com/quay/claircore v0.4.7..v0.4.8 and v0.5.4..v0.5.5 (CVE-2021-3762), github.com/owncast/owncast v0.0.12..v0.0.13 (CVE-2022-3751), goyave.dev/goyave/v5 v5.4.3..v5.5.0 (GO-2024-3293), github.com/dutchcoders/transfer.sh v1.2.3..v1.2.4 (CVE-2021-33497), github.com/ctfer-io/chall-manager v0.1.3..v0.1.4 (GHSA-3gv2-v3jx-r9fh), github.com/yusing/godoxy v0.27.4..v0.27.5 (GHSA-4753-cmc8-8j9v), github.com/jmpsec/osctrl v0.4.x..v0.5.0 (GHSA-rchw-322g-f7rm), github.com/chaosblade-io/chaosblade v1.7.3..v1.7.4 (CVE-2023-47105), github.com/seaweedfs/seaweedfs (CVE-2024-40120, fixed only as a pseudo-version), chainguard.dev/melange (GHSA-vqqr-rmpc-hhg2), github.com/hashicorp/nomad v1.8.2..v1.8.3 (GO-2024-3073)',
    'not fetched: the Go module proxy refused the vulnerable version (gosqljson, osctrl, nomad v1.8.2), both versions, or the version list here',
  ],
  [
    'Go k8s.io/kubernetes v1.15.1..v1.15.2 (CVE-2019-11249)',
    'scanned, no result: only pkg/kubectl/cmd/cp/cp.go changed, and with the staging modules the go.mod replaces left out of the layout gosec loads no package and reports nothing on either side (the untarAll fix itself is a check before the os.Create, which stays)',
  ],
  [
    'Go github.com/aquasecurity/trivy v0.71.2..v0.72.0 (GHSA-8rc5-4fr6-64pw)',
    'diffed, not built: the plugin manager file accesses named by plugin metadata move to an os.Root confined to the plugin directory (the os.Create and os.Open sinks are replaced, no guarded line), and scanning the module pulls its whole dependency graph, too long for this session',
  ],
  [
    'Go github.com/sipeed/picoclaw v0.1.1..v0.1.2 (GHSA-cv2p-68f4-f4pw)',
    'diffed, not built: v0.1.2 changes only the result type of ExecTool.Execute; the widened guardCommand denylist of the fix is in a later release, which the proxy refused',
  ],
  [
    'Maven com.github.pjfanning:excel-streaming-reader 3.2.5..3.3.0 (CVE-2022-23640), ca.uhn.hapi:hapi-base 2.2..2.3, org.apache.storm:storm-core 1.2.1..1.2.2 (CVE-2018-8008, id not verified here), io.vertx:vertx-web 3.9.4..3.9.5 (CVE-2019-17640)',
    'looked at (the sources jars), not built: the parsers come from POI XMLHelper or a DOM LSParser, which the pinned rules do not report; in storm the archive entry names reach new File without passing through a String parameter, which the path rule takes as its source; the vertx-web 3.9.4..3.9.5 diff holds no change to the static handler',
  ],
  [
    'Maven org.apache.kylin:kylin-server-base 2.6.4..2.6.6 (CVE-2020-1937, CVE-2020-1956; 2.6.5 is not on Maven Central)',
    'looked at, not built: the SQL the dashboard and cube services concatenated is replaced by prepared queries (the sink is replaced), and the command whose parameters are now white-listed runs through CliCommandExecutor in another artifact, not a sink the pinned rule reports',
  ],
  [
    'Maven org.apache.tomcat:tomcat-catalina 9.0.34..9.0.35 (CVE-2020-9484)',
    'looked at, not built: the fix checks getCanonicalPath().startsWith right after the new File of the session file, a shape the pinned path rule does not report (no guarded line), and Tomcat is already in the set (tomcat-embed-core, left out above)',
  ],
];
