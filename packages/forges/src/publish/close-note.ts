/**
 * A PR description with the reason it was closed appended once, below a rule: closing is one
 * write that carries its explanation, so a retried close neither repeats it nor loses it.
 */
export const withCloseNote = (description: string | null | undefined, note: string): string => {
  const body = description ?? '';
  if (body.includes(note)) return body;
  return body.trim() === '' ? note : `${body.trimEnd()}\n\n---\n\n${note}`;
};
