import {
  FileEditor,
  languageOf,
  SourceFile,
  type CodemodInput,
  type FixContext,
} from '../src/index.js';

/** A FixContext over an input, for calling engine helpers directly. */
export const contextFor = (input: CodemodInput, notes: string[] = []): FixContext => ({
  input,
  note: (text) => void notes.push(text),
  behaviourChange: (text) => void notes.push(`Behaviour change: ${text}`),
  fileText: (path) => input.files?.[path],
  updateFile: () => false,
});

/** Runs `edit` on a fresh editor over `source` and returns the resulting text. */
export const edited = (
  path: string,
  source: string,
  edit: (editor: FileEditor, ctx: FixContext) => void,
  files?: Record<string, string>,
): string => {
  const file = new SourceFile(path, languageOf(path)!, source);
  const editor = new FileEditor(file);
  const input: CodemodInput = {
    path,
    source,
    finding: { ruleId: 'r', tool: 't', location: { startLine: 1 } },
    ...(files ? { files } : {}),
  };
  edit(editor, contextFor(input));
  return editor.finish()?.after ?? source;
};

/** Applies an edit, then applies it again to the result: the second pass must change nothing. */
export const editedTwice = (
  path: string,
  source: string,
  edit: (editor: FileEditor, ctx: FixContext) => void,
  files?: Record<string, string>,
): [string, string] => {
  const once = edited(path, source, edit, files);
  return [once, edited(path, once, edit, files)];
};
