/** One configuration call a hardened factory needs: `<var>.<method>(<key>, <value>)`. */
export interface Setting {
  method: string;
  /** How the key is written when the codemod adds it. */
  key: string;
  /** Spellings of the key that count as present (literal values and constant names). */
  keys: readonly string[];
  value: string;
  /** Values that count as present (e.g. `false` and `Boolean.FALSE`). */
  values: readonly string[];
  /** Classes to import for `key` (e.g. `javax.xml.XMLConstants`). */
  imports?: readonly string[];
}

/** An XML factory (or reader) type, how it is created, used and hardened. */
export interface Factory {
  type: string;
  qualified: string;
  /** `Receiver.method(...)` creations; a `null` receiver means any object (`parser.getXMLReader()`). */
  creators: readonly { receiver: RegExp | null; method: RegExp }[];
  /** Calls on the factory that parse or compile input (scanners point at them). */
  sinks: readonly string[];
  /** Settings the fix adds; any one alternative fully present makes the factory safe. */
  settings: readonly Setting[];
  alternatives: readonly (readonly Setting[])[];
  /** Checked exceptions the settings throw (simple names, see shared/exceptions.ts). */
  throws: readonly string[];
  /** Exception types to import for the helper's catch clause. */
  catchTypes: readonly string[];
}

const DOCTYPE = 'http://apache.org/xml/features/disallow-doctype-decl';
const GENERAL = 'http://xml.org/sax/features/external-general-entities';
const PARAMETER = 'http://xml.org/sax/features/external-parameter-entities';

const feature = (uri: string, value: boolean): Setting => ({
  method: 'setFeature',
  key: `"${uri}"`,
  keys: [`"${uri}"`],
  value: String(value),
  values: [String(value), `Boolean.${String(value).toUpperCase()}`],
});

const disallowDoctype = feature(DOCTYPE, true);
const noExternalEntities = [feature(GENERAL, false), feature(PARAMETER, false)];

const access = (method: string, constant: string, property: string): Setting => ({
  method,
  key: `XMLConstants.${constant}`,
  keys: [`XMLConstants.${constant}`, `javax.xml.XMLConstants.${constant}`, `"${property}"`],
  value: '""',
  values: ['""'],
  imports: ['javax.xml.XMLConstants'],
});

const stax = (constant: string, property: string): Setting => ({
  method: 'setProperty',
  key: `XMLInputFactory.${constant}`,
  keys: [
    `XMLInputFactory.${constant}`,
    `javax.xml.stream.XMLInputFactory.${constant}`,
    `"${property}"`,
  ],
  value: 'false',
  values: ['false', 'Boolean.FALSE'],
});

const supportDtd = stax('SUPPORT_DTD', 'javax.xml.stream.supportDTD');
const externalEntities = stax(
  'IS_SUPPORTING_EXTERNAL_ENTITIES',
  'javax.xml.stream.isSupportingExternalEntities',
);

const SAX_THROWS = ['SAXNotRecognizedException', 'SAXNotSupportedException'];

/** The factories the codemod hardens, with their scanners' accepted configurations. */
export const FACTORIES: readonly Factory[] = [
  {
    type: 'DocumentBuilderFactory',
    qualified: 'javax.xml.parsers.DocumentBuilderFactory',
    creators: [
      {
        receiver: /^(javax\.xml\.parsers\.)?DocumentBuilderFactory$/,
        method: /^new(Default)?(NS)?Instance$/,
      },
    ],
    sinks: ['newDocumentBuilder'],
    settings: [disallowDoctype],
    alternatives: [[disallowDoctype], noExternalEntities],
    throws: ['ParserConfigurationException'],
    catchTypes: ['javax.xml.parsers.ParserConfigurationException'],
  },
  {
    type: 'SAXParserFactory',
    qualified: 'javax.xml.parsers.SAXParserFactory',
    creators: [
      {
        receiver: /^(javax\.xml\.parsers\.)?SAXParserFactory$/,
        method: /^new(Default)?(NS)?Instance$/,
      },
    ],
    sinks: ['newSAXParser'],
    settings: [disallowDoctype],
    alternatives: [[disallowDoctype], noExternalEntities],
    throws: ['ParserConfigurationException', ...SAX_THROWS],
    catchTypes: ['javax.xml.parsers.ParserConfigurationException', 'org.xml.sax.SAXException'],
  },
  {
    type: 'XMLReader',
    qualified: 'org.xml.sax.XMLReader',
    creators: [
      { receiver: /^(org\.xml\.sax\.helpers\.)?XMLReaderFactory$/, method: /^createXMLReader$/ },
      { receiver: null, method: /^getXMLReader$/ },
    ],
    sinks: ['parse'],
    settings: [disallowDoctype],
    alternatives: [[disallowDoctype], noExternalEntities],
    throws: SAX_THROWS,
    catchTypes: ['org.xml.sax.SAXException'],
  },
  {
    type: 'XMLInputFactory',
    qualified: 'javax.xml.stream.XMLInputFactory',
    creators: [
      {
        receiver: /^(javax\.xml\.stream\.)?XMLInputFactory$/,
        method: /^new(Default)?(Instance|Factory)$/,
      },
    ],
    sinks: ['createXMLStreamReader', 'createXMLEventReader'],
    settings: [supportDtd, externalEntities],
    alternatives: [[supportDtd, externalEntities], [supportDtd]],
    throws: [],
    catchTypes: [],
  },
  {
    type: 'TransformerFactory',
    qualified: 'javax.xml.transform.TransformerFactory',
    creators: [
      {
        receiver: /^(javax\.xml\.transform\.)?(SAX)?TransformerFactory$/,
        method: /^new(Default)?Instance$/,
      },
    ],
    sinks: ['newTransformer', 'newTemplates', 'newTransformerHandler'],
    settings: [
      access(
        'setAttribute',
        'ACCESS_EXTERNAL_DTD',
        'http://javax.xml.XMLConstants/property/accessExternalDTD',
      ),
      access(
        'setAttribute',
        'ACCESS_EXTERNAL_STYLESHEET',
        'http://javax.xml.XMLConstants/property/accessExternalStylesheet',
      ),
    ],
    alternatives: [],
    throws: [],
    catchTypes: [],
  },
  {
    type: 'SchemaFactory',
    qualified: 'javax.xml.validation.SchemaFactory',
    creators: [
      {
        receiver: /^(javax\.xml\.validation\.)?SchemaFactory$/,
        method: /^new(Default)?Instance$/,
      },
    ],
    sinks: ['newSchema'],
    settings: [
      access(
        'setProperty',
        'ACCESS_EXTERNAL_DTD',
        'http://javax.xml.XMLConstants/property/accessExternalDTD',
      ),
      access(
        'setProperty',
        'ACCESS_EXTERNAL_SCHEMA',
        'http://javax.xml.XMLConstants/property/accessExternalSchema',
      ),
    ],
    alternatives: [],
    throws: SAX_THROWS,
    catchTypes: ['org.xml.sax.SAXException'],
  },
];
