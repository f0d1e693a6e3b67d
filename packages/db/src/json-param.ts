const withoutNul = (_key: string, value: unknown): unknown =>
  typeof value === 'string' && value.includes('\u0000')
    ? value.replaceAll('\u0000', '\uFFFD')
    : value;

/**
 * Rows as one JSON parameter for `jsonb_to_recordset`. PostgreSQL cannot store U+0000 in text
 * or jsonb, and valid SARIF (binary snippets) or text quoted from it may carry it, so it
 * becomes U+FFFD; the slower replacer runs only then.
 */
export const jsonRows = (rows: readonly unknown[]): string => {
  const json = JSON.stringify(rows);
  return json.includes('\\u0000') ? JSON.stringify(rows, withoutNul) : json;
};
