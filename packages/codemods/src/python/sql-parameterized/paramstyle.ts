import type { SgNode } from '@ast-grep/napi';
import type { FixContext } from '../../engine/codemod.js';
import { nearestFile } from '../../manifests/nearest.js';
import { importsModule } from '../shared/names.js';
import { literalValue } from '../shared/strings.js';
import type { Paramstyle } from './rewrite.js';

const QMARK_MODULES = ['sqlite3', 'aiosqlite', 'pysqlite2'];
const FORMAT_MODULES = [
  'psycopg2',
  'psycopg',
  'pymysql',
  'MySQLdb',
  'mysql.connector',
  'pg8000',
  'aiomysql',
  'aiopg',
];
const FORMAT_DISTRIBUTIONS =
  /^(psycopg2|psycopg2-binary|psycopg|pymysql|mysqlclient|mysql-connector-python|pg8000|aiomysql|aiopg)\b/im;
const QMARK_DISTRIBUTIONS = /^(aiosqlite)\b/im;

/** Paramstyles already used by `execute(query, params)` calls in the file. */
const usedStyles = (root: SgNode): Set<Paramstyle> => {
  const styles = new Set<Paramstyle>();
  for (const call of root.findAll({ rule: { kind: 'call' } })) {
    const callee = call.field('function');
    if (
      callee?.kind() !== 'attribute' ||
      !/^(execute(many)?|exec_driver_sql)$/.test(callee.field('attribute')!.text())
    )
      continue;
    const args = call.field('arguments')?.namedChildren() ?? [];
    const query = args[0] && literalValue(args[0]);
    if (!query || args.length < 2) continue;
    if (/\?/.test(query)) styles.add('qmark');
    if (/%s|%\(\w+\)s/.test(query)) styles.add('format');
  }
  return styles;
};

/**
 * The placeholder style of the database driver this file talks to: from the parameterized calls
 * it already makes, else from the driver it imports, else from the nearest requirements.txt or
 * pyproject.toml. Null when the evidence is missing or contradictory.
 */
export const paramstyleOf = (root: SgNode, ctx: FixContext): Paramstyle | null => {
  const used = usedStyles(root);
  if (used.size === 1) return [...used][0]!;
  if (used.size > 1) return null;
  const qmark = QMARK_MODULES.some((m) => importsModule(root, m));
  const format = FORMAT_MODULES.some((m) => importsModule(root, m));
  if (qmark !== format) return qmark ? 'qmark' : 'format';
  if (qmark && format) return null;
  const manifest = ['requirements.txt', 'pyproject.toml']
    .map((name) => nearestFile(ctx.input, ctx.input.path, name)?.text ?? '')
    .join('\n')
    .replace(/^\s*["']?/gm, '');
  const fromManifest = [FORMAT_DISTRIBUTIONS.test(manifest), QMARK_DISTRIBUTIONS.test(manifest)];
  if (fromManifest[0] !== fromManifest[1]) return fromManifest[0] ? 'format' : 'qmark';
  return null;
};
