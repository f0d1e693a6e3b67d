import type { FixContext } from '../../engine/codemod.js';
import type { FileEditor } from '../../engine/file-editor.js';
import { samePath } from '../../locate/code-flow.js';

/**
 * The offsets (in the editor's text) of the finding's own region when it has both columns and
 * lies in the file being fixed, read as SARIF's 1-based columns; null otherwise.
 */
export const findingSpan = (
  editor: FileEditor,
  ctx: FixContext,
): { start: number; end: number } | null => {
  const { location } = ctx.input.finding;
  if (!samePath(ctx.input.path, editor.file.path)) return null;
  if (typeof location.startColumn !== 'number' || typeof location.endColumn !== 'number') {
    return null;
  }
  const { lines } = editor.file;
  const start = lines.offset(location.startLine - 1, location.startColumn - 1);
  const end = lines.offset((location.endLine ?? location.startLine) - 1, location.endColumn - 1);
  return end > start ? { start, end } : null;
};
