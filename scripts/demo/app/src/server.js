'use strict';

const http = require('node:http');
const { openSession, sessionUser } = require('./sessions.js');
const { archiveHistory } = require('./backup.js');

const notes = [];

function route(req, res) {
  const url = new URL(req.url, 'http://localhost');
  if (req.method === 'POST' && url.pathname === '/sign-in') {
    const id = openSession(url.searchParams.get('user') ?? 'anonymous');
    res.setHeader('set-cookie', `sid=${id}; Path=/`);
    return res.end('ok');
  }
  const user = sessionUser(/sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1]);
  if (!user) {
    res.statusCode = 401;
    return res.end('sign in first');
  }
  if (url.pathname === '/notes') return res.end(JSON.stringify(notes));
  if (url.pathname === '/history') {
    return archiveHistory(url.searchParams.get('branch') ?? 'main', (err, out) =>
      res.end(err ? 'history unavailable' : out),
    );
  }
  res.statusCode = 404;
  res.end();
}

function createServer() {
  return http.createServer(route);
}

if (require.main === module) createServer().listen(Number(process.env.PORT ?? 3000));

module.exports = { createServer };
