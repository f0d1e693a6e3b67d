import { describe, expect, it } from 'vitest';
import { reconstructFlow } from '../src/flow/index.js';
import { triageFinding } from '../src/index.js';
import { BALANCED, finding, flowAt, lineOf, pathText, rule, source } from './build.js';

// XXE in Java: the rule reports where a parser or factory is made; the verdict depends on the
// configuration calls on that object before it parses. Each protected case sits beside near
// misses: the setting on another object, with the wrong value, in a branch that may not run,
// before the object is made, or read from a field that turns entities on by default.
const xxe = (lines: string[], marker: string) =>
  flowAt('xxe', lines, marker, 'src/main/java/org/acme/xml/Reader.java');

const cls = (body: string[], fields: string[] = []) => [
  'package org.acme.xml;',
  '',
  'import java.io.InputStream;',
  'import javax.xml.XMLConstants;',
  'import javax.xml.parsers.DocumentBuilderFactory;',
  'import javax.xml.parsers.SAXParserFactory;',
  'import javax.xml.stream.XMLInputFactory;',
  'import org.xml.sax.XMLReader;',
  'import org.xml.sax.helpers.XMLReaderFactory;',
  '',
  'public class Reader {',
  ...fields,
  '',
  ...body,
  '}',
];

describe('XXE: a parser configured before it parses', () => {
  it('when a DocumentBuilderFactory refuses DOCTYPE declarations right after it is made (tabs, a try block), then it is sanitized', () => {
    const r = xxe(
      cls([
        '\tpublic Document read(InputStream body) throws IOException {',
        '\t\ttry {',
        '\t\t\tDocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
        '\t\t\tdbf.setNamespaceAware(true);',
        '\t\t\tdbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);',
        '\t\t\treturn dbf.newDocumentBuilder().parse(body);',
        '\t\t} catch (ParserConfigurationException | SAXException ex) {',
        '\t\t\tthrow new IOException(ex);',
        '\t\t}',
        '\t}',
      ]),
      'DocumentBuilderFactory dbf =',
    );
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(pathText(r)).toMatch(/DOCTYPE declarations are refused/);
    expect(r.path.at(-1)!.kind).toBe('sink');
  });

  const staxFactory = (extra: string[]) =>
    cls([
      '    protected Reader(XMLInputFactory xmlIn) {',
      '        if (xmlIn == null) {',
      '            xmlIn = XMLInputFactory.newInstance();',
      '            xmlIn.setProperty(',
      '                XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES,',
      '                Boolean.FALSE);',
      ...extra,
      '        }',
      '        _xmlInputFactory = xmlIn;',
      '    }',
    ]);

  it('when an XMLInputFactory made in a null check gets IS_SUPPORTING_EXTERNAL_ENTITIES = Boolean.FALSE (a multi-line call) and SUPPORT_DTD false, then it is sanitized', () => {
    const r = xxe(
      staxFactory(['            xmlIn.setProperty(XMLInputFactory.SUPPORT_DTD, false);']),
      'xmlIn = XMLInputFactory.newInstance();',
    );
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/external entities are not supported/);
  });

  it('when the partner is the string name of supportDTD, or external DTD access refused, then it is sanitized too', () => {
    for (const partner of [
      '            xmlIn.setProperty("javax.xml.stream.supportDTD", Boolean.FALSE);',
      '            xmlIn.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");',
    ]) {
      const r = xxe(staxFactory([partner]), 'xmlIn = XMLInputFactory.newInstance();');
      expect(r.outcome).toBe('no-source');
    }
  });

  it('when IS_SUPPORTING_EXTERNAL_ENTITIES is false but DTDs stay on (the external DTD is still fetched), then nothing is decided', () => {
    for (const extra of [
      [],
      ['            xmlIn.setProperty(XMLInputFactory.SUPPORT_DTD, true);'],
      ['            xmlIn.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);'],
    ]) {
      expect(xxe(staxFactory(extra), 'xmlIn = XMLInputFactory.newInstance();')).toBeNull();
    }
  });

  const staxResolver = (resolve: string[]) =>
    cls([
      '\tprotected XMLInputFactory createXmlInputFactory() {',
      '\t\tXMLInputFactory inputFactory = XMLInputFactory.newInstance();',
      '\t\tinputFactory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);',
      '\t\tinputFactory.setXMLResolver(NO_OP_XML_RESOLVER);',
      '\t\treturn inputFactory;',
      '\t}',
      '',
      '\tprivate static final XMLResolver NO_OP_XML_RESOLVER = new XMLResolver() {',
      '\t\t@Override',
      '\t\tpublic Object resolveEntity(String publicID, String systemID, String base, String ns) {',
      ...resolve,
      '\t\t}',
      '\t};',
    ]);

  it('when the StAX factory gets an XMLResolver (a constant anonymous class) answering every entity with an empty stream, then it is sanitized even as it leaves the method', () => {
    const r = xxe(
      staxResolver(['\t\t\treturn new ByteArrayInputStream(new byte[0]);']),
      'XMLInputFactory inputFactory =',
    );
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/answered by a resolver/);
  });

  it('when the XMLResolver returns null (the default fetch) or a stream of the URL it is asked for, then nothing is decided', () => {
    for (const body of [
      ['\t\t\treturn null;'],
      ['\t\t\treturn new URL(systemID).openStream();'],
      ['\t\t\treturn new ByteArrayInputStream(systemID.getBytes());'],
    ])
      expect(xxe(staxResolver(body), 'XMLInputFactory inputFactory =')).toBeNull();
  });

  const staticFactory = (settings: string[]) =>
    cls([
      '    static SAXParserFactory saxFactory;',
      '    static {',
      '        saxFactory = SAXParserFactory.newInstance();',
      '        try {',
      ...settings,
      '        } catch (SAXNotRecognizedException e) {',
      '            e.printStackTrace();',
      '        } catch (ParserConfigurationException e) {',
      '            e.printStackTrace();',
      '        }',
      '    }',
    ]);

  it('when a static factory is made and configured in the static initializer (a try block), then it is sanitized', () => {
    const r = xxe(
      staticFactory([
        '            saxFactory.setFeature("http://xml.org/sax/features/external-general-entities", false);',
        '            saxFactory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);',
        '            saxFactory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);',
      ]),
      'saxFactory = SAXParserFactory.newInstance();',
    );
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/external general entities are not resolved/);
  });

  it('when the static initializer sets only namespace awareness, general entities alone, or both entity kinds with the external DTD still loaded (batik 1.8, CVE-2017-5662), then nothing is decided', () => {
    const general =
      '            saxFactory.setFeature("http://xml.org/sax/features/external-general-entities", false);';
    for (const settings of [
      ['            saxFactory.setNamespaceAware(true);'],
      [general],
      [
        general,
        '            saxFactory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);',
      ],
    ])
      expect(
        xxe(staticFactory(settings), 'saxFactory = SAXParserFactory.newInstance();'),
      ).toBeNull();
  });

  it('when the setting names a constant of the class and the object is a field (this.), then it is read', () => {
    const r = xxe(
      cls(
        [
          '  public void init() throws Exception {',
          '    this.factory = SAXParserFactory.newInstance();',
          '    this.factory.setFeature(EXTERNAL_ENTITIES, false);',
          '    this.factory.setFeature(PARAMETER_ENTITIES, false);',
          '    this.factory.setFeature(LOAD_DTD, false);',
          '  }',
        ],
        [
          '  private static final String EXTERNAL_ENTITIES =',
          '      "http://xml.org/sax/features/external-general-entities";',
          '  private static final String PARAMETER_ENTITIES =',
          '      "http://xml.org/sax/features/external-parameter-entities";',
          '  private static final String LOAD_DTD =',
          '      "http://apache.org/xml/features/nonvalidating/load-external-dtd";',
          '  private SAXParserFactory factory;',
        ],
      ),
      'this.factory = SAXParserFactory.newInstance();',
    );
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/external general entities are not resolved/);
  });

  it('when the feature is set from a boolean field that is false unless a setter turns it on, then it is sanitized and says so', () => {
    const body = [
      '\tprivate SAXSource readSAXSource(InputStream body) throws IOException {',
      '\t\tXMLReader reader = XMLReaderFactory.createXMLReader();',
      '\t\treader.setFeature("http://xml.org/sax/features/external-general-entities", processExternalEntities);',
      '\t\treader.setFeature("http://xml.org/sax/features/external-parameter-entities", false);',
      '\t\treader.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);',
      '\t\treturn new SAXSource(reader, new InputSource(body));',
      '\t}',
      '',
      '\tpublic void setProcessExternalEntities(boolean processExternalEntities) {',
      '\t\tthis.processExternalEntities = processExternalEntities;',
      '\t}',
    ];
    const r = xxe(
      cls(body, ['\tprivate boolean processExternalEntities = false;']),
      'XMLReaderFactory.createXMLReader()',
    );
    expect(r.outcome).toBe('no-source');
    expect(r.reason).toMatch(/unless processExternalEntities is set \(it is false by default\)/);
    // a declaration without a value is false too
    const bare = xxe(
      cls(body, ['\tprivate boolean processExternalEntities;']),
      'XMLReaderFactory.createXMLReader()',
    );
    expect(bare.outcome).toBe('no-source');
    // a field that turns entities on by default protects nothing
    const on = xxe(
      cls(body, ['\tprivate boolean processExternalEntities = true;']),
      'XMLReaderFactory.createXMLReader()',
    );
    expect(on).toBeNull();
  });

  it('when only entity references are reported instead of expanded (StAX), then nothing is decided: the external DTD still loads (Spring before 3.2.9, CVE-2014-0225)', () => {
    const r = xxe(
      cls([
        '\tprotected XMLInputFactory createXmlInputFactory() {',
        '\t\tXMLInputFactory inputFactory = XMLInputFactory.newInstance();',
        '\t\tinputFactory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);',
        '\t\treturn inputFactory;',
        '\t}',
      ]),
      'XMLInputFactory inputFactory =',
    );
    expect(r).toBeNull();
  });

  it('when external general entities are off but parameter entities or the external DTD are not, then nothing is decided (CVE-2014-0225, CVE-2017-5662)', () => {
    const general =
      '\t\treader.setFeature("http://xml.org/sax/features/external-general-entities", false);';
    const body = (extra: string[]) => [
      '\tprivate SAXSource readSAXSource(InputStream body) throws IOException {',
      '\t\tXMLReader reader = XMLReaderFactory.createXMLReader();',
      general,
      ...extra,
      '\t\treturn new SAXSource(reader, new InputSource(body));',
      '\t}',
    ];
    expect(xxe(cls(body([])), 'XMLReaderFactory.createXMLReader()')).toBeNull();
    // parameter entities left on (true) are no partner either
    expect(
      xxe(
        cls(
          body([
            '\t\treader.setFeature("http://xml.org/sax/features/external-parameter-entities", true);',
          ]),
        ),
        'XMLReaderFactory.createXMLReader()',
      ),
    ).toBeNull();
    // parameter entities off too, but the external DTD still loads (batik 1.8, CVE-2017-5662)
    const parameterOff =
      '\t\treader.setFeature("http://xml.org/sax/features/external-parameter-entities", false);';
    expect(xxe(cls(body([parameterOff])), 'XMLReaderFactory.createXMLReader()')).toBeNull();
    // with the external DTD not loaded, or no external DTD access, the three keep entities out
    for (const dtd of [
      '\t\treader.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);',
      '\t\treader.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");',
    ])
      expect(
        xxe(cls(body([parameterOff, dtd])), 'XMLReaderFactory.createXMLReader()')?.outcome,
        dtd,
      ).toBe('no-source');
  });
});

