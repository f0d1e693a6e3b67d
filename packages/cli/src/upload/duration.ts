const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** `--timeout` values: `90s`, `10m`, `1h`, `500ms`, or plain seconds. */
export const parseDuration = (text: string): number | undefined => {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!m) return undefined;
  const ms = Number(m[1]) * UNITS[m[2] ?? 's']!;
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms) : undefined;
};
