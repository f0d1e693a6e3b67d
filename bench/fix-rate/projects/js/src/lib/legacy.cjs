const crypto = require('crypto');

function basicAuthHeader(user, password) {
  const raw = user + ':' + password;
  return 'Basic ' + new Buffer(raw).toString('base64');
}

function frame(payload) {
  const header = new Buffer(payload.length + 4);
  header.writeUInt32BE(payload.length, 0);
  payload.copy(header, 4);
  return header;
}

function fromWire(value) {
  return new Buffer(value);
}

function sessionId() {
  return Math.random().toString(36).slice(2);
}

function apiKeySignature(apiKey, body) {
  return crypto.createHash('sha1').update(apiKey + body).digest('hex');
}

function retryDelay(attempt) {
  return 100 * 2 ** attempt;
}

function couponCode() {
  return 'SAVE-' + Math.floor(Math.random() * 1000000);
}

module.exports = { basicAuthHeader, frame, fromWire, sessionId, apiKeySignature, retryDelay, couponCode };
