// The generated repositories the pipeline benchmarks scan: the files `test/e2e/generate.ts`'s
// findings point into, and files of token generators and reset-token digests whose findings the
// JavaScript codemods fix.

/** 400 JavaScript files of 220 lines, the shape the generated findings point into. */
export const generatedSources = () => {
  const files = {};
  for (let f = 0; f < 400; f++) {
    const lines = ["'use strict';", "const db = require('./db');", ''];
    for (let i = 3; i < 220; i++)
      lines.push(
        i % 3 === 0
          ? `function h${i}(req) {`
          : i % 3 === 1
            ? `  return db.query('select * from t where id = ' + req.query.id${i});`
            : '}',
      );
    files[`src/module${f % 40}/file${f}.js`] = `${lines.join('\n')}\n`;
  }
  return files;
};

const PER_FILE = 5;

/** A file with five sites: three token generators (Math.random) and two reset-token digests (md5). */
const tokenFile = (f) => {
  const lines = ["'use strict';", "const crypto = require('crypto');", ''];
  const sites = [];
  for (let s = 0; s < PER_FILE; s++) {
    lines.push(`function token${f}_${s}(user) {`);
    if (s < 3) {
      sites.push({ rule: 'js/insecure-randomness', line: lines.length + 1, col: 10, end: 23 });
      lines.push('  return Math.random().toString(36).slice(2) + user.id;');
    } else {
      sites.push({
        rule: 'js/weak-cryptographic-algorithm',
        line: lines.length + 1,
        col: 10,
        end: 34,
      });
      lines.push("  return crypto.createHash('md5').update(user.resetToken).digest('hex');");
    }
    lines.push('}', '');
  }
  lines.push(
    `module.exports = { ${Array.from({ length: PER_FILE }, (_, s) => `token${f}_${s}`).join(', ')} };`,
    '',
  );
  return { text: lines.join('\n'), sites };
};

/**
 * `count` files `src/auth/tokens<n>.js` of five fixable sites each, and one CodeQL finding per
 * site (`{ruleId, tool, uri, startLine, startColumn, endLine, endColumn, message}`).
 */
export const tokenSources = (count) => {
  const files = {};
  const findings = [];
  for (let f = 0; f < count; f++) {
    const path = `src/auth/tokens${f}.js`;
    const { text, sites } = tokenFile(f);
    files[path] = text;
    for (const s of sites)
      findings.push({
        ruleId: s.rule,
        tool: 'CodeQL',
        uri: path,
        startLine: s.line,
        startColumn: s.col,
        endLine: s.line,
        endColumn: s.end,
        message: `${s.rule} in ${path}`,
      });
  }
  return { files, findings };
};
