/** PEP 503 normalized distribution name (`PyYAML` = `pyyaml`, `a_b` = `a-b`). */
export const normalizeDistName = (name: string): string =>
  name.toLowerCase().replace(/[-_.]+/g, '-');

const eolOf = (text: string): string => (text.includes('\r\n') ? '\r\n' : '\n');

/** The distribution name a requirement line starts with, or null for comments and options. */
const requirementName = (line: string): string | null =>
  /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(line.replace(/#.*/, ''))?.[1] ?? null;

/** True when a requirements.txt text lists the distribution a requirement names. */
export const requirementsHas = (text: string, requirement: string): boolean => {
  const name = normalizeDistName(requirementName(requirement) ?? requirement);
  return text
    .split(/\r?\n/)
    .some((line) => normalizeDistName(requirementName(line) ?? '') === name);
};

/**
 * Adds a requirement (`name>=1.2`) to a requirements.txt text unless the distribution is already
 * listed; keeps line endings and the file's final newline convention.
 */
export const addRequirement = (text: string, requirement: string): string => {
  if (requirementsHas(text, requirement)) return text;
  const eol = eolOf(text);
  if (text.length === 0) return `${requirement}${eol}`;
  return text.endsWith('\n') ? `${text}${requirement}${eol}` : `${text}${eol}${requirement}`;
};

/**
 * Adds a PEP 621 requirement to `[project] dependencies = [...]` of a pyproject.toml text unless
 * the distribution is already there. Returns the text unchanged when there is no such array
 * (Poetry and other layouts are left to the reviewer, and `ensureDependency` says so).
 */
export const addPyprojectDependency = (text: string, requirement: string): string => {
  const array = projectDependencies(text);
  if (!array) return text;
  const { open, close } = array;
  const body = text.slice(open, close);
  if (pyprojectHas(text, requirement)) return text;
  const quote = /'/.test(body) && !/"/.test(body) ? "'" : '"';
  const entry = `${quote}${requirement}${quote}`;
  if (!body.includes('\n')) {
    const trimmed = body.trim();
    const joined = trimmed === '' ? entry : `${trimmed.replace(/,$/, '')}, ${entry}`;
    return `${text.slice(0, open)}${joined}${text.slice(close)}`;
  }
  const eol = eolOf(text);
  const indent = /\n([ \t]+)\S/.exec(body)?.[1] ?? '    ';
  const lastItem = body.replace(/\s+$/, '');
  const comma = lastItem.trimEnd().endsWith(',') || lastItem.trim() === '' ? '' : ',';
  const closingLine = body.slice(lastItem.length);
  return `${text.slice(0, open)}${lastItem}${comma}${eol}${indent}${entry},${closingLine}${text.slice(close)}`;
};

/** `[open, close)` of the `[project] dependencies` array's contents, or null. */
const projectDependencies = (text: string): { open: number; close: number } | null => {
  const project = /^\[project\][ \t]*\r?$/m.exec(text);
  if (!project) return null;
  const rest = text.slice(project.index);
  const nextTable = /^\[(?!project\])/m.exec(rest.slice(1));
  const section = nextTable ? rest.slice(0, nextTable.index + 1) : rest;
  const deps = /^dependencies\s*=\s*\[/m.exec(section);
  if (!deps) return null;
  const open = project.index + deps.index + deps[0].length;
  const close = text.indexOf(']', open);
  return close < 0 ? null : { open, close };
};

/** True when `[project] dependencies` lists the distribution a requirement names. */
export const pyprojectHas = (text: string, requirement: string): boolean => {
  const array = projectDependencies(text);
  if (!array) return false;
  const name = normalizeDistName(requirementName(requirement) ?? requirement);
  return [...text.slice(array.open, array.close).matchAll(/["']([^"']+)["']/g)].some(
    (m) => normalizeDistName(requirementName(m[1]!) ?? '') === name,
  );
};
