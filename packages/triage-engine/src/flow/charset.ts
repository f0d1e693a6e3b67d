// A value stripped of every character outside a set (`s.replace(/[^\w.-]/g, '')`,
// `re.sub(r'[^a-z0-9_]', '', s)`) holds only characters of that set. Whether that is safe depends
// on the sink: a shell needs no metacharacter or blank, a path no `..` (no dot or no slash), SQL
// and generated code no quote, blank or operator, HTML no `<`, `>`, quote or `&`.

/** The characters other than ASCII letters and digits a negated class lets through, or null. */
export const keptByNegatedClass = (pattern: string): Set<string> | null => {
  const m = /^\[\^((?:\\.|[^\]\\])+)\](?:\+|\*)?$/.exec(pattern);
  if (!m) return null;
  const body = m[1]!;
  const out = new Set<string>();
  for (let i = 0; i < body.length; i++) {
    let ch = body[i]!;
    if (ch === '\\') {
      const e = body[++i];
      if (e === undefined) return null;
      if (e === 'w') {
        out.add('_');
        continue;
      }
      if (e === 'd') continue;
      if (e === 's') {
        for (const b of [' ', '\t', '\n', '\r', '\f', '\v']) out.add(b);
        continue;
      }
      if (/[a-zA-Z]/.test(e)) return null; // \p{…}, \W and friends: not read
      ch = e;
    }
    // A range adds what lies between its ends (`a-z` none of the others, `A-z` `[\]^_\``).
    if (body[i + 1] === '-' && body[i + 2] !== undefined && body[i + 2] !== ']') {
      const to = body[i + 2]!;
      if (!/[a-zA-Z0-9]/.test(ch) || !/[a-zA-Z0-9]/.test(to)) return null;
      const [a, b] = [ch.charCodeAt(0), to.charCodeAt(0)];
      if (b < a) return null;
      for (let k = a; k <= b; k++) {
        const c = String.fromCharCode(k);
        if (!/[a-zA-Z0-9]/.test(c)) out.add(c);
      }
      i += 2;
      continue;
    }
    if (!/[a-zA-Z0-9]/.test(ch)) out.add(ch);
  }
  return out;
};

