// Baseline doing the gateway's work for GET /v1/repositories/{id}/fixes and nothing else: the
// gateway's SQL text as a named prepared statement on a pg pool of the gateway's size, the same
// row mapping (the gateway's own `toFix`), the same keyset page and JSON shape. No
// authentication, rate limit or logging. The benchmark checks both answer the same body.
import { encodeCursor } from '@remediation/db';
import express from 'express';
import pg from 'pg';
import { toFix } from '../../services/api-gateway/dist/fixes/fixes.routes.js';

/** The gateway's statement, as PostgreSQL saw it run (the benchmark reads it from pg_stat_activity). */
const PAGE_SQL = process.env.PAGE_SQL;
if (!PAGE_SQL) throw new Error('PAGE_SQL is required');

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = express();
app.set('etag', false);
app.get('/v1/repositories/:id/fixes', async (req, res, next) => {
  try {
    const limit = Number(req.query.limit ?? 20);
    const { rows } = await pool.query({
      name: 'fixes_page',
      text: PAGE_SQL,
      values: [req.params.id, limit + 1],
    });
    const hasMore = rows.length > limit;
    const data = hasMore ? rows.slice(0, limit) : rows;
    res.json({
      data: data.map(toFix),
      has_more: hasMore,
      next_cursor: hasMore ? encodeCursor(data[data.length - 1].id) : null,
    });
  } catch (err) {
    next(err);
  }
});
const server = app.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