describe('XXE: near misses keep the rule’s verdict', () => {
  const made = '\t\tDocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();';
  const read = (config: string[]) =>
    cls([
      '\tpublic Document read(InputStream body, boolean strict) throws Exception {',
      '\t\tDocumentBuilderFactory other = DocumentBuilderFactory.newInstance();',
      made,
      ...config,
      '\t\treturn dbf.newDocumentBuilder().parse(body);',
      '\t}',
    ]);

  it('when the feature is set on another factory, then nothing is decided', () => {
    const r = xxe(
      read(['\t\tother.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);']),
      made.trim(),
    );
    expect(r).toBeNull();
  });

  it('when the protective feature is given the value that turns it off, then nothing is decided', () => {
    const r = xxe(
      read(['\t\tdbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);']),
      made.trim(),
    );
    expect(r).toBeNull();
  });

  it('when the feature is set only in a branch that may not run, then nothing is decided', () => {
    const r = xxe(
      read([
        '\t\tif (strict) {',
        '\t\t\tdbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);',
        '\t\t}',
      ]),
      made.trim(),
    );
    expect(r).toBeNull();
  });

  it('when the factory is returned unconfigured, or only namespace-aware, then nothing is decided', () => {
    const text = cls([
      '\tprotected XMLInputFactory createXmlInputFactory() {',
      '\t\treturn XMLInputFactory.newInstance();',
      '\t}',
      '',
      '\tpublic Document read(InputStream body) throws Exception {',
      made,
      '\t\tdbf.setNamespaceAware(true);',
      '\t\treturn dbf.newDocumentBuilder().parse(body);',
      '\t}',
    ]).join('\n');
    const uri = 'src/main/java/org/acme/xml/Reader.java';
    for (const marker of ['return XMLInputFactory.newInstance();', made.trim()])
      expect(
        reconstructFlow({ uri, text, line: lineOf(text, marker), endLine: null, cls: 'xxe' }),
      ).toBeNull();
  });

  it('when a setting before the factory is made configures an earlier object of the same name, then nothing is decided', () => {
    const text = cls([
      '\tpublic void read(InputStream a, InputStream b) throws Exception {',
      '\t\tSAXParserFactory spf = SAXParserFactory.newInstance();',
      '\t\tspf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);',
      '\t\tspf.newSAXParser().parse(a, handler);',
      '\t\tspf = SAXParserFactory.newInstance();',
      '\t\tspf.newSAXParser().parse(b, handler);',
      '\t}',
    ]);
    expect(xxe(text, 'SAXParserFactory spf =').outcome).toBe('no-source');
    expect(xxe(text, '\t\tspf = SAXParserFactory.newInstance();')).toBeNull();
  });
});

