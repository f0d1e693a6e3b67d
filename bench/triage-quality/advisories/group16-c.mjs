// Held-out group 16, part C: pairs added 2026-12-08 after group 15 was opened, labelled from the
// advisories and the diffs of the two published versions only; no triage rule was written
// against them and triage has not been run on them: not yet measured.
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_16C = [
  {
    ecosystem: 'maven',
    name: 'org.apache.tomcat:tomcat-catalina',
    vulnerable: '7.0.81',
    fixed: '7.0.82',
    advisory: 'CVE-2017-12617 (id not verified here)',
    class: 'path-traversal',
    heldOut: true,
    group: 16,
    fn: 'FileDirContext.file and VirtualDirContext.file / getAttributes / doLookup (org.apache.naming.resources, the File a web resource name maps to, used by the DefaultServlet and by a PUT through bind)',
    fix: 'file(name) built new File(base, name) and validate() only compared the canonical path with the base, so a name ending in "/" (PUT /x.jsp/) or, on Windows, a name with characters getCanonicalPath mishandles was accepted and named a file the servlet mapping does not treat as that resource (a JSP upload with readonly=false). 7.0.82 passes the requested name to validate, which now returns null for a name ending in "/" that resolves to a file and for invalid Windows names, checks the canonical path against the canonical base and compares it with the normalized absolute path; bind refuses a name ending in "/". The new File(base, name) and the VirtualDirContext new File(resourcesDir, res) (before: resourcesDir + "/" + res) stay, each followed by the new validate(file, name, ...) before the File is returned or used',
    real: [
      'org/apache/naming/resources/FileDirContext.java|File file = new File(base, name);',
      'org/apache/naming/resources/VirtualDirContext.java|File f = new File(resourcesDir + "/" + res);#1',
      'org/apache/naming/resources/VirtualDirContext.java|=file = new File(resourcesDir, res);',
      'org/apache/naming/resources/VirtualDirContext.java|File f = new File(resourcesDir + "/" + res);#2',
    ],
    guarded: [
      'org/apache/naming/resources/FileDirContext.java|File file = new File(base, name);',
      'org/apache/naming/resources/VirtualDirContext.java|File f = new File(resourcesDir, res);#1',
      'org/apache/naming/resources/VirtualDirContext.java|=file = new File(resourcesDir, res);',
      'org/apache/naming/resources/VirtualDirContext.java|File f = new File(resourcesDir, res);#3',
    ],
  },
  {
    ecosystem: 'maven',
    name: 'org.apache.tomcat:tomcat-catalina',
    vulnerable: '9.0.34',
    fixed: '9.0.35',
    advisory: 'CVE-2020-9484 (id not verified here)',
    class: 'path-traversal',
    heldOut: true,
    group: 16,
    fn: 'FileStore.file(String id) (the session file of a session id in the FileStore directory)',
    fix: 'file(id) returned new File(directory(), id + ".session"), so a session id with ../ (from the JSESSIONID cookie) named a file outside the store directory, which load() then deserialized. 9.0.35 returns null (with a warning) when the canonical path of that File does not start with the canonical storage directory; the new File stays, now of the same directory held in a local. The pinned path rule takes a canonical-path startsWith check right after the File as the guard and does not report the fixed line, so there is no guarded line',
    real: [
      'org/apache/catalina/session/FileStore.java|File file = new File(directory(), filename);',
    ],
    guarded: [],
  },
  {
    ecosystem: 'go',
    name: 'k8s.io/kubernetes',
    vulnerable: 'v1.13.4',
    fixed: 'v1.13.5',
    advisory: 'CVE-2019-1002101 (id not verified here)',
    class: 'path-traversal',
    heldOut: true,
    group: 16,
    fn: 'kubectl cp: untarAll (pkg/kubectl/cmd/cp, the tar stream copied from a container unpacked into the local destination)',
    fix: 'untarAll created every symlink of the archive as is and then wrote each regular entry with os.Create at the destination joined with the entry name, so a container could send a symlink to a directory outside the destination followed by a file under it, written through the link. v1.13.5 (untarAll now a CopyOptions method, to warn) refuses the archive when an entry name does not start with the copied prefix, and skips (with a warning) an absolute symlink whose target is not inside the destination, before the os.Create of the joined path, which stays',
    real: ['pkg/kubectl/cmd/cp/cp.go|outFile, err := os.Create(outFileName)'],
    guarded: ['pkg/kubectl/cmd/cp/cp.go|outFile, err := os.Create(outFileName)'],
  },
];

// Candidates tried and left out, with the reason: [pair, reason].
export const LEFT_OUT_16C = [
  [
    'Maven org.apache.kafka:kafka-clients 3.9.0..3.9.1 (CVE-2025-27817, SASL OAUTHBEARER token/JWKS endpoint URL reading local files)',
    'looked at (the sources jars), not built: the fix adds throwIfURLIsNotAllowed in the two create factories; the new File of the file: URL is in ConfigurationUtils.validateFile, which the fix did not change, so no path result lies in a changed function',
  ],
  [
    'Maven org.apache.tomcat:tomcat-catalina 8.5.22..8.5.23 (CVE-2017-12617)',
    'not fetched: 8.5.22 is not on Maven Central; the 7.0.81..7.0.82 pair of the same advisory is built instead',
  ],
  [
    'Go k8s.io/kubernetes v1.14.4..v1.14.5 (CVE-2019-11249)',
    'diffed, not built: the same untarAll as the group 11 pair (v1.14.1..v1.14.2); the fix moves the isDestRelative check before os.MkdirAll and joins relative link targets with the resolved directory, and the sinks it is about (MkdirAll, Symlink) are not reported by the pinned path rules',
  ],
  [
    'Go github.com/git-lfs/git-lfs/v3 v3.1.2..v3.1.3 (CVE-2022-24826, id not verified here), github.com/openbao/openbao (GHSA-6vgr-cp5c-ffx3), github.com/daptin/daptin (GHSA-pwqg-q8pg-pp6r)',
    'not fetched: the Go module proxy refused the versions or the version list here',
  ],
];
