// Baseline: a bare Express app answering a constant JSON body of similar size to a fixes page.
import express from 'express';

const body = {
  data: Array.from({ length: 20 }, (_, i) => ({
    id: `01a1fbaf-d919-7218-b567-1ac03df2${String(i).padStart(4, '0')}`,
    repository_id: '01a1fbaf-d919-7218-b567-1ac03df24a29',
    finding_ids: ['01a1fbaf-d919-7218-b567-1ac03df24a30'],
    codemod: 'js/parameterize-sql-query',
    status: 'generated',
    pr_url: null,
    summary: 'Use a parameterized query instead of string concatenation',
    files_changed: 1,
    ai_generated: false,
    created_at: '2026-11-21T01:00:00.000Z',
  })),
  has_more: true,
  next_cursor: 'MDFhMWZiYWYtZDkxOS03MjE4LWI1NjctMWFjMDNkZjI0YTI5',
};
const app = express();
app.get('/v1/repositories/:id/fixes', (_req, res) => {
  res.json(body);
});
const server = app.listen(0, '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
