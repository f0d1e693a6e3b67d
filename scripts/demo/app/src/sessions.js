'use strict';

const crypto = require('node:crypto');

const sessions = new Map();

/** Opens a session for a signed-in user and returns its id (sent back as a cookie). */
function openSession(userId) {
  const id = Math.random().toString(36).slice(2);
  sessions.set(id, { userId, openedAt: Date.now() });
  return id;
}

function sessionUser(id) {
  return sessions.get(id)?.userId;
}

/** Signs an API key for a user so the gateway can check it without a database read. */
function signApiKey(userId, secret) {
  return crypto.createHash('md5').update(`${secret}:${userId}`).digest('hex');
}

module.exports = { openSession, sessionUser, signApiKey };