describe('XXE: the verdict', () => {
  it('when Semgrep reports a factory the method configures, then triage calls it FALSE_POSITIVE and shows the setting', () => {
    const uri = 'src/main/java/org/acme/xml/Reader.java';
    const text = cls([
      '\tpublic Document read(InputStream body) throws Exception {',
      '\t\tDocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
      '\t\tdbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);',
      '\t\treturn dbf.newDocumentBuilder().parse(body);',
      '\t}',
    ]).join('\n');
    const f = finding({
      uri,
      line: lineOf(text, 'DocumentBuilderFactory dbf ='),
      tool: 'Semgrep OSS',
      ruleId: 'java.lang.security.audit.xxe.documentbuilderfactory-disallow-doctype-decl-missing',
      message: 'DOCTYPE declarations are enabled for this DocumentBuilderFactory.',
      level: 'warning',
      severity: 'medium',
      rule: rule({ cwe: ['CWE-611'], tags: ['security'] }),
    });
    const v = triageFinding(f, source({ [uri]: text }), BALANCED);
    expect(v.classification).toBe('FALSE_POSITIVE');
    expect(v.justification).toMatch(
      /configured before it parses: DOCTYPE declarations are refused/,
    );
    const shown = v.evidence.find((e) => e.signal === 'flow_reconstructed_sanitized')!;
    expect(shown.path!.map((s) => s.kind)).toEqual(['call', 'sanitizer', 'sink']);
    expect(shown.detail).toMatch(/^The parser is configured before it parses: DOCTYPE/);
    // the same code without the setting keeps the rule's verdict
    const bare = text.replace(/\t\tdbf\.setFeature[^\n]*\n/, '');
    expect(triageFinding(f, source({ [uri]: bare }), BALANCED).classification).toBe(
      'TRUE_POSITIVE',
    );
  });
});

