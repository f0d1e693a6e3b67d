// Held-out group 12, part B: pairs added 2026-12-07 after group 11 was opened, chosen for fixes
// that add a guard in front of a sink that stays, labelled from the advisories and the diffs of
// the two published versions only; no triage rule was written against them and triage was not
// run on them before the group's one measurement, at `fb79166` (README, "Triage quality");
// opened for development on 2026-12-07 (`opened`).
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_12B = [
  {
    ecosystem: 'npm',
    name: 'tar',
    vulnerable: '6.1.8',
    fixed: '6.1.9',
    advisory: 'CVE-2021-37713',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 12,
    fn: 'Unpack [CHECKPATH] (lib/unpack.js: the absolute path every entry is written to)',
    fix: 'an entry path like "c:../x" is drive-relative on Windows: it is neither absolute (stripAbsolutePath left it) nor has a ".." segment once split on "/", so path.resolve(this.cwd, entry.path) gave a path outside the extraction directory that the file, directory and link writes then used. 6.1.9 strips such roots in stripAbsolutePath, refuses a drive-letter ".." first segment, and right after the resolve refuses the entry (warn, return false, nothing written) unless entry.absolute starts with this.cwd + "/" or is the cwd; the resolve stays. The preservePaths branch (path.resolve(entry.path), an explicit opt-out) is not labelled',
    real: ['lib/unpack.js|entry.absolute = normPath(path.resolve(this.cwd, entry.path))'],
    guarded: ['lib/unpack.js|entry.absolute = normPath(path.resolve(this.cwd, entry.path))'],
  },
  {
    ecosystem: 'maven',
    name: 'com.thoughtworks.xstream:xstream',
    vulnerable: '1.4.8',
    fixed: '1.4.9',
    advisory: 'CVE-2016-3674',
    class: 'xxe',
    opened: '2026-12-07',
    group: 12,
    fn: 'DomDriver (constructor / createDocumentBuilderFactory) and StaxDriver.createInputFactory (the parsers behind XStream.fromXML with those drivers)',
    fix: 'the DOM driver parsed with a DocumentBuilderFactory and the StAX driver with an XMLInputFactory that had no feature set, so a DOCTYPE with external entities in the XML given to fromXML was resolved. 1.4.9 makes the DOM factory in a new createDocumentBuilderFactory that sets disallow-doctype-decl (through reflection, on Java 5 and later) and setExpandEntityReferences(false), and sets IS_SUPPORTING_EXTERNAL_ENTITIES to false on the StAX factory right after newInstance(); both factory calls stay',
    real: [
      'com/thoughtworks/xstream/io/xml/DomDriver.java|documentBuilderFactory = DocumentBuilderFactory.newInstance();',
      'com/thoughtworks/xstream/io/xml/StaxDriver.java|return XMLInputFactory.newInstance();',
    ],
    guarded: [
      'com/thoughtworks/xstream/io/xml/DomDriver.java|final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();',
      'com/thoughtworks/xstream/io/xml/StaxDriver.java|final XMLInputFactory instance = XMLInputFactory.newInstance();',
    ],
  },
  {
    ecosystem: 'pypi',
    name: 'monai',
    vulnerable: '1.5.0',
    fixed: '1.5.1',
    advisory: 'CVE-2025-58755 (id not verified here)',
    class: 'path-traversal',
    opened: '2026-12-07',
    group: 12,
    fn: 'monai.apps.utils.extractall (the archives download_and_extract fetches for datasets and bundles)',
    fix: 'extractall opened the downloaded archive and called extractall(output_dir) on it, so a tar member named with ".." or an absolute path, or a link member, was written outside the output directory. 1.5.1 extracts member by member through the new _extract_zip and _extract_tar, each path checked by safe_extract_member (no links, no absolute or ".." path, realpath under the output directory by commonpath) and written with open(); the extractall calls are gone, so no guarded line. Only the tar call is labelled: ZipFile.extractall already drops ".." and absolute parts of member names',
    real: ['monai/apps/utils.py|tar_file.extractall(output_dir)'],
  },
  {
    ecosystem: 'maven',
    name: 'com.fasterxml.jackson.dataformat:jackson-dataformat-xml',
    vulnerable: '2.8.3',
    fixed: '2.8.4',
    advisory: 'CVE-2016-7051',
    class: 'xxe',
    opened: '2026-12-07',
    group: 12,
    fn: 'XmlFactory constructor (the XMLInputFactory XmlMapper parses with when none is given)',
    fix: 'the default XMLInputFactory already had IS_SUPPORTING_EXTERNAL_ENTITIES off (the 2.7.4 fix) but still supported DTDs, so a DOCTYPE naming an external DTD made the parser fetch it (server-side request forgery, the advisory); 2.8.4 also sets SUPPORT_DTD to false on it right after newInstance(), which stays',
    real: [
      'com/fasterxml/jackson/dataformat/xml/XmlFactory.java|xmlIn = XMLInputFactory.newInstance();',
    ],
    guarded: [
      'com/fasterxml/jackson/dataformat/xml/XmlFactory.java|xmlIn = XMLInputFactory.newInstance();',
    ],
  },
];

/** Pairs of this part fetched and diffed but not in the set, and why (as LEFT_OUT in pairs.mjs). */
export const LEFT_OUT_12B = [
  [
    'npm send 0.8.3..0.8.4 (CVE-2014-6394), strapi-admin 3.0.0-beta.17.7..3.0.0-beta.17.8 (CVE-2019-19609); Go github.com/gofiber/fiber/v3 v3.0.0..v3.1.0 (GHSA-m3c2-496v-cw3v); Maven org.apache.camel:camel-core 2.18.2..2.18.3 (CVE-2017-5643)',
    "built with --review: no result of the class in a function the fix changed (send's join of the root and the decoded path, strapi's execa with an argument array, fiber's sanitizePath and camel's SchemaFactory are reported by no pinned rule)",
  ],
  [
    'npm bin-links 1.1.5..1.1.6 (CVE-2019-16775), node-notifier 8.0.0..8.0.1 (CVE-2020-7789), node-downloader-helper 1.0.13..1.0.14 (path traversal, id not verified here); PyPI clearml 1.14.1..1.14.2 (CVE-2024-24591, id not verified here), redshift_connector 2.1.4..2.1.5 (CVE-2024-12745, id not verified here), monai 1.5.0..1.5.1 for CVE-2025-58757',
    "looked at (npm pack, pip download), not built: bin-links moved the link checks into gentle-fs; node-notifier's type check guards an argument list with no reported sink in the function; node-downloader-helper publishes only dist/; clearml's check guards os.path.join, which no pinned Python rule reports; redshift_connector 2.1.5 replaces the SHOW-based metadata queries by the legacy ones rather than guarding them; the MONAI pickle_operations fix removes the pickle.loads (the same release is in the set for its extraction fix)",
  ],
];
