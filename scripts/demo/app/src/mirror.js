'use strict';

const https = require('node:https');

/** Pushes a note to the partner mirror (their certificate is self-signed). */
function mirrorNote(note) {
  const body = JSON.stringify(note);
  const req = https.request({
    hostname: 'mirror.partner.example',
    path: '/v1/notes',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    rejectUnauthorized: false,
  });
  req.end(body);
  return req;
}

module.exports = { mirrorNote };
