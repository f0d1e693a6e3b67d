// The Java "re-scan": an independent pattern detector per class, written from the class
// definitions in labels/java.json (it shares no code with the codemods' own detection). It reads
// Java text line by line inside method bodies and reports { class, file, line, text }. It is
// deliberately simple: it recognizes the idioms of the sample project and the standard fixes
// (prepared statements, hardening calls, containment checks, escaping helpers, argument arrays).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Source with string/char literals and comments blanked (same length, newlines kept). */
const blank = (text) =>
  text.replace(
    /"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|\/\/[^\n]*|\/\*[\s\S]*?\*\//g,
    (m) => m.replace(/[^\n]/g, ' '),
  );

/** [startLine, endLine] (0-based) of each top-level method or initializer body. */
const methodRanges = (text) => {
  const code = blank(text);
  const ranges = [];
  let depth = 0;
  let line = 0;
  let start = -1;
  for (const ch of code) {
    if (ch === '\n') line++;
    else if (ch === '{') {
      depth++;
      if (depth === 2) start = line;
    } else if (ch === '}') {
      if (depth === 2) ranges.push([start, line]);
      depth--;
    }
  }
  return ranges;
};

const REQUEST = /\b\w+\.(getParameter|getHeader|getPathInfo|getQueryString)\(/;
const dynamic = (expr) => /[A-Za-z_]/.test(blank(expr).replace(/\b[A-Z][A-Z0-9_]*\b/g, ''));

/** Strips `helper(...)` calls (balanced) from a piece of code. */
const without = (code, helper) => {
  let out = code;
  for (let i = out.indexOf(`${helper}(`); i >= 0; i = out.indexOf(`${helper}(`)) {
    let depth = 0;
    let j = i + helper.length;
    for (; j < out.length; j++) {
      if (out[j] === '(') depth++;
      else if (out[j] === ')' && --depth === 0) break;
    }
    out = out.slice(0, i) + out.slice(j + 1);
  }
  return out;
};

/** The balanced argument text of the call whose `(` is at `open`. */
const argsAt = (line, open) => {
  let depth = 0;
  for (let j = open; j < line.length; j++) {
    if (line[j] === '(') depth++;
    else if (line[j] === ')' && --depth === 0) return line.slice(open + 1, j);
  }
  return line.slice(open + 1);
};

const checks = {
  'sql-prepared-statement': (lines, body, at) => {
    const m = /\.(executeQuery|executeUpdate|execute|executeLargeUpdate)\(/.exec(lines[at]);
    if (!m) return null;
    const args = argsAt(lines[at], m.index + m[0].length - 1);
    if (args.trim() === '') return null;
    const first = args.split(',')[0].trim();
    if (/^\w+$/.test(first)) {
      const decl = body.find((l) => new RegExp(`String\\s+${first}\\s*=`).test(lines[l]));
      if (
        decl !== undefined &&
        /\+/.test(lines[decl]) &&
        dynamic(lines[decl].split('=').slice(1).join('='))
      )
        return decl;
      return null;
    }
    return /\+/.test(args) && dynamic(args) ? at : null;
  },
  'log-injection': (lines, body, at) => {
    const m = /\b(log|LOG|logger|LOGGER)\.(trace|debug|info|warn|error|log)\(/.exec(lines[at]);
    if (!m) return null;
    const args = without(argsAt(lines[at], m.index + m[0].length - 1), 'escapeLineBreaks');
    const tainted = body
      .map((l) => new RegExp(`(\\w+)\\s*=\\s*${REQUEST.source}`).exec(lines[l])?.[1])
      .filter(Boolean);
    return REQUEST.test(args) || tainted.some((v) => new RegExp(`\\b${v}\\b`).test(args))
      ? at
      : null;
  },
  'path-traversal': (lines, body, at) => {
    const m = /(new File|Paths\.get|Path\.of)\(\s*[\w.]+\s*,\s*([^)]+)\)/.exec(lines[at]);
    if (
      !m ||
      /getName\(\)/.test(m[2]) ||
      /requireInside\w*\(\s*(new File|Paths\.get|Path\.of)/.test(lines[at])
    )
      return null;
    const tainted = body
      .map((l) => new RegExp(`(\\w+)\\s*=\\s*${REQUEST.source}`).exec(lines[l])?.[1])
      .filter(Boolean);
    if (!tainted.some((v) => new RegExp(`\\b${v}\\b`).test(m[2]))) return null;
    const holder = /(\w+)\s*=\s*(new File|Paths\.get|Path\.of)\(/.exec(lines[at])?.[1];
    const checked =
      holder &&
      body.some(
        (l) =>
          l > at &&
          lines[l].includes('startsWith(') &&
          new RegExp(`\\b${holder}\\b`).test(lines[l]),
      );
    return checked ? null : at;
  },
  'zip-slip': (lines, body, at) => {
    const m =
      /(\w+)\s*=\s*(new File\(\s*\w+\s*,|\w+\.resolve\()\s*(\w*[eE]ntry\w*)\.getName\(\)\)/.exec(
        lines[at],
      );
    if (!m) return null;
    const checked = body.some(
      (l) =>
        l > at && lines[l].includes('startsWith(') && new RegExp(`\\b${m[1]}\\b`).test(lines[l]),
    );
    return checked ? null : at;
  },
  'xxe-xml-factory': (lines, body, at, file) => {
    const m =
      /(\w+)\s*=\s*(?:(\w+)\()?(DocumentBuilderFactory|SAXParserFactory|XMLInputFactory|TransformerFactory|SchemaFactory)\.new\w*\(/.exec(
        lines[at],
      );
    if (!m) return null;
    const [, holder, wrapper, type] = m;
    const v = wrapper ? 'factory' : holder;
    const hardening = {
      DocumentBuilderFactory: `${v}.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true)`,
      SAXParserFactory: `${v}.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true)`,
      XMLInputFactory: `${v}.setProperty(XMLInputFactory.SUPPORT_DTD, false)`,
      TransformerFactory: `${v}.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "")`,
      SchemaFactory: `${v}.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "")`,
    }[type];
    const helperStart = wrapper ? file.indexOf(` ${wrapper}(`) : -1;
    const scope = wrapper
      ? helperStart >= 0
        ? file.slice(helperStart, file.indexOf('return factory;', helperStart))
        : ''
      : body.length
        ? body.map((l) => lines[l]).join('\n')
        : file;
    return scope.includes(hardening) ? null : at;
  },
  'insecure-cookie': (lines, body, at) => {
    const m = /(?:(\w+)\s*=\s*)?(withSecureFlags?\()?new Cookie\(\s*"([^"]*)"/.exec(lines[at]);
    if (!m || m[2]) return null;
    const scriptReadable = /csrf|xsrf/i.test(m[3]);
    if (!m[1]) return at;
    const text = body.map((l) => lines[l]).join('\n');
    const secure = text.includes(`${m[1]}.setSecure(true)`);
    const httpOnly = scriptReadable || text.includes(`${m[1]}.setHttpOnly(true)`);
    return secure && httpOnly ? null : at;
  },
  'insecure-random': (lines, body, at) =>
    /new (java\.util\.)?Random\(\)/.test(lines[at]) ? at : null,
  'weak-message-digest': (lines, body, at) =>
    /MessageDigest\.getInstance\("(MD2|MD5|SHA|SHA-1|SHA1)"/i.test(lines[at]) ? at : null,
  'weak-cipher-mode': (lines, body, at) =>
    /Cipher\.getInstance\("(AES|AES\/ECB\/[^"]*|DES[^"]*|DESede[^"]*)"/.test(lines[at]) ? at : null,
  'weak-tls-protocol': (lines, body, at) =>
    /SSLContext\.getInstance\("(SSL|SSLv3|TLS|TLSv1|TLSv1\.1)"/.test(lines[at]) ||
    /set(Enabled)?Protocols\(.*"(SSLv3|TLSv1|TLSv1\.1)"/.test(lines[at])
      ? at
      : null,
  'command-exec-array': (lines, body, at) => {
    const m = /\.exec\(/.exec(lines[at]);
    if (!m) return null;
    const args = argsAt(lines[at], m.index + m[0].length - 1);
    return !args.trim().startsWith('new String[]') && /\+/.test(args) && dynamic(args) ? at : null;
  },
};

/** Every finding of every class in one Java file (`path` relative to the project). */
export const detectFile = (path, text) => {
  const lines = text.split('\n');
  const ranges = methodRanges(text);
  const bodyOf = (line) => {
    const range = ranges.find(([a, b]) => a <= line && line <= b);
    return range ? Array.from({ length: range[1] - range[0] + 1 }, (_, i) => range[0] + i) : [];
  };
  const found = [];
  for (let at = 0; at < lines.length; at++) {
    for (const [cls, check] of Object.entries(checks)) {
      const line = check(lines, bodyOf(at), at, text);
      if (
        line !== null &&
        line !== undefined &&
        !found.some((f) => f.class === cls && f.line === line + 1)
      ) {
        found.push({ class: cls, file: path, line: line + 1, text: lines[line].trim() });
      }
    }
  }
  return found;
};

const javaFiles = (dir, sub) =>
  readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e) => {
    const path = `${sub}/${e.name}`;
    if (e.isDirectory()) return javaFiles(dir, path);
    return e.name.endsWith('.java') ? [path] : [];
  });

/** The detector over the application sources of a project directory (src/main/java). */
export const detectProject = (dir) =>
  javaFiles(dir, 'src/main/java').flatMap((path) =>
    detectFile(path, readFileSync(join(dir, path), 'utf8')),
  );