describe('XXE (Python lxml): the parser a read is given', () => {
  const view = (setup: string[], read: string) => [
    'from lxml import etree',
    '',
    ...setup,
    '',
    '',
    'def load_feed(payload):',
    `    tree = ${read}`,
    '    return [item.findtext("title") for item in tree.iter("item")]',
  ];
  const at = (setup: string[], read: string) =>
    flowAt('xxe', view(setup, read), 'tree = ', 'feeds/parse.py');

  it('when a module-level XMLParser(resolve_entities=False) is passed, by position or by keyword, then the read is sanitized', () => {
    const setup = ['PARSER = etree.XMLParser(resolve_entities=False, no_network=True)'];
    expect(at(setup, 'etree.fromstring(payload, PARSER)').outcome).toBe('no-source');
    expect(at(setup, 'etree.parse(payload, parser=PARSER)').outcome).toBe('no-source');
    expect(
      at([], 'etree.fromstring(payload, etree.XMLParser(resolve_entities=False))').outcome,
    ).toBe('no-source');
  });

  it('when no parser is given, or one that only turns the network off, then nothing is decided', () => {
    expect(at([], 'etree.fromstring(payload)')).toBeNull();
    expect(
      at(['PARSER = etree.XMLParser(no_network=True)'], 'etree.fromstring(payload, PARSER)'),
    ).toBeNull();
  });
});

describe('XXE (Java): JDOM and the JAXP access properties', () => {
  it('when a SAXBuilder is told not to expand entities, or a TransformerFactory may fetch no external DTD, then it is sanitized; told to expand, or refused stylesheets only, it is not', () => {
    const java = (made: string, config: string) => [
      'package org.acme.xml;',
      '',
      'public class Docs {',
      '\tpublic Object read(java.io.InputStream in) throws Exception {',
      `\t\t${made}`,
      `\t\t${config}`,
      '\t\treturn in;',
      '\t}',
      '}',
    ];
    const at = (made: string, config: string) =>
      flowAt('xxe', java(made, config), made, 'src/main/java/org/acme/xml/Docs.java');
    expect(
      at('SAXBuilder builder = new SAXBuilder();', 'builder.setExpandEntities(false);').outcome,
    ).toBe('no-source');
    expect(
      at(
        'TransformerFactory tf = TransformerFactory.newInstance();',
        'tf.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");',
      ).outcome,
    ).toBe('no-source');
    // External stylesheets refused, the transformed document still loads its external DTD.
    expect(
      at(
        'TransformerFactory tf = TransformerFactory.newInstance();',
        'tf.setAttribute(XMLConstants.ACCESS_EXTERNAL_STYLESHEET, "");',
      ),
    ).toBeNull();
    expect(
      at('SAXBuilder builder = new SAXBuilder();', 'builder.setExpandEntities(true);'),
    ).toBeNull();
  });

  it('when a TransformerFactory turns secure processing on through the API (any spelling of the name), then it is sanitized; off, or on a parser factory, it is not', () => {
    const transformer = (config: string, made = 'TransformerFactory.newInstance()') => [
      'package org.acme.xml;',
      '',
      'public class Transforms {',
      '    public TransformerFactory createTransformerFactory() {',
      `        TransformerFactory factory = ${made};`,
      '        try {',
      `            ${config}`,
      '        } catch (TransformerConfigurationException e) {',
      '            LOG.warn("feature {} not supported", e);',
      '        }',
      '        factory.setErrorListener(new XmlErrorListener());',
      '        return factory;',
      '    }',
      '}',
    ];
    const at = (config: string, made?: string) =>
      flowAt(
        'xxe',
        transformer(config, made),
        'TransformerFactory factory =',
        'src/main/java/org/acme/xml/Transforms.java',
      );
    for (const name of [
      'XMLConstants.FEATURE_SECURE_PROCESSING',
      'javax.xml.XMLConstants.FEATURE_SECURE_PROCESSING',
      'FEATURE_SECURE_PROCESSING',
      '"http://javax.xml.XMLConstants/feature/secure-processing"',
    ]) {
      const r = at(`factory.setFeature(${name}, true);`);
      expect(r?.outcome, name).toBe('no-source');
      expect(pathText(r), name).toMatch(/secure processing is on/);
    }
    expect(at('factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, false);')).toBeNull();
    // The same call on a parser factory (kept in a variable of the transformer's type) is not read.
    expect(
      at(
        'factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);',
        'DocumentBuilderFactory.newInstance()',
      ),
    ).toBeNull();
  });
});

