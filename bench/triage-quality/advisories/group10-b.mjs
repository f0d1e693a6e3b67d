// Held-out group 10, part B (issue 26): pairs added 2026-12-07 after group 9 was opened,
// labelled from the advisories and the diffs of the two published versions only; no triage rule
// was written against them and triage was not run on them before the group's one measurement,
// at `6e90770` (README, "Triage quality"); opened for development on 2026-12-07 (`opened`).
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_10B = [
  {
    ecosystem: 'maven',
    name: 'com.jcraft:jsch',
    vulnerable: '0.1.53',
    fixed: '0.1.54',
    advisory: 'CVE-2016-5725',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 10,
    fn: 'ChannelSftp.get(String src, String dst, SftpProgressMonitor, int mode) (a recursive get into a local directory)',
    fix: 'the local path of each remote file, built from the destination directory and the name the SFTP server returned, is refused with an SftpException ("writing to an unexpected file") when it holds ".." and its canonical path does not lie under the canonical destination directory, before the FileOutputStream that writes it; the FileOutputStream stays',
    real: [
      'com/jcraft/jsch/ChannelSftp.java|fos=new FileOutputStream(_dst);',
      'com/jcraft/jsch/ChannelSftp.java|fos=new FileOutputStream(_dst, true);',
    ],
    guarded: [
      'com/jcraft/jsch/ChannelSftp.java|fos=new FileOutputStream(_dst);',
      'com/jcraft/jsch/ChannelSftp.java|fos=new FileOutputStream(_dst, true);',
    ],
  },
  {
    ecosystem: 'maven',
    name: 'net.lingala.zip4j:zip4j',
    vulnerable: '1.3.2',
    fixed: '1.3.3',
    advisory: 'CVE-2018-1002202',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 10,
    fn: 'Unzip.extractFile (the output path of each entry: outPath + the entry file name)',
    fix: 'before anything is created, the joined path of the entry (outPath + fileName) is refused with a ZipException unless its canonical path starts with the canonical output directory (Zip Slip); the new File of the joined path that creates a directory entry stays',
    real: ['net/lingala/zip4j/unzip/Unzip.java|File file = new File(completePath);'],
    guarded: ['net/lingala/zip4j/unzip/Unzip.java|File file = new File(completePath);'],
  },
  {
    ecosystem: 'maven',
    name: 'cn.hutool:hutool-core',
    vulnerable: '4.1.10',
    fixed: '4.1.12',
    advisory: 'CVE-2018-17297',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 10,
    fn: 'FileUtil.file(File parent, String path) and FileUtil.file(String parent, String path) (ZipUtil.unzip makes the file of each entry name with them)',
    fix: "the File made from the parent and a path is returned through the new checkSlip(parent, file), which throws unless the file's canonical path lies under the parent's (Zip Slip); file(String, String) now goes through file(File, String) (4.1.11 of hutool-core is not on Maven Central; the rest of the diff changes string and thread helpers)",
    real: [
      'cn/hutool/core/io/FileUtil.java|return new File(parent, path);#1',
      'cn/hutool/core/io/FileUtil.java|return new File(parent, path);#2',
    ],
    guarded: ['cn/hutool/core/io/FileUtil.java|return checkSlip(parent, new File(parent, path));'],
  },
  {
    ecosystem: 'maven',
    name: 'org.owasp.esapi:esapi',
    vulnerable: '2.2.3.1',
    fixed: '2.3.0.0',
    advisory: 'CVE-2022-23457 (GHSL-2022-008)',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 10,
    fn: 'DefaultValidator.getValidDirectoryPath(String context, String input, File parent, boolean allowNull)',
    fix: "the directory made from the input must lie inside the parent by comparing canonical Paths (Path.startsWith, by whole name components) instead of canonical path strings, which let a sibling directory whose name begins with the parent's through; only the fixed side is labelled: at the vulnerable new File the scanner reports nothing (its string startsWith test is the containment pattern the rule leaves out)",
    guarded: ['org/owasp/esapi/reference/DefaultValidator.java|File dir = new File( input );'],
  },
  {
    ecosystem: 'maven',
    name: 'org.dspace:dspace-api',
    vulnerable: '6.3',
    fixed: '6.4',
    advisory: 'CVE-2022-31195 (id not verified here)',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 10,
    fn: 'ItemImportServiceImpl.unzip(File zipfile, String destDir) (Simple Archive Format zip import)',
    fix: "before an entry is extracted, the path joined from the unzip directory and the entry name is refused with an IOException when its canonical path does not start with the unzip directory (the 6.4 security release); the new File of the joined path that creates the entry's directories stays (6.4 also rewrote the file with CRLF line ends, so every line of it differs)",
    real: [
      'org/dspace/app/itemimport/ItemImportServiceImpl.java|if (!new File(zipDir + entry.getName()).mkdir())',
      'org/dspace/app/itemimport/ItemImportServiceImpl.java|File dir = new File(zipDir + entry.getName().substring(0, index));',
    ],
    guarded: [
      'org/dspace/app/itemimport/ItemImportServiceImpl.java|File newDir = new File(zipDir + entry.getName());',
      'org/dspace/app/itemimport/ItemImportServiceImpl.java|File dir = new File(zipDir + entry.getName().substring(0, index));',
    ],
  },
];