/** The characters (besides letters and digits) each class tolerates in a value. */
const TOLERATED: Record<string, RegExp> = {
  'command-injection': /^[_.\-/:@+=,%]$/,
  // `$` is a letter of MySQL and PostgreSQL identifiers; with no blank, quote or operator
  // beside it, it cannot end a literal or start a clause.
  'sql-injection': /^[_.$]$/,
  'nosql-injection': /^[_.-]$/,
  'code-injection': /^[_.]$/,
  'ldap-injection': /^[_.-]$/,
  'xpath-injection': /^[_.-]$/,
  xss: /^[^<>"'&`]$/,
  // a request's host or a redirect's target: a slug or a name, no scheme, host or path
  ssrf: /^[_-]$/,
  'open-redirect': /^[_-]$/,
  'header-injection': /^[^\r\n]$/,
  'log-injection': /^[^\r\n]$/,
};

/** Why a value made of `kept` (and letters and digits) is safe for `cls`, or null. */
export const charsetSafeFor = (cls: string, kept: ReadonlySet<string>): string | null => {
  if (cls === 'path-traversal' || cls === 'file-inclusion')
    return !kept.has('.') || (!kept.has('/') && !kept.has('\\'))
      ? 'no `..` segment can be written with what is left'
      : null;
  const ok = TOLERATED[cls];
  if (!ok) return null;
  return [...kept].every((ch) => ok.test(ch)) ? 'only characters harmless here are left' : null;
};

const WHITESPACE = [' ', '\t', '\n', '\r', '\f', '\v'];
const isAlnum = (ch: string) => /^[a-zA-Z0-9]$/.test(ch);

/** The characters an escape `\e` matches, besides letters and digits; null when not read. */
const escapeKeeps = (e: string): string[] | null => {
  if (e === 'd') return [];
  if (e === 'w') return ['_'];
  if (e === 's') return WHITESPACE;
  const control: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v' };
  if (control[e]) return [control[e]];
  if (/[a-zA-Z0-9]/.test(e)) return null; // \D \W \S \b \p{…} \1 …: not read
  return [e];
};

/**
 * The characters other than ASCII letters and digits a whole-string pattern can match
 * (`^[\w.-]+$`, `^(?:[a-z]+-)*[a-z]+$`, `[0-9]{1,5}` under fullmatch), or null when the pattern
 * lets any character through or uses what is not read here: `.`, negated classes, `\S` `\D` `\W`,
 * inline flags, an alternation at the top (`^a|b$` anchors one branch only) unless the whole
 * value is matched anyway (`full`: fullmatch, Java matches). Look-arounds (`(?!-)`, `(?<!-)`)
 * are skipped: they narrow what matches and add no character.
 */
export const keptByAnchoredPattern = (pattern: string, full: boolean): Set<string> | null => {
  let p = pattern;
  if (!full) {
    if (!p.startsWith('^') || !p.endsWith('$') || p.endsWith('\\$')) return null;
    p = p.slice(1, -1);
  } else {
    if (p.startsWith('^')) p = p.slice(1);
    if (p.endsWith('$') && !p.endsWith('\\$')) p = p.slice(0, -1);
    if (p.endsWith('\\Z') || p.endsWith('\\z')) p = p.slice(0, -2);
  }
  const out = new Set<string>();
  const add = (chs: readonly string[]) => chs.forEach((ch) => isAlnum(ch) || out.add(ch));
  let depth = 0;
  for (let i = 0; i < p.length; i++) {
    const ch = p[i]!;
    if (ch === '\\') {
      const kept = escapeKeeps(p[++i] ?? '');
      if (!kept) return null;
      add(kept);
    } else if (ch === '[') {
      if (p[i + 1] === '^') return null;
      let j = i + 1;
      if (p[j] === ']') return null; // a class starting with ] is not read
      const members: string[] = [];
      for (; j < p.length && p[j] !== ']'; j++) {
        let from = p[j]!;
        if (from === '\\') {
          const kept = escapeKeeps(p[++j] ?? '');
          if (!kept) return null;
          if (kept.length !== 1 || p[j + 1] !== '-') {
            add(kept);
            continue;
          }
          from = kept[0]!;
        }
        if (p[j + 1] === '-' && p[j + 2] !== undefined && p[j + 2] !== ']') {
          let to = p[j + 2]!;
          j += 2;
          if (to === '\\') {
            to = p[++j] ?? '';
            if (/[a-zA-Z0-9]/.test(to) || to === '') return null;
          }
          const [a, b] = [from.charCodeAt(0), to.charCodeAt(0)];
          if (b < a || b - a > 256) return null;
          for (let k = a; k <= b; k++) members.push(String.fromCharCode(k));
        } else members.push(from);
      }
      if (j >= p.length) return null;
      add(members);
      i = j;
    } else if (ch === '(') {
      // A look-around only narrows what the rest matches: it adds no character to the value.
      const around = /^\(\?(=|!|<=|<!)/.exec(p.slice(i));
      if (around) {
        const end = groupEnd(p, i);
        if (end < 0) return null;
        i = end;
        continue;
      }
      if (p[i + 1] === '?') {
        const named = /^\(\?P?<[A-Za-z_]\w*>/.exec(p.slice(i));
        if (named) i += named[0].length - 1;
        else if (p[i + 2] === ':') i += 2;
        else return null; // inline flags
      }
      depth++;
    } else if (ch === ')') depth--;
    else if (ch === '|') {
      if (depth === 0 && !full) return null;
    } else if (ch === '{') {
      const m = /^\{\d+(,\d*)?\}/.exec(p.slice(i));
      if (m) i += m[0].length - 1;
      else add(['{']);
    } else if (ch === '.' || ch === '^' || ch === '$') return null;
    else if (ch === '+' || ch === '*' || ch === '?') continue;
    else add([ch]);
  }
  return depth === 0 ? out : null;
};

/** The index of the `)` closing the group opened at `start` (classes and escapes skipped), or -1. */
const groupEnd = (p: string, start: number): number => {
  let depth = 0;
  for (let i = start; i < p.length; i++) {
    const ch = p[i];
    if (ch === '\\') i++;
    else if (ch === '[') {
      i++;
      while (i < p.length && p[i] !== ']') i += p[i] === '\\' ? 2 : 1;
    } else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return -1;
};

/**
 * Whether a value that matched `pattern` as a whole is safe for `cls`: the pattern is read
 * (keptByAnchoredPattern) and, for a class with a character rule, lets through only characters
 * harmless there; a class without one (redirects, …) takes any pattern that is read.
 */
export const anchoredPatternFits = (cls: string, pattern: string, full: boolean): boolean => {
  const kept = keptByAnchoredPattern(pattern, full);
  if (!kept) return false;
  const ruled = cls in TOLERATED || cls === 'path-traversal' || cls === 'file-inclusion';
  return !ruled || charsetSafeFor(cls, kept) !== null;
};

/**
 * The characters a value cannot hold once a search for any of them failed: `[;&|$]` (one class,
 * not negated) or a `strings.ContainsAny` set; null when the class is not read.
 */
export const refusedByClass = (pattern: string): Set<string> | null =>
  /^\[[^^]/.test(pattern) && pattern.endsWith(']')
    ? keptByAnchoredPattern(`^${pattern}$`, false)
    : null;

/**
 * What a shell needs to start another command or split off another argument (bash's brace
 * expansion splits `{--opt=x,y}` into two arguments without a blank). Glob characters are not
 * required: `*` expands to arguments only from the names of files already in the directory, which
 * the input does not choose.
 */
const SHELL_CONTROL = [';', '&', '|', '`', '$', '<', '>', '(', ')', '{', '\n', ' ', '\t'];

/**
 * Why a value holding none of `refused` is safe for `cls`, or null: a blocklist is read only for
 * a shell command, where refusing every control character, brace, blank and newline leaves no
 * way to start a command or add an argument.
 */
export const blocklistSafeFor = (cls: string, refused: ReadonlySet<string>): string | null =>
  cls === 'command-injection' && SHELL_CONTROL.every((ch) => refused.has(ch))
    ? 'it holds no shell control character, brace, blank or newline'
    : null;
