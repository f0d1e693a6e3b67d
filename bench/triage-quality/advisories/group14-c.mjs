// Held-out group 14, part C: pairs added 2026-12-07 after group 13 was opened, labelled from the
// advisories and the diffs of the two published versions only; no triage rule was written
// against them and triage was not run on them before the group's one measurement, at `5df8fb6`
// (README, "Triage quality"); opened for development on 2026-12-07 (`opened`).
// Same fields as PAIRS in pairs.mjs.
export const PAIRS_14C = [
  {
    ecosystem: 'maven',
    name: 'com.hazelcast:hazelcast',
    vulnerable: '4.2.4',
    fixed: '4.2.5',
    advisory: 'CVE-2022-0265 (id not verified here)',
    class: 'xxe',
    opened: '2026-12-07',
    group: 14,
    fn: 'AbstractXmlConfigRootTagRecognizer (the SAX parser that reads the root tag of a member or client XML configuration to recognise it) and XmlUtil.getSAXParserFactory / getXMLInputFactory',
    fix: 'the recognizer created its SAXParserFactory with SAXParserFactory.newInstance() and no feature set, so a DOCTYPE with external entities in a configuration file or stream was resolved. 4.2.5 adds XmlUtil.getSAXParserFactory(), which sets disallow-doctype-decl on the factory through the setFeature(factory, FEATURES_DISALLOW_DOCTYPE) helper (the feature name is a constant, and a failure is rethrown unless the ignore-XXE-protection system property is set), and the recognizer takes its factory from there; the SAXParserFactory.newInstance() call stays, now inside the helper. The same release adds XmlUtil.getXMLInputFactory(), which sets SUPPORT_DTD to false through the setProperty helper right after XMLInputFactory.newInstance(). The DocumentBuilderFactory of getNsAwareDocumentBuilderFactory was already protected before the fix (only its literal became a constant) and is not labelled',
    real: [
      'com/hazelcast/internal/config/AbstractXmlConfigRootTagRecognizer.java|SAXParserFactory factory = SAXParserFactory.newInstance();',
    ],
    guarded: [
      'com/hazelcast/internal/util/XmlUtil.java|SAXParserFactory factory = SAXParserFactory.newInstance();',
      'com/hazelcast/internal/util/XmlUtil.java|XMLInputFactory xmlInputFactory = XMLInputFactory.newInstance();',
    ],
  },
  {
    ecosystem: 'maven',
    name: 'com.github.binarywang:weixin-java-pay',
    vulnerable: '3.3.0',
    fixed: '3.3.4.B',
    advisory:
      'CVE-2019-5312 (the incomplete fix of CVE-2018-20318; id not verified here; 3.3.1 to 3.3.3 are not on Maven Central)',
    class: 'xxe',
    opened: '2026-12-07',
    group: 14,
    fn: 'BaseWxPayResult.getXmlDoc (the DOM parse of a WeChat Pay response or notification body)',
    fix: 'getXmlDoc parsed the XML text with a DocumentBuilderFactory that only had setExpandEntityReferences(false), which does not stop external entities, so a crafted payment notification could read local files. 3.3.4.B adds setFeature("http://apache.org/xml/features/disallow-doctype-decl", true) on the factory; the fixed factory is no longer reported, so the pair has no guarded line',
    real: [
      'com/github/binarywang/wxpay/bean/result/BaseWxPayResult.java|final DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();',
    ],
    guarded: [],
  },
  {
    ecosystem: 'maven',
    name: 'org.apache.sling:org.apache.sling.xss',
    vulnerable: '1.0.8',
    fixed: '1.0.12',
    advisory: 'CVE-2016-6798 (id not verified here; 1.0.10 is not on Maven Central)',
    class: 'xxe',
    opened: '2026-12-07',
    group: 14,
    fn: 'XSSAPIImpl.activate (the SAXParserFactory that XSSAPI.getValidXML parses user-supplied XML with to validate it)',
    fix: 'activate() created the SAXParserFactory kept in a field with only setValidating(false) and setNamespaceAware(true), so getValidXML resolved external entities of the text it was asked to validate. 1.0.12 sets load-external-dtd, external-parameter-entities and external-general-entities to false on the factory right after SAXParserFactory.newInstance(), which stays (a failure is only logged). The release also adds getValidDouble and changes encodeForJSString, which are not about the XXE',
    real: ['org/apache/sling/xss/impl/XSSAPIImpl.java|factory = SAXParserFactory.newInstance();'],
    guarded: [
      'org/apache/sling/xss/impl/XSSAPIImpl.java|factory = SAXParserFactory.newInstance();',
    ],
  },
  {
    ecosystem: 'maven',
    name: 'org.apache.jackrabbit:jackrabbit-spi-commons',
    vulnerable: '2.22.0',
    fixed: '2.22.1',
    advisory: 'CVE-2025-53689 (id not verified here)',
    class: 'xxe',
    opened: '2026-12-07',
    group: 14,
    fn: 'PrivilegeXmlHandler.createFactory (the DocumentBuilderFactory custom privilege definitions are read with)',
    fix: 'createFactory() returned a DocumentBuilderFactory with only namespace, comment and whitespace settings, so an imported privilege definition file with a DOCTYPE could read local files (blind XXE). 2.22.1 turns off XInclude and entity expansion and sets secure processing, disallow-doctype-decl, no external DTD and no external general or parameter entities (a failure throws), and createDocumentBuilder adds an entity resolver that breaks any document naming an entity. The fixed factory is no longer reported, so the pair has no guarded line; the TransformerFactory field used for writing is not part of the fix',
    real: [
      'org/apache/jackrabbit/spi/commons/privilege/PrivilegeXmlHandler.java|DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();',
    ],
    guarded: [],
  },
  {
    ecosystem: 'maven',
    name: 'org.apache.jackrabbit:jackrabbit-core',
    vulnerable: '2.22.0',
    fixed: '2.22.1',
    advisory: 'CVE-2025-53689 (id not verified here)',
    class: 'xxe',
    opened: '2026-12-07',
    group: 14,
    fn: 'DOMWalker (the static DocumentBuilderFactory the repository parses privilege and node type XML streams with)',
    fix: 'the static factory field was initialised with a plain DocumentBuilderFactory.newInstance(), so a DOCTYPE in a parsed stream was resolved. 2.22.1 builds the field through a new createFactory() that sets secure processing, disallow-doctype-decl and no external DTD or entities (a failure throws), and the DOMWalker constructor adds an entity resolver that breaks any document naming an entity. The fixed factory is no longer reported, so the pair has no guarded line',
    real: ['org/apache/jackrabbit/core/util/DOMWalker.java|=DocumentBuilderFactory.newInstance();'],
    guarded: [],
  },
  {
    ecosystem: 'maven',
    name: 'org.apache.struts:struts2-core',
    vulnerable: '6.0.3',
    fixed: '6.1.1',
    advisory:
      'CVE-2025-68493 (S2-069, XXE in the XWork XML configuration parsing; id not verified here; 6.1.0 is not on Maven Central)',
    class: 'xxe',
    opened: '2026-12-07',
    group: 14,
    fn: 'DomHelper.parse (the SAX parse behind the XWork configuration and validation XML files)',
    fix: "parse() created its SAXParserFactory (or the one named by the xwork.saxParserFactory system property) with only validation and namespace settings, so external entities in a parsed XML file were resolved. 6.1.1 sets external-general-entities and external-parameter-entities to false on the factory right after it is chosen and throws when that fails; the factory is no longer reported in 6.1.1, so the pair has no guarded line. The same release also disables external DTDs and stylesheets on the XSLT result's TransformerFactory (XSLTResult), which the advisory does not name and which is not labelled",
    real: ['com/opensymphony/xwork2/util/DomHelper.java|factory = SAXParserFactory.newInstance();'],
    guarded: [],
  },
  {
    ecosystem: 'maven',
    name: 'net.snowflake:snowflake-jdbc',
    vulnerable: '3.13.28',
    fixed: '3.13.29',
    advisory: 'CVE-2023-30535 (id not verified here)',
    class: 'command-injection',
    opened: '2026-12-07',
    group: 14,
    fn: 'SessionUtilExternalBrowser.DefaultAuthExternalBrowserHandlers.openBrowser (opens the SSO URL the server returns for externalbrowser authentication)',
    fix: 'when java.awt.Desktop is not supported, openBrowser ran Runtime.exec("open " + ssoUrl) on macOS or Runtime.exec("xdg-open " + ssoUrl) elsewhere with the SSO URL a malicious server sent, so the URL could add arguments to the command. 3.13.29 first checks the URL with the new URLUtil.isValidURL (an http(s) URL pattern without whitespace) and throws INVALID_CONNECTION_URL otherwise; both exec calls stay behind that check',
    real: [
      'net/snowflake/client/core/SessionUtilExternalBrowser.java|runtime.exec("open " + ssoUrl);',
      'net/snowflake/client/core/SessionUtilExternalBrowser.java|runtime.exec("xdg-open " + ssoUrl);',
    ],
    guarded: [
      'net/snowflake/client/core/SessionUtilExternalBrowser.java|runtime.exec("open " + ssoUrl);',
      'net/snowflake/client/core/SessionUtilExternalBrowser.java|runtime.exec("xdg-open " + ssoUrl);',
    ],
  },
];

