const crypto = require('crypto');
const express = require('express');
const jwt = require('jsonwebtoken');
const mysql = require('mysql2');

const shop = mysql.createPool({ uri: process.env.MYSQL_URL ?? 'mysql://shop@127.0.0.1/shop', connectionLimit: 2 });
const SECRET = process.env.JWT_SECRET ?? 'development-only-secret';

const accounts = express.Router();

function issueToken(user) {
  return jwt.sign({ sub: user.id, role: user.role }, SECRET, { expiresIn: '1h' });
}

function resetTokenDigest(token) {
  return crypto.createHash('md5').update(token).digest('hex');
}

function avatarEtag(bytes) {
  return crypto.createHash('md5').update(bytes).digest('base64');
}

accounts.get('/accounts/by-email', (req, res, next) => {
  shop.query("SELECT id, email, role FROM accounts WHERE email = '" + req.query.email + "'", (error, rows) => {
    if (error) return next(error);
    res.json(rows);
  });
});

accounts.get('/accounts/:id/orders', (req, res, next) => {
  shop.query(`SELECT id, total FROM orders WHERE account_id = ${req.params.id} ORDER BY id`, (error, rows) => {
    if (error) return next(error);
    res.json(rows);
  });
});

accounts.post('/accounts/login', (req, res) => {
  const user = { id: Number(req.body.id), role: 'customer' };
  res.json({ token: issueToken(user) });
});

accounts.get('/accounts/me', (req, res) => {
  try {
    const claims = jwt.verify(String(req.get('authorization')).replace('Bearer ', ''), SECRET, { algorithms: ['HS256', 'none'] });
    res.json({ id: claims.sub });
  } catch {
    res.sendStatus(401);
  }
});

accounts.get('/accounts/role', (req, res) => {
  try {
    const claims = jwt.decode(String(req.get('authorization')).replace('Bearer ', ''));
    res.json({ role: claims.role });
  } catch {
    res.sendStatus(401);
  }
});

accounts.post('/accounts/reset', (req, res) => {
  const token = crypto.randomBytes(24).toString('hex');
  res.json({ digest: resetTokenDigest(token) });
});

accounts.get('/accounts/avatar-etag', (req, res) => {
  res.json({ etag: avatarEtag(Buffer.from(String(req.query.seed ?? ''))) });
});

accounts.get('/accounts/refresh', (req, res) => {
  try {
    const claims = jwt.verify(String(req.query.token), SECRET);
    res.json({ token: issueToken({ id: claims.sub, role: claims.role }) });
  } catch {
    res.sendStatus(401);
  }
});

module.exports = { accounts, shop, issueToken, resetTokenDigest, avatarEtag, SECRET };
