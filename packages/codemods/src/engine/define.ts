import type { Codemod, CodemodSpec } from './codemod.js';
import { runCodemod } from './run.js';

/** Turns a codemod declaration into a registered codemod (adds the engine's `transform`). */
export const defineCodemod = <D>(spec: CodemodSpec<D>): Codemod<D> => ({
  ...spec,
  transform: (input) => runCodemod(spec, input),
});