describe('XXE (Java): a helper of the class that configures the factory it is given', () => {
  const java = (helperBody: string[]) => [
    'package org.acme.xml;',
    '',
    'public class Feeds {',
    '  private static void harden(DocumentBuilderFactory factory) throws ParserConfigurationException {',
    ...helperBody,
    '  }',
    '',
    '  public Document parse(InputStream in) throws Exception {',
    '    DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
    '    harden(dbf);',
    '    return dbf.newDocumentBuilder().parse(in);',
    '  }',
    '}',
  ];
  const at = (body: string[]) =>
    flowAt(
      'xxe',
      java(body),
      'DocumentBuilderFactory dbf =',
      'src/main/java/org/acme/xml/Feeds.java',
    );

  it('when the helper refuses DOCTYPE declarations on its parameter, then the factory is sanitized', () => {
    const r = at([
      '    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);',
      '    factory.setXIncludeAware(false);',
    ]);
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/harden\(dbf\) → factory\.setFeature/);
  });

  it('when the helper does so only under a condition, or sets something else, then nothing is decided', () => {
    expect(
      at([
        '    if (STRICT) {',
        '      factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);',
        '    }',
      ]),
    ).toBeNull();
    expect(at(['    factory.setNamespaceAware(true);'])).toBeNull();
  });
});

