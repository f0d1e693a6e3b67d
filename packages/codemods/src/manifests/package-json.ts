import detectIndent from 'detect-indent';
import { applyEdits, modify, parse, type ParseError } from 'jsonc-parser';

/**
 * Adds `name@range` to `dependencies` of a package.json text unless it is already a dependency
 * of any kind. Edits in place with jsonc-parser (the file's indentation, line endings and key
 * order stay); a file that is not a JSON object is returned unchanged.
 */
export const addPackageJsonDependency = (text: string, name: string, range: string): string => {
  const pkg = parseObject(text);
  if (!pkg || packageJsonHas(text, name)) return text;
  const indent = detectIndent(text);
  const edits = modify(text, ['dependencies', name], range, {
    formattingOptions: {
      insertSpaces: indent.type !== 'tab',
      tabSize: indent.amount || 2,
      eol: text.includes('\r\n') ? '\r\n' : '\n',
    },
  });
  return applyEdits(text, edits);
};

const parseObject = (text: string): Record<string, unknown> | null => {
  const errors: ParseError[] = [];
  const pkg: unknown = parse(text, errors, { allowTrailingComma: true });
  if (errors.length > 0 || typeof pkg !== 'object' || pkg === null || Array.isArray(pkg)) {
    return null;
  }
  return pkg as Record<string, unknown>;
};

const SECTIONS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'];

/** True when a package.json text declares `name` in any dependency section. */
export const packageJsonHas = (text: string, name: string): boolean => {
  const pkg = parseObject(text);
  return SECTIONS.some((s) => {
    const deps = pkg?.[s];
    return typeof deps === 'object' && deps !== null && name in deps;
  });
};
