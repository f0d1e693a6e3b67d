'use strict';
const { exec, execFile, execSync } = require('child_process');
const { quote } = require('shell-quote');

function makeThumbnail(req, res) {
  exec('convert ' + req.body.file + ' -resize 200x200 thumb.png', (err) => {
    res.status(err ? 500 : 204).end();
  });
}

function currentRevision(callback) {
  execFile('git', ['rev-parse', 'HEAD'], (err, stdout) => callback(err, stdout.trim()));
}

function buildInfo() {
  return execSync('git describe --tags --always').toString().trim();
}

function pingHost(req, res) {
  const host = req.query.host;
  const out = execSync(`ping -c 1 ${host}`).toString();
  res.type('text').send(out);
}

function archiveFolder(req, res) {
  const dir = quote([req.body.folder]);
  exec(`tar -czf /tmp/archive.tgz ${dir}`, (err) => res.status(err ? 500 : 204).end());
}

function resizeTo(width, height, input, output, callback) {
  const w = parseInt(width, 10);
  const h = parseInt(height, 10);
  exec('convert ' + input + ' -resize ' + w + 'x' + h + ' ' + output, callback);
}

function resizeUpload(req, res) {
  resizeTo(req.query.w, req.query.h, req.query.src, '/tmp/resized.png', (err) => res.status(err ? 500 : 204).end());
}

module.exports = { resizeUpload, makeThumbnail, currentRevision, buildInfo, pingHost, archiveFolder, resizeTo };
