'use strict';
const axios = require('axios');

const ALLOWED_HOSTS = new Set(['images.example-cdn.com', 'assets.example-cdn.com']);
const RATES_URL = 'https://api.exchange-rates.example.org/latest';

async function fetchPreview(req, res) {
  const response = await axios.get(req.query.url);
  res.send(response.data);
}

async function fetchImage(req, res) {
  const target = new URL(req.query.src);
  if (!ALLOWED_HOSTS.has(target.hostname)) {
    return res.status(400).end();
  }
  const response = await axios.get(target.toString(), { responseType: 'arraybuffer' });
  res.type(response.headers['content-type']).send(response.data);
}

async function latestRates() {
  const response = await axios.get(RATES_URL);
  return response.data;
}

function afterLogin(req, res) {
  res.redirect(req.query.next);
}

function afterLogout(req, res) {
  const next = req.query.next || '/';
  if (!next.startsWith('/') || next.startsWith('//')) {
    return res.redirect('/');
  }
  res.redirect(next);
}

module.exports = { fetchPreview, fetchImage, latestRates, afterLogin, afterLogout };
