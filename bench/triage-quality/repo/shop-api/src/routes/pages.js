'use strict';
const express = require('express');
const escapeHtml = require('escape-html');

const router = express.Router();

router.get('/hello', (req, res) => {
  res.send('<h1>Hello ' + req.query.name + '</h1>');
});

router.get('/greet', (req, res) => {
  res.send('<h1>Hello ' + escapeHtml(req.query.name) + '</h1>');
});

router.get('/cart-count', (req, res) => {
  res.send(`<span class="count">${Number(req.query.count)}</span>`);
});

router.post('/comments/preview', express.urlencoded({ extended: false }), (req, res) => {
  res.write('<div class="comment">');
  res.write(req.body.comment);
  res.end('</div>');
});

router.get('/status', (req, res) => {
  res.send('<p>ok</p>');
});

router.get('/profile-link', (req, res) => {
  const site = escapeHtml(req.query.site);
  res.send(`<a href="${site}">website</a>`);
});

router.get('/search-page', (req, res) => {
  const q = req.query.q;
  res.send(`<p>Results for <b>${q}</b></p>`);
});

module.exports = router;