// Candidates tried and left out, with the reason: [pair, reason].
export const LEFT_OUT_14C = [
  [
    'Maven com.amazon.redshift:redshift-jdbc42 2.1.0.31..2.1.0.32 (CVE-2024-12744, id not verified here)',
    'built with --review: no SQL result in the vulnerable version at a sink the fix changed (the SHOW commands are formatted with MessageFormat and run through MetadataAPIHelper.runQuery, which the fix did not change); the three results of the fixed version are the older metadata queries moved unchanged into new getTablesLegacyHardcodedQuery-style functions, not a sink behind a check the fix added',
  ],
  [
    'Maven org.apache.nifi:nifi-standard-processors 1.5.0..1.6.0 (CVE-2018-1309, SplitXml; id not verified here)',
    'looked at (the sources jars), not built: the reported SAXParserFactory.newInstance() is a static field initialiser the fix did not change; the fix makes onTrigger read through XmlUtils.createSafeSaxReader. The 1.16.0..1.16.1 pair of CVE-2022-29265 is not on Maven Central',
  ],
  [
    'Maven com.github.binarywang:weixin-java-pay 3.2.0..3.3.0 (CVE-2018-20318, id not verified here)',
    'the fix only added setExpandEntityReferences(false), which left the XXE open (CVE-2019-5312), so its factory is no false positive; the 3.3.0..3.3.4.B pair is used',
  ],
  [
    'Maven com.github.liyiorg:weixin-popular 2.8.20..2.8.21 (XXE in XMLConverUtil and XMLParse)',
    'looked at (the sources jars): the fix adds disallow-doctype-decl to both factories, but no published advisory id could be checked here',
  ],
  [
    'Maven org.apache.drill.contrib:drill-format-xml 1.21.1..1.21.2 (CVE-2023-48362, id not verified here)',
    'not fetched: Maven Central serves no -sources.jar of either version',
  ],
  [
    'Go github.com/yusing/godoxy v0.27.4..v0.27.5 (GHSA-4753-cmc8-8j9v), github.com/stashapp/stash (CVE-2024-32231), code.vikunja.io/api (GHSA-42wg-38gx-85rh)',
    'not fetched: the Go module proxy refused the version lists or the versions here',
  ],
];
