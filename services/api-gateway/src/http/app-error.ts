import { ERROR_STATUS, type ErrorCode, type Problem } from '@remediation/contracts';

/** An error the API answers with its own code and message; anything else becomes a 500. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { problems?: Problem[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'token lacks permission for this resource') =>
  new AppError('forbidden', message);
export const validationFailed = (message: string, problems?: Problem[]) =>
  new AppError('validation_failed', message, problems ? { problems } : {});
