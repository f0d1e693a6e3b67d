/** Offsets ↔ (line, column) for one text, both 0-based, columns in UTF-16 code units. */
export class LineIndex {
  /** Offset of the first character of each line. */
  private readonly starts: number[] = [0];

  constructor(readonly text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** Offset of the start of a 0-based line, clamped to the text. */
  lineStart(line: number): number {
    if (line < 0) return 0;
    return line >= this.starts.length ? this.text.length : this.starts[line]!;
  }

  /** Offset of the end of a 0-based line, before its `\n` or `\r\n`. */
  lineEnd(line: number): number {
    if (line < 0) return 0;
    if (line >= this.starts.length - 1) return this.text.length;
    const next = this.starts[line + 1]! - 1;
    return this.text[next - 1] === '\r' ? next - 1 : next;
  }

  /** Offset of (line, column), the column clamped to the line. */
  offset(line: number, column: number): number {
    const start = this.lineStart(line);
    return Math.min(start + Math.max(0, column), this.lineEnd(line));
  }

  /** The 0-based line holding an offset. */
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The leading whitespace of a 0-based line. */
  indentOf(line: number): string {
    const start = this.lineStart(line);
    return /^[ \t]*/.exec(this.text.slice(start, this.lineEnd(line)))![0];
  }
}
