import { notApplicable } from '../../engine/codemod.js';
import { defineCodemod } from '../../engine/define.js';
import type { FileEditor } from '../../engine/file-editor.js';
import { ensureJavaHelper } from '../../imports/helpers.js';
import { ensureJavaImport } from '../../imports/java-imports.js';
import { staticHelperHost } from '../shared/scope.js';
import { endsItsLine, insertAfter } from '../shared/statements.js';
import type { Factory, Setting } from './factories.js';
import { helperName, xxeSites, type XxeData } from './xxe-sites.js';

/** `target.method(key, value);` with the key's class imported (or qualified on a clash). */
const settingCall = (editor: FileEditor, target: string, setting: Setting): string => {
  let key = setting.key;
  for (const qualified of setting.imports ?? []) {
    const simple = qualified.slice(qualified.lastIndexOf('.') + 1);
    key = key.replace(new RegExp(`^${simple}\\b`), ensureJavaImport(editor, qualified));
  }
  return `${target}.${setting.method}(${key}, ${setting.value});`;
};

const helperCode = (editor: FileEditor, factory: Factory): string => {
  const type = ensureJavaImport(editor, factory.qualified);
  const name = helperName(factory);
  const calls = factory.settings.map((s) => settingCall(editor, 'factory', s));
  const signature = `private static <T extends ${type}> T ${name}(T factory) {`;
  if (factory.catchTypes.length === 0) {
    return [signature, ...calls.map((c) => `\t${c}`), '\treturn factory;', '}'].join('\n');
  }
  const caught = factory.catchTypes.map((t) => ensureJavaImport(editor, t)).join(' | ');
  return [
    signature,
    '\ttry {',
    ...calls.map((c) => `\t\t${c}`),
    `\t} catch (${caught} e) {`,
    '\t\tthrow new IllegalStateException("cannot switch off external entities for this XML parser", e);',
    '\t}',
    '\treturn factory;',
    '}',
  ].join('\n');
};

/** `remediate:java/xxe-xml-factory`: XML factories and readers hardened right after creation. */
export const javaXxeXmlFactory = defineCodemod<XxeData>({
  id: 'remediate:java/xxe-xml-factory',
  languages: ['java'],
  rules: {
    codeql: ['java/xxe'],
    semgrep: [
      'java.lang.security.audit.xxe.documentbuilderfactory-disallow-doctype-decl-missing.documentbuilderfactory-disallow-doctype-decl-missing',
      'java.lang.security.audit.xxe.saxparserfactory-disallow-doctype-decl-missing.saxparserfactory-disallow-doctype-decl-missing',
      'java.lang.security.audit.xxe.transformerfactory-dtds-not-disabled.transformerfactory-dtds-not-disabled',
      'java.lang.security.xmlinputfactory-possible-xxe.xmlinputfactory-possible-xxe',
    ],
    spotbugs: [
      'XXE_DOCUMENT',
      'XXE_SAXPARSER',
      'XXE_XMLREADER',
      'XXE_XMLSTREAMREADER',
      'XXE_DTD_TRANSFORM_FACTORY',
      'XXE_XSLT_TRANSFORM_FACTORY',
      'XXE_SCHEMA_FACTORY',
    ],
    sonarqube: ['java:S2755'],
  },
  cwe: [611, 776],
  owasp: ['A05:2021'],
  title: 'XML parsers without DTDs and external entities',
  description:
    'Right after a `DocumentBuilderFactory`, `SAXParserFactory` or `XMLReader` is created, sets ' +
    '`disallow-doctype-decl`; an `XMLInputFactory` gets `SUPPORT_DTD` and ' +
    '`IS_SUPPORTING_EXTERNAL_ENTITIES` off; a `TransformerFactory` gets `ACCESS_EXTERNAL_DTD` and ' +
    '`ACCESS_EXTERNAL_STYLESHEET` empty; a `SchemaFactory` `ACCESS_EXTERNAL_DTD` and ' +
    '`ACCESS_EXTERNAL_SCHEMA` empty. Settings already present are not repeated. Factories kept ' +
    'in fields, built inline, or created where the checked exceptions are not handled are wrapped ' +
    'in a small `secure<Factory>(...)` helper. A finding on a parser call away from the factory ' +
    '(`builder.parse(in)` with the builder from a `createDocumentBuilder()` method of the file) is ' +
    'fixed at the one unhardened factory of that type in the file; declined with the reason when the ' +
    'parser is created outside the file, when the file already hardens its factory, or when several ' +
    'factories could have built it.',
  rationale: {
    problem:
      'Java XML parsers resolve DTDs and external entities by default: a document can declare ' +
      '`<!ENTITY x SYSTEM "file:///etc/passwd">` and have the file (or an internal URL) read into ' +
      'the parsed data, or expand entities until memory runs out (XXE, billion laughs).',
    change:
      'The parser is configured as the OWASP XXE Prevention Cheat Sheet recommends before it is ' +
      'used: DOCTYPE declarations are rejected (SAX and DOM), DTD support and external entities ' +
      'are off (StAX), and external DTD, schema and stylesheet access is disabled (transformers, ' +
      'schema validation).',
    safety:
      'Documents without a DOCTYPE, the normal case for data exchanged with services, parse ' +
      'exactly as before. A document that carries a DOCTYPE is now rejected by DOM and SAX ' +
      'parsers, and stylesheets or schemas that import external resources fail to load: review ' +
      'callers that rely on DTDs. The settings go right after the creation, before the parser is ' +
      'used; the helper turns the configuration exceptions, which the JDK parsers never throw for ' +
      'these standard features, into `IllegalStateException`.',
  },
  references: [
    {
      title: 'CWE-611: Improper Restriction of XML External Entity Reference',
      url: 'https://cwe.mitre.org/data/definitions/611.html',
    },
    {
      title: 'OWASP XML External Entity Prevention Cheat Sheet (Java)',
      url: 'https://cheatsheetseries.owasp.org/cheatsheets/XML_External_Entity_Prevention_Cheat_Sheet.html#java',
    },
    {
      title: 'JAXP security guide',
      url: 'https://docs.oracle.com/en/java/javase/21/security/java-api-xml-processing-jaxp-security-guide.html',
    },
  ],
  detect: xxeSites,
  fix: ({ node, data }, editor) => {
    if (!data) return;
    if (data.mode === 'inline' && data.statement && data.variable) {
      if (!endsItsLine(editor, data.statement)) {
        return notApplicable('unsafe_to_change', 'another statement follows on the same line');
      }
      const target = data.variable;
      return insertAfter(
        editor,
        data.statement,
        data.missing.map((s) => settingCall(editor, target, s)),
      );
    }
    const body = staticHelperHost(node);
    if (!body) {
      return notApplicable('unsafe_to_change', 'the class cannot hold a static helper method');
    }
    const name = ensureJavaHelper(editor, body, {
      name: helperName(data.factory),
      code: helperCode(editor, data.factory),
    });
    if (!name) return notApplicable('unsafe_to_change', `${helperName(data.factory)} is taken`);
    editor.replace(node, `${name}(${node.text()})`);
  },
});