describe('XXE: parsers given an entity resolver that refuses external entities', () => {
  const file = (method: string[], extra: string[] = []) =>
    cls([...method, '', ...extra], ['\tprivate Document domDocument;']);
  const build = (resolver: string, tail: string[] = []) => [
    '\tpublic Reader(byte[] bytes) throws SAXException, IOException {',
    '\t\ttry {',
    '\t\t\tDocumentBuilderFactory fact = DocumentBuilderFactory.newInstance();',
    '\t\t\tfact.setNamespaceAware(true);',
    '\t\t\tDocumentBuilder db = fact.newDocumentBuilder();',
    `\t\t\tdb.setEntityResolver(${resolver});`,
    ...tail,
    '\t\t\tdomDocument = db.parse(new ByteArrayInputStream(bytes));',
    '\t\t} catch (ParserConfigurationException e) {',
    '\t\t\tthrow new ExceptionConverter(e);',
    '\t\t}',
    '\t}',
  ];
  const emptyResolver = (returns: string) => [
    '\tprivate static class EmptyResolver implements EntityResolver {',
    '\t\tpublic InputSource resolveEntity(String publicId, String systemId) throws SAXException, IOException {',
    `\t\t\treturn ${returns};`,
    '\t\t}',
    '\t}',
  ];
  const marker = 'DocumentBuilderFactory fact =';

  it('when the builder gets a resolver class of the file that answers every entity with an empty document (tabs, a try block), then the factory is sanitized', () => {
    const r = xxe(
      file(build('new EmptyResolver()'), emptyResolver('new InputSource(new StringReader(""))')),
      marker,
    );
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(pathText(r)).toMatch(/external entities are refused .*db\.setEntityResolver/);
  });

  it('when the resolver is a constant lambda that throws, reached through a getter of the class, then it is sanitized', () => {
    const r = xxe(
      file(build('getEntityResolver()'), [
        '\tprotected EntityResolver getEntityResolver() {',
        '\t\treturn DISALLOW_EXTERNAL_ENTITY_RESOLVER;',
        '\t}',
        '',
        '\tpublic static final EntityResolver DISALLOW_EXTERNAL_ENTITY_RESOLVER = (String publicId, String systemId) -> {',
        '\t\tthrow new SAXException(String.format(Locale.ENGLISH,',
        '\t\t\t"External Entity resolving unsupported: publicId=\\"%s\\" systemId=\\"%s\\"",',
        '\t\t\tpublicId, systemId));',
        '\t};',
      ]),
      marker,
    );
    expect(r.outcome).toBe('no-source');
  });

  it('when an anonymous resolver returns null (the default fetch) or a source made from the systemId, then nothing is decided', () => {
    const anonymous = (returns: string) =>
      [
        'new EntityResolver() {',
        '\t\t\t\tpublic InputSource resolveEntity(String publicId, String systemId) {',
        `\t\t\t\t\treturn ${returns};`,
        '\t\t\t\t}',
        '\t\t\t}',
      ].join('\n');
    expect(
      xxe(file(build(anonymous('new InputSource(new StringReader(""))'))), marker).outcome,
    ).toBe('no-source');
    expect(xxe(file(build(anonymous('null'))), marker)).toBeNull();
    expect(xxe(file(build(anonymous('new InputSource(systemId)'))), marker)).toBeNull();
  });

  it('when a second builder of the same factory gets no resolver, or the resolver is set only under a condition, then nothing is decided', () => {
    const resolver = emptyResolver('new InputSource(new StringReader(""))');
    const second = [
      '\t\t\tDocumentBuilder other = fact.newDocumentBuilder();',
      '\t\t\tother.parse(new ByteArrayInputStream(bytes));',
    ];
    expect(xxe(file(build('new EmptyResolver()', second), resolver), marker)).toBeNull();
    const conditional = file(
      [
        '\tpublic Reader(byte[] bytes, boolean safe) throws Exception {',
        '\t\tDocumentBuilderFactory fact = DocumentBuilderFactory.newInstance();',
        '\t\tDocumentBuilder db = fact.newDocumentBuilder();',
        '\t\tif (safe) {',
        '\t\t\tdb.setEntityResolver(new EmptyResolver());',
        '\t\t}',
        '\t\tdomDocument = db.parse(new ByteArrayInputStream(bytes));',
        '\t}',
      ],
      resolver,
    );
    expect(xxe(conditional, marker)).toBeNull();
  });

  it('when the factory leaves the method, then its other parsers are not known and nothing is decided', () => {
    const r = xxe(
      file(
        [
          '\tpublic DocumentBuilderFactory factory() throws Exception {',
          '\t\tDocumentBuilderFactory fact = DocumentBuilderFactory.newInstance();',
          '\t\tDocumentBuilder db = fact.newDocumentBuilder();',
          '\t\tdb.setEntityResolver(new EmptyResolver());',
          '\t\treturn fact;',
          '\t}',
        ],
        emptyResolver('new InputSource(new StringReader(""))'),
      ),
      marker,
    );
    expect(r).toBeNull();
  });

  it('when a helper forwards the name and value it is given to the reader (cast, by type, in a try), then the call site’s setting counts; under another condition it does not', () => {
    const withHelper = (guard: string) =>
      file(
        [
          '    public Source source(String xml) throws SAXException {',
          '        XMLReader reader = XMLReaderFactory.createXMLReader();',
          '        setFeature(reader, "http://apache.org/xml/features/disallow-doctype-decl", true);',
          '        return new SAXSource(reader, new InputSource(new StringReader(xml)));',
          '    }',
        ],
        [
          '    private static void setFeature(Object factory, String name, boolean value) {',
          '        try {',
          '            if (factory instanceof DocumentBuilderFactory) {',
          '                ((DocumentBuilderFactory) factory).setFeature(name, value);',
          `            } else if (${guard}) {`,
          '                ((XMLReader) factory).setFeature(name, value);',
          '            }',
          '        } catch (Exception ignore) {',
          '            // not supported: left as is',
          '        }',
          '    }',
        ],
      );
    const made = 'XMLReader reader =';
    const r = xxe(withHelper('factory instanceof XMLReader'), made);
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/DOCTYPE declarations are refused: setFeature\(reader, /);
    expect(xxe(withHelper('STRICT && factory instanceof XMLReader'), made)).toBeNull();
  });

  it('when a protective feature is set in a try block whose catch ignores a refusal, then it is sanitized; set in the catch block, or only secure processing, it is not', () => {
    const withTry = (tryBody: string, catchBody: string) =>
      file([
        '\tprivate Document parseXML(InputStream in) throws Exception {',
        '\t\tfinal DocumentBuilderFactory fact = DocumentBuilderFactory.newInstance();',
        '\t\tfact.setValidating(false);',
        '\t\ttry {',
        `\t\t\t${tryBody}`,
        '\t\t} catch (ParserConfigurationException e) {',
        `\t\t\t${catchBody}`,
        '\t\t}',
        '\t\treturn fact.newDocumentBuilder().parse(in);',
        '\t}',
      ]);
    const doctype =
      'fact.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);';
    expect(xxe(withTry(doctype, '// not supported by this parser'), marker).outcome).toBe(
      'no-source',
    );
    expect(xxe(withTry('fact.setNamespaceAware(true);', doctype), marker)).toBeNull();
    // Secure processing alone limits expansion; Xerces still resolves external entities.
    const fsp = 'fact.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);';
    expect(xxe(withTry(fsp, '// not supported by this parser'), marker)).toBeNull();
  });
});

