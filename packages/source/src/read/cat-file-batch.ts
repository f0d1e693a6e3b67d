import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Socket } from 'node:net';
import { buildGitEnv } from '../git/git-env.js';
import { inheritedEnv } from '../git/inherited-env.js';

export type ObjectInfo = { oid: string; type: string; size: number } | { missing: true };

/** Why a batch request failed: git ran past the deadline, or died. */
export class BatchError extends Error {
  readonly timedOut: boolean;
  constructor(message: string, timedOut: boolean) {
    super(message);
    this.name = 'BatchError';
    this.timedOut = timedOut;
  }
}

interface Waiter {
  /** Bytes needed before `take` can run, or -1 for "a full line". */
  wants: () => number;
  take: () => void;
  fail: (err: Error) => void;
}

/**
 * One long-lived `git cat-file --batch-command` over a mirror, so reading a file costs a
 * round trip on a pipe instead of two process starts. Requests run one at a time; one that
 * takes longer than `timeoutMs` kills git (and its group), fails, and the next request starts
 * a new process. Object names come from validated commit ids and paths (no newlines).
 */
export class CatFileBatch {
  private child: ChildProcessWithoutNullStreams | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private waiter: Waiter | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  private readonly gitDir: string;
  private readonly timeoutMs: number;
  private readonly inherit: Readonly<Record<string, string | undefined>> | undefined;

  constructor(
    gitDir: string,
    timeoutMs: number,
    inherit?: Readonly<Record<string, string | undefined>>,
  ) {
    this.gitDir = gitDir;
    this.timeoutMs = timeoutMs;
    this.inherit = inherit;
  }

  /** `info <name>`: id, type and size of an object, or that it is missing. */
  info(name: string): Promise<ObjectInfo> {
    return this.request(`info ${name}\n`, async (line) => {
      const text = (await line()).toString('utf8');
      if (text.endsWith(' missing') || text.endsWith(' ambiguous')) return { missing: true };
      const [oid, type, size] = text.split(' ');
      return { oid: oid ?? '', type: type ?? '', size: Number(size) };
    });
  }

  /** `contents <oid>`: the object's bytes (the caller checked its size with `info`). */
  contents(oid: string): Promise<Buffer> {
    return this.request(`contents ${oid}\n`, async (line, bytes) => {
      const header = (await line()).toString('utf8');
      if (header.endsWith(' missing')) throw new BatchError(`object ${oid} is missing`, false);
      const size = Number(header.split(' ')[2]);
      const body = await bytes(size + 1);
      return body.subarray(0, size);
    });
  }

  /** Ends git; a later request starts it again. */
  close(): void {
    this.stop(new BatchError('closed', false));
  }

  private request<T>(
    command: string,
    parse: (line: () => Promise<Buffer>, bytes: (n: number) => Promise<Buffer>) => Promise<T>,
  ): Promise<T> {
    const run = this.tail.then(async () => {
      const child = this.start();
      const timer = setTimeout(
        () =>
          this.stop(
            new BatchError(`git cat-file did not answer within ${this.timeoutMs} ms`, true),
          ),
        this.timeoutMs,
      );
      try {
        child.stdin.write(command);
        return await parse(
          () => this.read(-1),
          (n) => this.read(n),
        );
      } finally {
        clearTimeout(timer);
      }
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  private read(n: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const wants = () => (n === -1 ? this.buffer.indexOf(10) + 1 || Number.POSITIVE_INFINITY : n);
      this.waiter = {
        wants,
        take: () => {
          const count = wants();
          const out = this.buffer.subarray(0, n === -1 ? count - 1 : count);
          this.buffer = this.buffer.subarray(count);
          this.waiter = null;
          resolve(Buffer.from(out));
        },
        fail: reject,
      };
      this.pump();
    });
  }

  private pump(): void {
    if (this.waiter && this.buffer.length >= this.waiter.wants()) this.waiter.take();
  }

  private start(): ChildProcessWithoutNullStreams {
    if (this.child) return this.child;
    const env = buildGitEnv({
      inherited: inheritedEnv(this.inherit),
      allowedProtocols: [],
      gitDir: this.gitDir,
    });
    const child = spawn('git', ['cat-file', '--batch-command'], {
      env,
      detached: true,
      shell: false,
    });
    this.child = child;
    // An idle batch must not keep the process alive; a pending request's timer does.
    child.unref();
    for (const stream of [child.stdin, child.stdout, child.stderr])
      (stream as Partial<Socket>).unref?.();
    this.buffer = Buffer.alloc(0);
    child.stdout.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
      this.pump();
    });
    // Its stderr is not needed (answers come on stdout) but must be drained.
    child.stderr.resume();
    child.stdin.on('error', () => undefined);
    const died = () => {
      if (this.child === child) this.stop(new BatchError('git cat-file exited', false));
    };
    child.on('error', died);
    child.on('close', died);
    return child;
  }

  private stop(err: Error): void {
    const child = this.child;
    this.child = null;
    this.buffer = Buffer.alloc(0);
    if (child?.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    const waiter = this.waiter;
    this.waiter = null;
    waiter?.fail(err);
  }
}
