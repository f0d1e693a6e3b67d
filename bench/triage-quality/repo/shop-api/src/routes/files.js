'use strict';
const fs = require('fs');
const path = require('path');
const express = require('express');

const router = express.Router();
const UPLOAD_DIR = path.join(__dirname, '..', '..', 'uploads');
const TEMPLATE_DIR = path.join(__dirname, '..', 'templates');

router.get('/download', (req, res) => {
  res.sendFile(path.join(UPLOAD_DIR, req.query.name));
});

router.get('/avatar', (req, res) => {
  const name = path.basename(req.query.file);
  fs.createReadStream(path.join(UPLOAD_DIR, 'avatars', name)).pipe(res);
});

router.get('/invoice-template', (req, res) => {
  const html = fs.readFileSync(path.join(TEMPLATE_DIR, 'invoice.html'), 'utf8');
  res.type('html').send(html);
});

router.get('/attachments/:file', (req, res) => {
  fs.createReadStream(req.params.file).pipe(res);
});

router.get('/docs', (req, res) => {
  const target = path.resolve(UPLOAD_DIR, req.query.path);
  if (!target.startsWith(UPLOAD_DIR + path.sep)) {
    return res.status(403).end();
  }
  fs.readFile(target, (err, data) => (err ? res.status(404).end() : res.send(data)));
});

router.get('/exports', (req, res) => {
  const file = path.normalize(req.query.file);
  fs.readFile(path.join(UPLOAD_DIR, 'exports', file), (err, data) => {
    if (err) return res.status(404).end();
    res.send(data);
  });
});

router.post('/notes', express.text(), (req, res) => {
  const day = new Date().toISOString().slice(0, 10);
  fs.appendFileSync(path.join(UPLOAD_DIR, 'notes', day + '.log'), req.body);
  res.status(204).end();
});

module.exports = router;
