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
    // A range between letters or digits (a-z, 0-9) adds none of the others.
    if (body[i + 1] === '-' && body[i + 2] !== undefined && body[i + 2] !== ']') {
      const to = body[i + 2]!;
      if (/[a-zA-Z0-9]/.test(ch) && /[a-zA-Z0-9]/.test(to)) {
        i += 2;
        continue;
      }
      return null;
    }
    if (!/[a-zA-Z0-9]/.test(ch)) out.add(ch);
  }
  return out;
};

/** The characters (besides letters and digits) each class tolerates in a value. */
const TOLERATED: Record<string, RegExp> = {
  'command-injection': /^[_.\-/:@+=,%]$/,
  'sql-injection': /^[_.]$/,
  'nosql-injection': /^[_.-]$/,
  'code-injection': /^[_.]$/,
  'ldap-injection': /^[_.-]$/,
  'xpath-injection': /^[_.-]$/,
  xss: /^[^<>"'&`]$/,
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
