/**
 * .dockerignore semantics (Docker's patternmatcher): patterns are relative to the context root,
 * `*` and `?` stay inside one path segment, `**` spans any number of segments, `!` re-includes,
 * the last matching pattern wins, and a pattern that matches a directory excludes what is in it.
 */
const toRegExp = (pattern: string): RegExp => {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i] ?? '';
    if (ch === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i += 1;
      if (pattern[i + 1] === '/') i += 1;
    } else if (ch === '*') source += '[^/]*';
    else if (ch === '?') source += '[^/]';
    else source += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}(/.*)?$`);
};

export interface DockerIgnore {
  /** Whether `path` (relative to the context root, `/`-separated) is left out of the context. */
  ignores(path: string): boolean;
}

export const parseDockerIgnore = (text: string): DockerIgnore => {
  const rules = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const pattern = (negate ? l.slice(1) : l).replace(/^\/+/, '').replace(/\/+$/, '');
      return { negate, regex: toRegExp(pattern) };
    });
  return {
    ignores: (path) => {
      let ignored = false;
      for (const rule of rules) if (rule.regex.test(path)) ignored = !rule.negate;
      return ignored;
    },
  };
};
