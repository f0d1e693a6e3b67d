// Held-out group 10, part E (issue 26): pairs added 2026-12-07 after group 9 was opened,
// labelled from the advisories and the diffs of the two published versions only; no triage rule
// was written against them and triage was not run on them before the group's one measurement,
// at `6e90770` (README, "Triage quality"); opened for development on 2026-12-07 (`opened`).
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_10E = [
  {
    ecosystem: 'go',
    name: 'github.com/duke-git/lancet/v2',
    vulnerable: 'v2.1.9',
    fixed: 'v2.1.10',
    advisory: 'CVE-2022-41920 (GHSA-pp3f-xrw5-q5j4)',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 10,
    fn: 'fileutil.UnZip (the output path of each zip entry: the destination joined with the entry name)',
    fix: 'the path each entry is written to now comes from the new safeFilepathJoin, which refuses an entry name whose filepath.Rel from "." starts with ".." (or cannot be made relative, as an absolute name) and joins the rest under the destination after a leading "/"; the old join of the raw name is left in place but its value is overwritten before anything is created, and the os.OpenFile that writes the entry stays',
    real: [
      'fileutil/file.go|path := filepath.Join(destPath, f.Name)',
      'fileutil/file.go|outFile, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, f.Mode())',
    ],
    guarded: [
      'fileutil/file.go|path := filepath.Join(destPath, f.Name)',
      'fileutil/file.go|outFile, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, f.Mode())',
    ],
  },
  {
    ecosystem: 'go',
    name: 'charm.land/wish/v2',
    vulnerable: 'v2.0.0',
    fixed: 'v2.0.1',
    advisory: 'CVE-2026-41589 (GHSA-xjvp-7243-rg9h)',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 10,
    fn: 'scp fileSystemHandler.NewFileEntry and fileSystemHandler.Write (the SCP middleware serving a root directory)',
    fix: 'fileSystemHandler.prefixed, which maps a client path under the root, returned a cleaned path as is when it merely began with the root string and otherwise joined it to the root (../ left it); it now accepts only the root itself or root plus a separator, otherwise joins the path cleaned from "/" and returns an error unless the result lies under root plus a separator, and every caller returns that error before the file is stat-ed, opened or created (the file names an SCP client sends are also refused when they hold a separator or are "." or ".."); the os.Open and os.OpenFile stay. Only the vulnerable os.Open is labelled real: the vulnerable os.OpenFile takes the prefixed(...) call inline and the scanner reports nothing there',
    real: ['scp/filesystem.go|f, err := os.Open(path)'],
    guarded: [
      'scp/filesystem.go|f, err := os.Open(path)',
      'scp/filesystem.go|f, err := os.OpenFile(p, os.O_TRUNC|os.O_RDWR|os.O_CREATE, entry.Mode)',
    ],
  },
  {
    ecosystem: 'go',
    name: 'oras.land/oras-go/v2',
    vulnerable: 'v2.6.1',
    fixed: 'v2.6.2',
    advisory: 'GHSA-m37j-52j7-pjw7 (CVE-2026-85731; the release also fixes GHSA-fxhp-mv3v-67qp)',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 10,
    fn: 'content/file extractTarDirectory (unpacking a layer tarball annotated for unpacking) and writeFile',
    fix: 'the path of each tar entry, joined from the extraction directory and the entry name and checked only lexically (and per component with Lstat), is now refused by checkSymlinkEscape (containment re-checked with symlinks resolved) before anything is created, so a chain of symlinks planted by earlier entries can no longer lead outside; writeFile removes a symlink already at the path before its os.OpenFile, which followed it. The join and the os.OpenFile stay. The new join of a hard-link target (GHSA-fxhp-mv3v-67qp) is a new line and is not labelled',
    real: [
      'content/file/utils.go|filePath := filepath.Join(dirPath, filePathRel)',
      'content/file/utils.go|file, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)',
    ],
    guarded: [
      'content/file/utils.go|filePath := filepath.Join(dirPath, filePathRel)',
      'content/file/utils.go|file, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)',
    ],
  },
];

/** Pairs of this part fetched and diffed but not in the set, and why (as LEFT_OUT in pairs.mjs). */
export const LEFT_OUT_10E = [
  [
    'Go github.com/labstack/echo/v4 v4.1.17..v4.2.0 (CVE-2020-36565)',
    'no path-traversal result in a function the fix changed: the fix turns path.Clean into filepath.Clean on the line that joins the static root and the request path (Windows backslashes), and what that path reaches (os.Stat, Context.File) is not reported; the release also carries many unrelated changes',
  ],
  [
    'Go github.com/theupdateframework/go-tuf/v2 v2.3.0..v2.4.1 (GHSA-jqc5-w2xx-5vq4)',
    'the fix validates the repository names of the map file in NewMultiRepoClient, away from the joins and writes of the metadata cache (initTUFClients is unchanged); the only path-traversal results in changed functions are reads in the updater and a test helper that the advisory is not about',
  ],
  [
    'Go github.com/go-acme/lego/v4 v4.33.0..v4.34.0 (CVE-2026-40611, GHSA-qqx8-2xmm-jrv8)',
    'diffed, not scanned: the fix makes http01.ChallengePath return a fixed path for a token outside the base64url alphabet; the webroot provider that joins that path and writes the file is unchanged',
  ],
  [
    'Go github.com/nektos/act v0.2.39..v0.2.40 (CVE-2023-22726), github.com/duke-git/lancet v1 (CVE-2022-41920), github.com/devfile/registry-support/registry-library (CVE-2024-1485), chainguard.dev/apko (GHSA-5g94-c2wx-8pxw), go.qbee.io/transport (GHSA-f9m7-vc86-p6jj), github.com/sonirico/mcp-shell v0.5.0..v0.6.0 (GHSA-3x77-wg38-92r3), github.com/jessfraz/pastebinit v0.2.2..v0.2.3 (CVE-2018-25059), github.com/patrickhener/goshs/v2',
    'not fetched: the Go module proxy refused the vulnerable version (act v0.2.39 and v0.2.38), both versions, or the version list here',
  ],
];
