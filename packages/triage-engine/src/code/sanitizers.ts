import type { LanguageFamily } from './language.js';

type PerLanguage = Partial<Record<LanguageFamily | 'any', RegExp[]>>;

/**
 * Sanitizers and encoders that neutralize a value for one vulnerability class, per language.
 * A sanitizer for another class does not count (`encodeURIComponent` does not make SQL safe).
 */
const SANITIZERS: Record<string, PerLanguage> = {
  xss: {
    javascript: [
      /\b(escapeHtml|escapeHTML|htmlEscape|escape_html|encodeHTML|sanitizeHtml|sanitizeHTML)\s*\(/,
      /\bDOMPurify\.sanitize\s*\(/,
      /\b(he|entities|validator|_|lodash|xss|xssFilters)\.(encode|escape|inHTMLData|escapeHtml)\s*\(/,
      /\bxss\s*\(/,
      /\btextContent\b|\binnerText\b|\bcreateTextNode\s*\(/,
    ],
    python: [
      /\b(html|cgi|markupsafe|flask|jinja2|bleach)\.(escape|clean)\s*\(/,
      /(?<![.\w])escape\s*\(/,
      /\bbleach\.linkify\s*\(/,
      /\bconditional_escape\s*\(|\bformat_html\s*\(/,
    ],
    java: [
      /\bStringEscapeUtils\.escapeHtml[34]?\s*\(/,
      /\bESAPI\.encoder\(\)\.encodeFor(HTML|HTMLAttribute|JavaScript)\s*\(/,
      /\bEncode\.forHtml\w*\s*\(/,
      /\bHtmlUtils\.htmlEscape\s*\(/,
      /\bJsoup\.clean\s*\(/,
      /\bescapeHtml4?\s*\(/,
    ],
    go: [
      /\bhtml\.EscapeString\s*\(/,
      /\btemplate\.(HTMLEscapeString|HTMLEscaper|JSEscapeString)\s*\(/,
      /\bbluemonday\b/,
    ],
  },
  'sql-injection': {
    javascript: [
      /\b(mysql|connection|pool|db|SqlString|sqlstring)\.escape(Id)?\s*\(/,
      /\bpgFormat\s*\(|\bformat\.(literal|ident)\s*\(/,
    ],
    python: [
      /\b(escape_string|quote_identifier|sql\.Identifier|sql\.Literal)\s*\(/,
      /\bpsycopg2?\.sql\./,
    ],
    java: [/\bESAPI\.encoder\(\)\.encodeForSQL\s*\(/, /\benquoteIdentifier\s*\(/],
    go: [/\bpq\.QuoteIdentifier\s*\(|\bpq\.QuoteLiteral\s*\(/],
  },
  'nosql-injection': {
    javascript: [/\b(mongoSanitize|sanitize|mongo-sanitize)\s*\(/, /\bString\s*\(/, /\$eq\b/],
  },
  'command-injection': {
    python: [/\b(shlex|pipes)\.quote\s*\(/, /\bshlex\.join\s*\(/],
    javascript: [
      /\b(shellescape|shellQuote\.quote|quote)\s*\(/,
      /\bshell-quote\b/,
      // the shell-escape and any-shell-escape packages (a default import under any name)
      /\b(any-)?shell-escape\s*\(/,
    ],
    java: [/\bESAPI\.encoder\(\)\.encodeForOS\s*\(/],
    go: [/\bshellescape\.Quote\s*\(/],
  },
  'path-traversal': {
    javascript: [/\bpath\.basename\s*\(/, /\bsanitize-filename\b|\bsanitizeFilename\s*\(/],
    python: [
      /\bos\.path\.basename\s*\(/,
      /\bsecure_filename\s*\(/,
      /\bPath\([^)]*\)\.name\b/,
      // werkzeug/flask safe_join: None (or NotFound) for a path outside the base.
      /\bsafe_join\s*\(/,
    ],
    java: [
      /\bFilenameUtils\.getName\s*\(/,
      /\.getFileName\(\)/,
      /\bnew File\([^)]*\)\.getName\(\)/,
    ],
    go: [
      /\bfilepath\.Base\s*\(/,
      /\bpath\.Base\s*\(/,
      // github.com/cyphar/filepath-securejoin: resolves the path inside the root.
      /\bsecurejoin\.SecureJoin(VFS)?\s*\(/,
    ],
  },
  'log-injection': {
    any: [
      /\.replace(All)?\s*\(\s*(\/\[?\\r\\n|\/\\n|['"]\\n|['"]\[\\r\\n|['"]\\r)/,
      /\bstrings\.ReplaceAll\s*\([^,]+,\s*"\\n"/,
      /\bencodeForHTML\s*\(/,
      /\bescapeJava\s*\(/,
      /\bsanitizeLog\w*\s*\(/,
    ],
  },
  'regex-injection': {
    javascript: [
      /\b(escapeRegExp|escapeStringRegexp|escapeRegex|_\.escapeRegExp|lodash\.escapeRegExp)\s*\(/,
    ],
    python: [/\bre\.escape\s*\(/],
    java: [/\bPattern\.quote\s*\(/],
    go: [/\bregexp\.QuoteMeta\s*\(/],
  },
  'open-redirect': {
    python: [/\b(url_has_allowed_host_and_scheme|is_safe_url)\s*\(/],
  },
  'header-injection': {
    any: [
      /\.replace(All)?\s*\(\s*(\/\[?\\r\\n|['"]\[\\r\\n|['"]\\r)/,
      /\bURLEncoder\.encode\s*\(/,
      /\bencodeURIComponent\s*\(/,
    ],
  },
  deserialization: {
    python: [/\bSafeLoader\b|\bsafe_load\s*\(|\bCSafeLoader\b/],
    java: [/\bValidatingObjectInputStream\b|\bObjectInputFilter\b|\bsetObjectInputFilter\s*\(/],
    javascript: [/\bJSON_SCHEMA\b|\bFAILSAFE_SCHEMA\b/],
  },
  xxe: {
    python: [/\bdefusedxml\b/, /resolve_entities\s*=\s*False/],
    java: [
      /disallow-doctype-decl"\s*,\s*true|ACCESS_EXTERNAL_DTD|external-general-entities"\s*,\s*false/,
    ],
    javascript: [/noent\s*:\s*false/],
  },
};

/** Conversions to a number: no injection survives them (SQL, command, path, XSS, NoSQL...). */
const NUMERIC: PerLanguage = {
  javascript: [/\b(parseInt|parseFloat|Number|Math\.(floor|round|trunc))\s*\(/, /\|\s*0\b/],
  python: [/\b(int|float|Decimal|uuid\.UUID|UUID)\s*\(/],
  java: [
    /\b(Integer\.parseInt|Integer\.valueOf|Long\.parseLong|Long\.valueOf|Double\.parseDouble|UUID\.fromString|Short\.parseShort|Integer\.toString|Long\.toString)\s*\(/,
  ],
  go: [
    /\bstrconv\.(Atoi|ParseInt|ParseUint|ParseFloat|ParseBool|Itoa|FormatInt|FormatUint|FormatFloat)\s*\(/,
    /\buuid\.Parse\s*\(/,
  ],
};

// Classes where a number cannot carry an attack.
const NUMERIC_NEUTRALIZES = new Set([
  'sql-injection',
  'nosql-injection',
  'command-injection',
  'path-traversal',
  'xss',
  'code-injection',
  'log-injection',
  'header-injection',
  'ldap-injection',
  'xpath-injection',
  'regex-injection',
  'ssrf',
  'open-redirect',
  'template-injection',
  // a number as a key is never __proto__, constructor or prototype
  'prototype-pollution',
]);

const forLanguage = (table: PerLanguage | undefined, lang: LanguageFamily | null): RegExp[] => [
  ...(table?.any ?? []),
  ...((lang && table?.[lang]) || []),
];

/** The sanitizer for `cls` that `text` calls, or null. */
/** True when a number cannot carry an attack of class `cls` (injection into text). */
export const numberNeutralizes = (cls: string): boolean => NUMERIC_NEUTRALIZES.has(cls);

export const sanitizerIn = (
  text: string,
  cls: string,
  lang: LanguageFamily | null,
): string | null => {
  for (const re of forLanguage(SANITIZERS[cls], lang)) {
    const m = re.exec(text);
    if (m) return m[0].replace(/\s*\($/, '').trim();
  }
  return null;
};

/** The numeric conversion `text` applies, when it neutralizes `cls`, or null. */
export const numericConversionIn = (
  text: string,
  cls: string,
  lang: LanguageFamily | null,
): string | null => {
  if (!NUMERIC_NEUTRALIZES.has(cls)) return null;
  for (const re of forLanguage(NUMERIC, lang)) {
    const m = re.exec(text);
    if (m) return m[0].replace(/\s*\($/, '').trim();
  }
  return null;
};