/** Pairs of this part fetched and diffed but not in the set, and why (as LEFT_OUT in pairs.mjs). */
export const LEFT_OUT_10B = [
  [
    'Maven com.sparkjava:spark-core 2.7.1..2.7.2 (CVE-2018-9159)',
    'no path-traversal result in a function the fix changed',
  ],
  [
    'Go github.com/rancher/wrangler v1.0.0..v1.0.1 (CVE-2022-31249)',
    'diffed, not scanned here: the fix puts "--" into the argument lists of the callers of gitCmd, and the exec.Command in gitCmd takes a variable argument list; gosec\'s load of the changed packages (Kubernetes dependencies) was stopped for time',
  ],
  [
    'Go github.com/containerd/containerd v1.6.0..v1.6.1 (CVE-2022-23648)',
    'the fix replaces the filepath.Join of the image volume path by fs.RootPath (the sink is replaced, no guard before it); not scanned for time (gosec loads a large dependency tree)',
  ],
  [
    'Go github.com/projectdiscovery/nuclei/v2 v2.9.8..v2.9.9 (CVE-2023-37896)',
    "the fix (an absolute template path in the sandbox check of payload files) comes with many unrelated changes; gosec's load of the dependencies was stopped for time",
  ],
  [
    'Go github.com/opencontainers/runc v1.0.0-rc9..v1.0.0-rc10 (CVE-2019-19921), github.com/cortexproject/cortex v1.9.0..v1.10.0 (CVE-2021-36157), github.com/moby/buildkit v0.12.4..v0.12.5 (CVE-2024-23651, CVE-2024-23652, CVE-2024-23653)',
    "diffed only: releases with many unrelated changes (runc's cgroup v2 rework); cortex's fix validates the tenant ID in pkg/tenant, away from the joins that use it",
  ],
  [
    'Go github.com/dablelv/go-huge-util v0.0.33..v0.0.34 (CVE-2023-28105), github.com/coder/code-marketplace v2.4.1..v2.4.2 (CVE-2026-35454), github.com/argoproj/argo-cd/v2 v2.2.3..v2.2.4 (CVE-2022-24348), github.com/yi-ge/unzip (CVE-2020-36561), gitlab.com/uniget-org/cli v0.27.5..v0.27.6 (GHSA-m6jg-wr9m-cg2f)',
    'not fetched: the Go module proxy refused the fixed version (go-huge-util v0.0.34 and v0.0.35) or both versions here',
  ],
];
