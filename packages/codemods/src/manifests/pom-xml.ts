export interface MavenDependency {
  groupId: string;
  artifactId: string;
  version: string;
}

/**
 * Adds a `<dependency>` to the project's own `<dependencies>` (not the one inside
 * `<dependencyManagement>` or a `<plugin>`) unless `groupId:artifactId` is already declared.
 * Indentation follows the surrounding elements; returns the text unchanged when the pom has no
 * `<project>`.
 */
export const addPomDependency = (text: string, dep: MavenDependency): string => {
  if (pomHas(text, dep)) return text;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const unit = /\n([ \t]+)</.exec(text)?.[1] ?? '  ';
  const depsAt = topLevelDependencies(text);
  if (depsAt !== null) {
    const close = text.indexOf('</dependencies>', depsAt);
    const lineStart = text.lastIndexOf('\n', close) + 1;
    const outer = text.slice(lineStart, close);
    const inner = /^[ \t]*$/.test(outer) ? outer + unit : unit;
    const block = dependencyBlock(dep, inner, unit, eol);
    return /^[ \t]*$/.test(outer)
      ? `${text.slice(0, lineStart)}${block}${eol}${text.slice(lineStart)}`
      : `${text.slice(0, close)}${eol}${block}${eol}${text.slice(close)}`;
  }
  const end = text.lastIndexOf('</project>');
  if (end < 0) return text;
  const lineStart = text.lastIndexOf('\n', end) + 1;
  const block = dependencyBlock(dep, unit + unit, unit, eol);
  const wrapped = `${unit}<dependencies>${eol}${block}${eol}${unit}</dependencies>${eol}`;
  return `${text.slice(0, lineStart)}${wrapped}${text.slice(lineStart)}`;
};

/** True when the pom declares `groupId:artifactId` (anywhere, managed or not). */
export const pomHas = (text: string, dep: Pick<MavenDependency, 'groupId' | 'artifactId'>) =>
  new RegExp(
    `<groupId>\\s*${escapeRegex(dep.groupId)}\\s*</groupId>\\s*<artifactId>\\s*${escapeRegex(dep.artifactId)}\\s*</artifactId>`,
  ).test(text);

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const dependencyBlock = (dep: MavenDependency, indent: string, unit: string, eol: string) =>
  [
    `${indent}<dependency>`,
    `${indent}${unit}<groupId>${dep.groupId}</groupId>`,
    `${indent}${unit}<artifactId>${dep.artifactId}</artifactId>`,
    `${indent}${unit}<version>${dep.version}</version>`,
    `${indent}</dependency>`,
  ].join(eol);

/** Offset of the `<dependencies>` that is a direct child of `<project>`, or null. */
const topLevelDependencies = (text: string): number | null => {
  const tags = /<(\/?)([A-Za-z][\w.-]*)(?:\s[^>]*)?(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g;
  const stack: string[] = [];
  for (const m of text.matchAll(tags)) {
    if (!m[2]) continue;
    const [, closing, name, selfClosing] = m;
    if (closing) stack.pop();
    else if (!selfClosing) {
      if (name === 'dependencies' && stack.length === 1 && stack[0] === 'project') return m.index;
      stack.push(name);
    }
  }
  return null;
};
