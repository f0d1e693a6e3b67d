// A second process for the lock test: runs the library from source (Node strips the types;
// the hook maps the sources' `.js` specifiers to their `.ts` files), logs JSON lines to
// stdout and ends with the result of one ensureCommit.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (err) {
      if (specifier.startsWith('.') && specifier.endsWith('.js'))
        return next(`${specifier.slice(0, -3)}.ts`, context);
      throw err;
    }
  },
});

const { createSourceAccess } = await import('../src/source-access.ts');
const [cacheDir, cloneUrl, sha] = process.argv.slice(2);
const log = (level) => (fields, message) =>
  process.stdout.write(`${JSON.stringify({ level, msg: message, ...fields })}\n`);
const source = createSourceAccess({
  cacheDir,
  allowedProtocols: ['http'],
  fetchTimeoutMs: 30_000,
  readTimeoutMs: 10_000,
  maxFileBytes: 1024,
  logger: { debug: log('debug'), info: log('info'), warn: log('warn') },
});
const repo = { id: 'shared', cloneUrl, credentials: { password: process.env.CHILD_GIT_PASSWORD } };
const result = await source.ensureCommit(repo, sha);
process.stdout.write(`${JSON.stringify({ result })}\n`);
