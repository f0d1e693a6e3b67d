import type { FileEditor } from '../../engine/file-editor.js';
import { notApplicable } from '../../engine/codemod.js';
import { ensureHelper } from '../../imports/helpers.js';
import type { NotApplicable } from '../../types.js';

/**
 * Adds a one-parameter helper function once and returns its name (typed `(value: unknown): string | boolean` in TypeScript), or a refusal when the name is taken by something else. `body` lines use one
 * tab per indentation level and `value` as the parameter.
 */
export const ensureValueHelper = (
  editor: FileEditor,
  name: string,
  doc: string,
  body: readonly string[],
  returns: 'string' | 'boolean' = 'string',
): string | NotApplicable => {
  const ts = editor.file.language !== 'javascript';
  const semi = editor.file.style.semicolons ? ';' : '';
  const code = [
    `/** ${doc} */`,
    `function ${name}(value${ts ? ': unknown' : ''})${ts ? `: ${returns}` : ''} {`,
    ...body.map((line) => `\t${line.replace(/;$/, semi)}`),
    '}',
  ].join('\n');
  return (
    ensureHelper(editor, { name, code }) ??
    notApplicable('unsafe_to_change', `\`${name}\` is already taken`)
  );
};