describe('XXE: a resolver set unless the caller opts into external entities', () => {
  const noOp = [
    '\tprivate static final EntityResolver NO_OP_ENTITY_RESOLVER = new EntityResolver() {',
    '\t\t@Override',
    '\t\tpublic InputSource resolveEntity(String publicId, String systemId) {',
    '\t\t\treturn new InputSource(new StringReader(""));',
    '\t\t}',
    '\t};',
  ];
  const spring = (opts: { field?: string; gate?: string; order?: 'before' | 'after' } = {}) =>
    cls(
      [
        '\tpublic void setProcessExternalEntities(boolean processExternalEntities) {',
        '\t\tthis.processExternalEntities = processExternalEntities;',
        '\t}',
        '',
        '\tpublic boolean isProcessExternalEntities() {',
        '\t\treturn this.processExternalEntities;',
        '\t}',
        '',
        '\tprivate SAXSource readSAXSource(InputStream body) throws IOException {',
        '\t\ttry {',
        '\t\t\tXMLReader reader = XMLReaderFactory.createXMLReader();',
        '\t\t\treader.setFeature("http://xml.org/sax/features/external-general-entities", isProcessExternalEntities());',
        '\t\t\tbyte[] bytes = StreamUtils.copyToByteArray(body);',
        ...(opts.order === 'after'
          ? [
              '\t\t\tSAXSource source = new SAXSource(reader, new InputSource(new ByteArrayInputStream(bytes)));',
            ]
          : []),
        `\t\t\tif (${opts.gate ?? '!isProcessExternalEntities()'}) {`,
        '\t\t\t\treader.setEntityResolver(NO_OP_ENTITY_RESOLVER);',
        '\t\t\t}',
        opts.order === 'after'
          ? '\t\t\treturn source;'
          : '\t\t\treturn new SAXSource(reader, new InputSource(new ByteArrayInputStream(bytes)));',
        '\t\t}',
        '\t\tcatch (SAXException ex) {',
        '\t\t\tthrow new HttpMessageNotReadableException("Could not parse document: " + ex.getMessage(), ex);',
        '\t\t}',
        '\t}',
        '',
        ...noOp,
      ],
      [`\tprivate boolean processExternalEntities${opts.field ?? ' = false'};`],
    );
  const marker = 'XMLReaderFactory.createXMLReader()';

  it('when the reader gets an empty-document resolver unless an opt-in field (false by default, read by its getter) is set, and is handed on after, then it is sanitized', () => {
    const r = xxe(spring(), marker);
    expect(r.outcome).toBe('no-source');
    expect(r.sanitized).toBe(true);
    expect(r.reason).toMatch(/unless processExternalEntities is set; it is false by default/);
    expect(xxe(spring({ field: '' }), marker).outcome).toBe('no-source');
  });

  it('when the field is true by default, the gate is the opt-in itself, or the reader is handed on before the resolver is set, then nothing is decided', () => {
    expect(xxe(spring({ field: ' = true' }), marker)).toBeNull();
    expect(xxe(spring({ gate: 'isProcessExternalEntities()' }), marker)).toBeNull();
    expect(xxe(spring({ gate: '!strict' }), marker)).toBeNull();
    expect(xxe(spring({ order: 'after' }), marker)).toBeNull();
  });

  it('when a protective setting sits in a branch without braces, then it counts only as an opt-in gate', () => {
    const braceless = (gate: string) =>
      cls(
        [
          '\tpublic Document read(InputStream in, boolean strict) throws Exception {',
          '\t\tDocumentBuilderFactory f = DocumentBuilderFactory.newInstance();',
          `\t\tif (${gate}) f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);`,
          '\t\treturn f.newDocumentBuilder().parse(in);',
          '\t}',
        ],
        ['\tprivate boolean allowDoctype;'],
      );
    expect(xxe(braceless('strict'), 'DocumentBuilderFactory.newInstance()')).toBeNull();
    const gated = xxe(braceless('!allowDoctype'), 'DocumentBuilderFactory.newInstance()');
    expect(gated.outcome).toBe('no-source');
    expect(gated.reason).toMatch(/unless allowDoctype is set/);
  });
});

describe('XXE: factories kept in fields', () => {
  const holder = (modifiers: string, init: string[]) =>
    cls([
      `    private ${modifiers}DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();`,
      '',
      ...init,
      '',
      '    public Document parse(InputStream in) throws Exception {',
      '        return factory.newDocumentBuilder().parse(in);',
      '    }',
    ]);
  const made = 'DocumentBuilderFactory factory =';
  const doctype =
    'factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);';

  it('when a static factory is configured in the static initializer (in a try), then it is sanitized', () => {
    const r = xxe(
      holder('static final ', [
        '    static {',
        '        try {',
        `            ${doctype}`,
        '        } catch (ParserConfigurationException e) {',
        '            throw new IllegalStateException(e);',
        '        }',
        '    }',
      ]),
      made,
    );
    expect(r.outcome).toBe('no-source');
    expect(r.reason).toMatch(/in the static initializer/);
  });

  it('when an instance factory is configured in every constructor, then it is sanitized; in one constructor of two, it is not', () => {
    const one = ['    public Reader() {', `        this.${doctype}`, '    }'];
    expect(xxe(holder('final ', one), made).outcome).toBe('no-source');
    const two = [
      ...one,
      '',
      '    public Reader(boolean lenient) {',
      '        this.lenient = lenient;',
      '    }',
    ];
    expect(xxe(holder('final ', two), made)).toBeNull();
  });

  it('when the static initializer configures it only under a condition, then nothing is decided', () => {
    const r = xxe(
      holder('static final ', [
        '    static {',
        '        if (Boolean.getBoolean("xml.strict")) {',
        `            ${doctype}`,
        '        }',
        '    }',
      ]),
      made,
    );
    expect(r).toBeNull();
  });
});

