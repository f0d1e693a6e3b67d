const isControl = (c: string) => {
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

/** Whether `value` has a C0 control character or DEL. */
export const hasControlCharacter = (value: string): boolean => [...value].some(isControl);

/** `value` without control characters, except newlines and tabs. */
export const stripControlCharacters = (value: string): string =>
  [...value].filter((c) => c === '\n' || c === '\t' || !isControl(c)).join('');
