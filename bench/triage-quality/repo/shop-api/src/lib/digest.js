'use strict';
const crypto = require('crypto');

function storePassword(user, password) {
  user.passwordHash = crypto.createHash('md5').update(password).digest('hex');
  return user;
}

function etagFor(body) {
  const etag = crypto.createHash('md5').update(body).digest('base64');
  return `"${etag}"`;
}

function cacheKey(url, params) {
  return 'v1:' + crypto.createHash('sha1').update(url + JSON.stringify(params)).digest('hex');
}

function signWebhook(secret, payload) {
  const signature = crypto.createHash('sha1').update(secret + payload).digest('hex');
  return signature;
}

function gravatarUrl(email) {
  const digest = crypto.createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  return `https://www.gravatar.com/avatar/${digest}`;
}

function apiKeyFingerprintForLogs(apiKey) {
  return crypto.createHash('sha1').update(apiKey).digest('hex').slice(0, 8);
}

module.exports = { storePassword, etagFor, cacheKey, signWebhook, gravatarUrl, apiKeyFingerprintForLogs };
