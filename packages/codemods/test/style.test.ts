import { describe, expect, it } from 'vitest';
import { codemodById, detectStyle, indentSnippet, parseSource, quoted } from '../src/index.js';

const style = (language: Parameters<typeof detectStyle>[0], text: string) =>
  detectStyle(language, text, parseSource(language, text).root(), false);

describe('detectStyle', () => {
  it('when a JS file uses tabs, double quotes, no semicolons and CRLF, then all four are detected', () => {
    const s = style('javascript', 'const a = "x"\r\nfunction f() {\r\n\treturn "y"\r\n}\r\n');
    expect(s).toMatchObject({
      eol: '\r\n',
      indent: '\t',
      quote: '"',
      semicolons: false,
      finalNewline: true,
    });
  });

  it('when a JS file uses 4 spaces, single quotes and semicolons, then they are detected', () => {
    const s = style('typescript', "const a = 'x';\nif (a) {\n    go('y');\n}");
    expect(s).toMatchObject({
      eol: '\n',
      indent: '    ',
      quote: "'",
      semicolons: true,
      finalNewline: false,
    });
  });

  it('when a Python file has no strings, then double quotes (Black) and 4 spaces are the defaults', () => {
    expect(style('python', 'x = 1\n')).toMatchObject({ quote: '"', indent: '    ' });
    expect(style('python', "x = 'a'\ny = 'b'\n").quote).toBe("'");
  });

  it('when a literal or snippet is produced, then it follows the detected style', () => {
    expect(quoted({ ...style('javascript', "'a'"), quote: "'" }, "it's")).toBe("'it\\'s'");
    const tabs = style('javascript', 'if (a) {\n\tb();\n}\n');
    expect(indentSnippet(tabs, 'f() {\n\tg();\n}', '\t')).toBe('\tf() {\n\t\tg();\n\t}');
  });
});

describe('style of a fix', () => {
  const codemod = codemodById('remediate:js/insecure-randomness')!;
  const fix = (source: string) => {
    const result = codemod.transform({
      path: 'a.js',
      source,
      finding: { ruleId: 'sonarjs/pseudo-random', tool: 'ESLint', location: { startLine: 2 } },
    });
    return result.kind === 'edited' ? result.files[0]!.after : result.detail;
  };

  it('when the file quotes with double quotes, then the added literal and import do too', () => {
    expect(fix('const x = require("x");\nconst t = Math.random().toString(36);\n')).toBe(
      'const x = require("x");\nconst crypto = require("node:crypto");\nconst t = crypto.randomBytes(16).toString("hex");\n',
    );
  });

  it('when the file has no final newline, then the fix adds none', () => {
    expect(fix("const x = require('x');\nconst t = Math.random().toString(36)")).toBe(
      "const x = require('x');\nconst crypto = require('node:crypto');\nconst t = crypto.randomBytes(16).toString('hex')",
    );
  });
});
