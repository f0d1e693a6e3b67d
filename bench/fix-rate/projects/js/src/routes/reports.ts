import { exec } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import express from 'express';
import type { Request, Response } from 'express';
import type { QueryResult } from 'pg';
import { pool } from './catalog.js';

export const REPORTS = `${process.cwd()}/var/reports`;
export const reports = express.Router();

export function downloadToken(reportId: string, secret: string): string {
  return createHash('sha1').update(`${reportId}:${secret}`).digest('hex');
}

reports.get('/reports/:name', (req: Request, res: Response) => {
  fs.createReadStream(`${REPORTS}/${req.params.name}.csv`).pipe(res);
});

reports.get('/reports/:name/summary', async (req: Request, res: Response) => {
  const { rows }: QueryResult = await pool.query(`SELECT count(*)::int AS n FROM report_rows WHERE report = '${req.params.name}'`);
  res.send('<p>Report ' + req.params.name + ' has ' + rows[0].n + ' rows</p>');
});

reports.get('/reports/:name/grep', (req: Request, res: Response) => {
  const filter = new RegExp(`^${req.query.column}=`, 'm');
  res.json({ filter: filter.source });
});

reports.post('/reports/:name/archive', (req: Request, res: Response) => {
  exec(`gzip --keep ${REPORTS}/${req.params.name}.csv`, (error) => {
    res.status(error ? 500 : 202).json({ archived: !error });
  });
});

reports.get('/open-report', (req: Request, res: Response) => {
  const target = req.query.url;
  res.redirect(String(target));
});
