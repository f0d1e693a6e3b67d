// Held-out group 13, part B: pairs added 2026-12-07 after group 12 was opened, chosen for fixes
// that add a guard in front of a sink that stays, labelled from the advisories and the diffs of
// the two published versions only; no triage rule was written against them and triage was not
// run on them before the group's one measurement, at `e6a2c99` (README, "Triage quality");
// opened for development on 2026-12-07 (`opened`).
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_13B = [
  {
    ecosystem: 'maven',
    name: 'com.h2database:h2',
    vulnerable: '1.4.200',
    fixed: '2.0.202',
    advisory: 'CVE-2021-23463',
    class: 'xxe',
    opened: '2026-12-07',
    group: 13,
    fn: 'JdbcSQLXML.getSource (the parser of an SQLXML value read through ResultSet.getSQLXML)',
    fix: 'getSource parsed the XML value with a DocumentBuilderFactory (DOMSource) or an XMLInputFactory (StAXSource) that had no feature set, and returned a SAXSource with no reader, so a DOCTYPE with external entities in the stored value was resolved. 2.0.202 sets a map of secure features (secure processing, disallow-doctype-decl, no external general or parameter entities, no external DTD) on the DocumentBuilderFactory right after newInstance(), plus setExpandEntityReferences(false) and an entity resolver that returns nothing; makes the SAXSource with an XMLReader given the same features and resolver; and sets SUPPORT_DTD to false on the XMLInputFactory. The factory calls stay; the StAX one is no longer reported, so it has no guarded line. The 1.4.200..2.0.202 diff is a major release (most files changed); only this function is labelled',
    real: [
      'org/h2/jdbc/JdbcSQLXML.java|DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
      'org/h2/jdbc/JdbcSQLXML.java|XMLInputFactory xif = XMLInputFactory.newInstance();',
    ],
    guarded: [
      'org/h2/jdbc/JdbcSQLXML.java|DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
      'org/h2/jdbc/JdbcSQLXML.java|XMLReader reader = XMLReaderFactory.createXMLReader();',
    ],
  },
  {
    ecosystem: 'maven',
    name: 'org.apache.tika:tika-core',
    vulnerable: '3.2.1',
    fixed: '3.2.2',
    advisory:
      'CVE-2025-66516 (the XFA-in-PDF XXE first published as CVE-2025-54988 against the PDF module; id not verified here)',
    class: 'xxe',
    opened: '2026-12-07',
    group: 13,
    fn: 'XMLReaderUtils.getXMLInputFactory (the StAX factory the parsers, among them the PDF XFA extraction, take from the parse context)',
    fix: 'the default XMLInputFactory only had an entity resolver that returned an empty string and kept DTD support on, so external entities of a crafted XFA form inside a PDF were still processed. 3.2.2 drops that resolver and, right after XMLInputFactory.newFactory() (which stays), sets ACCESS_EXTERNAL_DTD to "" and, through tryToSetStaxProperty, SUPPORT_DTD and IS_SUPPORTING_EXTERNAL_ENTITIES to false',
    real: [
      'org/apache/tika/utils/XMLReaderUtils.java|XMLInputFactory factory = XMLInputFactory.newFactory();',
    ],
    guarded: [
      'org/apache/tika/utils/XMLReaderUtils.java|XMLInputFactory factory = XMLInputFactory.newFactory();',
    ],
  },
  {
    ecosystem: 'maven',
    name: 'org.apache.camel:camel-core',
    vulnerable: '2.12.2',
    fixed: '2.12.3',
    advisory: 'CVE-2014-0002 (XXE in the XSLT component; the release also fixes CVE-2014-0003)',
    class: 'xxe',
    opened: '2026-12-07',
    group: 13,
    fn: 'XmlConverter.createDocumentBuilderFactory and XmlConverter.createTransformerFactory (the factories the type converters and the XSLT component parse and transform message bodies with)',
    fix: 'the DocumentBuilderFactory and the TransformerFactory were created with no security feature, so an external entity in a message body was resolved when it was converted to a DOM or transformed by the XSLT component. 2.12.3 sets external-general-entities to false on the DocumentBuilderFactory and FEATURE_SECURE_PROCESSING on the TransformerFactory right after newInstance(); both calls stay. The DocumentBuilderFactory is no longer reported in 2.12.3, so only the TransformerFactory has a guarded line',
    real: [
      'org/apache/camel/converter/jaxp/XmlConverter.java|DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();',
      'org/apache/camel/converter/jaxp/XmlConverter.java|TransformerFactory factory = TransformerFactory.newInstance();',
    ],
    guarded: [
      'org/apache/camel/converter/jaxp/XmlConverter.java|TransformerFactory factory = TransformerFactory.newInstance();',
    ],
  },
];

// Candidates tried and left out, with the reason: [pair, reason].
export const LEFT_OUT_13B = [
  [
    'Go helm.sh/helm/v3 v3.2.3..v3.2.4 (CVE-2020-4053, plugin archive extraction)',
    'built with --review: gosec loaded no package of the laid-out pkg/plugin/installer (the module proxy refused vbom.ml/util, which k8s.io/kubectl v0.18.0 requires), so no result could be reviewed; the fix replaces the filepath.Join of the entry name by cleanJoin',
  ],
  [
    'Go github.com/argoproj/argo-workflows/v3 (artifact untar symlink fix after v3.7.3)',
    'not fetched: the Go module proxy refused the version list here',
  ],
  [
    'Maven org.apache.tika:tika-core 1.12..1.13 (CVE-2016-4434)',
    'looked at (the sources jars), not built: 1.13 adds new parser helpers to ParseContext (DOM builder, StAX factory, XMLReader with an ignoring entity resolver) for the parser modules to use, rather than guarding a factory the vulnerable release parsed with',
  ],
];
