/** `s` as a literal inside a regular expression (every metacharacter escaped). */
export const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