describe('XXE: settings named by Xerces constants', () => {
  const withSetting = (setting: string) =>
    cls([
      '    public Document parse(InputStream in) throws Exception {',
      '        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();',
      `        dbf.setFeature(${setting});`,
      '        return dbf.newDocumentBuilder().parse(in);',
      '    }',
    ]);
  const made = 'DocumentBuilderFactory dbf =';

  it('when the feature is Xerces’s DISALLOW_DOCTYPE_DECL_FEATURE after its prefix, or a static import of it, then it is sanitized', () => {
    for (const setting of [
      'Constants.XERCES_FEATURE_PREFIX + Constants.DISALLOW_DOCTYPE_DECL_FEATURE, true',
      'DISALLOW_DOCTYPE_DECL, true',
    ])
      expect(xxe(withSetting(setting), made).outcome, setting).toBe('no-source');
    // external general entities off counts beside parameter entities and the external DTD off,
    // named the same way
    expect(
      xxe(
        withSetting(
          'Constants.SAX_FEATURE_PREFIX + Constants.EXTERNAL_GENERAL_ENTITIES_FEATURE, false);\n        dbf.setFeature(Constants.SAX_FEATURE_PREFIX + Constants.EXTERNAL_PARAMETER_ENTITIES_FEATURE, false);\n        dbf.setFeature(Constants.XERCES_FEATURE_PREFIX + Constants.LOAD_EXTERNAL_DTD_FEATURE, false',
        ),
        made,
      ).outcome,
    ).toBe('no-source');
  });

  it('when the named feature gets the value that turns it off, or the name is another feature, then nothing is decided', () => {
    for (const setting of [
      'Constants.XERCES_FEATURE_PREFIX + Constants.DISALLOW_DOCTYPE_DECL_FEATURE, false',
      'Constants.SAX_FEATURE_PREFIX + Constants.NAMESPACES_FEATURE, true',
      'Constants.SAX_FEATURE_PREFIX + Constants.EXTERNAL_GENERAL_ENTITIES_FEATURE, true',
    ])
      expect(xxe(withSetting(setting), made), setting).toBeNull();
  });
});

// hazelcast 4.2.5's XmlUtil: one overloaded helper per factory type, each wrapping the setting
// in a try and passing the value itself (`factory.setFeature(featureName, true)`).
describe('XXE: a setting made by an overloaded helper of the file', () => {
  const util = (helpers: string[], body: string[]) =>
    cls(
      [
        ...body,
        '',
        '    static void setFeature(DocumentBuilderFactory dbf, String featureName) throws Exception {',
        '        try {',
        '            dbf.setFeature(featureName, true);',
        '        } catch (ParserConfigurationException e) {',
        '            rethrowUnlessIgnored(e, "feature " + featureName);',
        '        }',
        '    }',
        '',
        ...helpers,
      ],
      [
        '    private static final String FEATURES_DISALLOW_DOCTYPE =',
        '            "http://apache.org/xml/features/disallow-doctype-decl";',
      ],
    );
  const saxHelper = (value: string) => [
    '    static void setFeature(SAXParserFactory saxParserFactory, String featureName)',
    '            throws ParserConfigurationException, SAXException {',
    '        try {',
    `            saxParserFactory.setFeature(featureName, ${value});`,
    '        } catch (SAXException e) {',
    '            rethrowUnlessIgnored(e, "feature " + featureName);',
    '        }',
    '    }',
  ];
  const staxHelper = [
    '    static void setProperty(XMLInputFactory xmlInputFactory, String propertyName, Object value) {',
    '        try {',
    '            xmlInputFactory.setProperty(propertyName, value);',
    '        } catch (IllegalArgumentException e) {',
    '            rethrowUnlessIgnored(e, "property " + propertyName);',
    '        }',
    '    }',
  ];
  const saxMade = '        SAXParserFactory factory = SAXParserFactory.newInstance();';
  const sax = [
    '    public static SAXParserFactory getSAXParserFactory() throws Exception {',
    saxMade,
    '        setFeature(factory, FEATURES_DISALLOW_DOCTYPE);',
    '        return factory;',
    '    }',
  ];
  const staxMade = '        XMLInputFactory xmlInputFactory = XMLInputFactory.newInstance();';
  const stax = (value: string) => [
    '    public static XMLInputFactory getXMLInputFactory() {',
    staxMade,
    `        setProperty(xmlInputFactory, XMLInputFactory.SUPPORT_DTD, ${value});`,
    '        return xmlInputFactory;',
    '    }',
  ];

  it('when the overload for the factory’s type sets the feature true itself, then it is sanitized', () => {
    const r = xxe(util([...saxHelper('true'), ...staxHelper], [...sax, ...stax('false')]), saxMade);
    expect(r.outcome).toBe('no-source');
    expect(pathText(r)).toMatch(/DOCTYPE declarations are refused/);
    expect(
      xxe(util([...saxHelper('true'), ...staxHelper], [...sax, ...stax('false')]), staxMade)
        .outcome,
    ).toBe('no-source');
  });

  it('when the overload for the factory’s type sets it false, or the value passed is true, then nothing is decided', () => {
    // The other overload (DocumentBuilderFactory) sets true: it is not the one that runs.
    expect(xxe(util([...saxHelper('false'), ...staxHelper], sax), saxMade)).toBeNull();
    expect(xxe(util([...saxHelper('true'), ...staxHelper], stax('true')), staxMade)).toBeNull();
  });
});
