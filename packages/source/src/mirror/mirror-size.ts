import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const packDir = (mirror: string) => join(mirror, 'objects', 'pack');

/**
 * Bytes in the mirror's pack directory, including packs still being received (`tmp_pack_*`).
 * Fetches keep every incoming pack (`fetch.unpackLimit=1`), so this is the mirror's size.
 */
export const packBytes = async (mirror: string): Promise<number> => {
  let names: string[];
  try {
    names = await readdir(packDir(mirror));
  } catch {
    return 0;
  }
  const sizes = await Promise.all(
    names.map((n) =>
      stat(join(packDir(mirror), n)).then(
        (s) => s.size,
        // A temporary pack renamed or removed while we looked.
        () => 0,
      ),
    ),
  );
  return sizes.reduce((a, b) => a + b, 0);
};

/** Removes what a killed fetch left behind (`tmp_pack_*`, `tmp_idx_*`). Only under the lock. */
export const removeTemporaryPacks = async (mirror: string): Promise<void> => {
  let names: string[];
  try {
    names = await readdir(packDir(mirror));
  } catch {
    return;
  }
  await Promise.all(
    names
      .filter((n) => n.startsWith('tmp_'))
      .map((n) => rm(join(packDir(mirror), n), { force: true })),
  );
};

/**
 * Polls the mirror's size every `intervalMs` while a fetch runs and calls `onExceeded` once
 * when it passes `maxBytes`. Returns a stop function.
 */
export const watchMirrorSize = (
  mirror: string,
  maxBytes: number,
  onExceeded: () => void,
  intervalMs = 250,
): (() => void) => {
  let stopped = false;
  const timer = setInterval(() => {
    void packBytes(mirror).then((bytes) => {
      if (!stopped && bytes > maxBytes) {
        stopped = true;
        clearInterval(timer);
        onExceeded();
      }
    });
  }, intervalMs);
  return () => {
    stopped = true;
    clearInterval(timer);
  };
};
