/** Why an account operation was refused: the caller's input (`invalid`), a duplicate (`conflict`), or a missing thing (`not_found`). */
export class AccountError extends Error {
  constructor(
    readonly kind: 'invalid' | 'conflict' | 'not_found',
    message: string,
    /** JSON Pointer of the offending input field, when one is to blame. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

const UNIQUE_VIOLATION = '23505';
export const isUniqueViolation = (err: unknown): boolean =>
  (err as { code?: string }).code === UNIQUE_VIOLATION;
