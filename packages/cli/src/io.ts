/** Where a command writes, and what it reads of the environment (injected for tests). */
export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Working directory (the git checkout `upload` describes); the process's by default. */
  cwd?: string;
  /** Reads all of standard input (`--password-stdin`). */
  stdin?: () => Promise<string>;
}

/** A failure the user caused or can fix: printed as is, with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string) => new CliError(message, 2);

/** Prints one JSON object with --json, else the human line. */
export const report = (
  io: CliIo,
  json: boolean,
  value: Record<string, unknown>,
  human: string,
): void => {
  io.out(json ? JSON.stringify(value) : human);
};
