import { describe, expect, it } from 'vitest';
import { codemodById, LineIndex, locate, SourceFile, type Region } from '../src/index.js';

const jsInsecureRandomness = codemodById('remediate:js/insecure-randomness')!;

// Line 2 holds two calls; `Math.random()` #1 spans columns 11..24 (1-based, end exclusive).
const source = [
  'const a = 1;',
  'const t = Math.random().toString(36) + Math.random();',
  'const b = 2;',
  'const c = 3;',
].join('\n');
const file = new SourceFile('a.js', 'javascript', source);
const sites = jsInsecureRandomness.detect(file);
const text = (region: Region) =>
  locate(sites, region, new LineIndex(file.text))?.site.anchors?.[0]?.range();
const first = { start: 10, end: 23 };
const second = { start: 39, end: 52 };
const at = (r: ReturnType<typeof text>) => r && { start: r.start.column, end: r.end.column };

describe('locate', () => {
  it('when the region is the exact 1-based range, then that call is picked', () => {
    expect(at(text({ startLine: 2, startColumn: 11, endLine: 2, endColumn: 24 }))).toEqual(first);
    expect(
      locate(sites, { startLine: 2, startColumn: 40, endLine: 2, endColumn: 53 }, file.lines)?.tier,
    ).toBe('exact');
  });

  it('when the columns are 0-based, then the same call is picked', () => {
    expect(at(text({ startLine: 2, startColumn: 39, endLine: 2, endColumn: 52 }))).toEqual(second);
  });

  it('when only a start is given, then the call starting there is picked', () => {
    expect(at(text({ startLine: 2, startColumn: 40 }))).toEqual(second);
    expect(locate(sites, { startLine: 2, startColumn: 40 }, file.lines)?.tier).toBe('start');
  });

  it('when the region sits inside the call, then the call around it is picked', () => {
    expect(at(text({ startLine: 2, startColumn: 45, endLine: 2, endColumn: 51 }))).toEqual(second);
  });

  it('when the region covers the whole statement, then the smallest call in it is picked', () => {
    const found = locate(
      sites,
      { startLine: 2, startColumn: 1, endLine: 2, endColumn: 54 },
      file.lines,
    );
    expect(found?.tier).toBe('overlap');
  });

  it('when only a line is given, then a call on that line is picked', () => {
    const found = locate(sites, { startLine: 2 }, file.lines);
    expect(found?.tier).toBe('line');
  });

  it('when the line is off by one, then the call on the adjacent line is picked', () => {
    expect(locate(sites, { startLine: 3 }, file.lines)?.tier).toBe('adjacent-line');
    expect(locate(sites, { startLine: 1 }, file.lines)?.tier).toBe('adjacent-line');
  });

  it('when the region is two lines away or past the end, then nothing is picked', () => {
    expect(locate(sites, { startLine: 4 }, file.lines)).toBeNull();
    expect(locate(sites, { startLine: 99, startColumn: 1 }, file.lines)).toBeNull();
  });

  it('when a multi-line region spans the call, then it is picked', () => {
    const multi = new SourceFile('b.js', 'javascript', 'const t = [\n  1,\n  Math.random(),\n];\n');
    const found = locate(
      jsInsecureRandomness.detect(multi),
      { startLine: 1, startColumn: 11, endLine: 4, endColumn: 2 },
      multi.lines,
    );
    expect(found?.site.anchors?.[0]?.range().start.line).toBe(2);
  });

  it('when the file starts with a BOM, then columns count from after it', () => {
    const bom = new SourceFile('c.js', 'javascript', '\uFEFFconst t = Math.random();\n');
    const found = locate(
      jsInsecureRandomness.detect(bom),
      { startLine: 1, startColumn: 11, endLine: 1, endColumn: 24 },
      bom.lines,
    );
    expect(found?.tier).toBe('exact');
  });

  it('when the file has CRLF line endings, then line ends exclude the carriage return', () => {
    const crlf = new SourceFile('d.js', 'javascript', 'a;\r\nconst t = Math.random();\r\n');
    expect(crlf.lines.lineEnd(0)).toBe(2);
    const found = locate(
      jsInsecureRandomness.detect(crlf),
      { startLine: 2, startColumn: 11, endLine: 2, endColumn: 24 },
      crlf.lines,
    );
    expect(found?.tier).toBe('exact');
  });
});
