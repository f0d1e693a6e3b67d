import { exec, execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';

export const UPLOADS = path.join(process.cwd(), 'var', 'uploads');
export const files = express.Router();

files.get('/files/:name', (req, res, next) => {
  fs.readFile(path.join(UPLOADS, req.params.name), (error, data) => {
    if (error) return next(error);
    res.type('application/octet-stream').send(data);
  });
});

files.delete('/files/:name', async (req, res) => {
  await fs.promises.unlink(`${UPLOADS}/${req.params.name}`);
  res.sendStatus(204);
});

files.get('/manifest', (req, res) => {
  const manifest = fs.readFileSync(path.join(process.cwd(), 'package.json'), 'utf8');
  res.type('json').send(manifest);
});

files.get('/files/:name/size', (req, res) => {
  const stat = fs.statSync(path.resolve(UPLOADS, req.params.name));
  res.json({ size: stat.size });
});

files.get('/files/:name/lines', (req, res, next) => {
  exec(`wc -l ${path.join(UPLOADS, req.params.name)}`, (error, stdout) => {
    if (error) return next(error);
    res.json({ lines: Number.parseInt(stdout, 10) });
  });
});

files.get('/files/:name/type', (req, res) => {
  const out = execSync('file --brief --mime-type ' + req.query.path, { encoding: 'utf8' });
  res.json({ type: out.trim() });
});

files.get('/processes', (req, res, next) => {
  exec(`ps -eo comm | grep -c ${req.query.name}`, (error, stdout) => {
    if (error && error.code !== 1) return next(error);
    res.json({ count: Number.parseInt(stdout, 10) || 0 });
  });
});
