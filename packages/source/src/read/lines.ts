/**
 * Splits text into lines the way SARIF counts them (1-based, `\n` or `\r\n` terminated); a
 * final terminator does not start another line. A UTF-8 byte-order mark is dropped.
 */
export const splitLines = (content: Buffer): string[] => {
  let text = content.toString('utf8');
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
};
