'use strict';
const express = require('express');
const db = require('../lib/db');

const router = express.Router();
const LIST_SQL = 'SELECT id, status, total FROM orders ORDER BY created_at DESC LIMIT 50';
const SORTABLE = ['created_at', 'total', 'status'];

router.get('/orders', async (req, res) => {
  const rows = await db.query(LIST_SQL);
  res.json(rows);
});

router.get('/orders/:id', async (req, res) => {
  const rows = await db.query('SELECT * FROM orders WHERE id = ' + req.params.id);
  res.json(rows[0] ?? null);
});

router.get('/orders/:id/items', async (req, res) => {
  const rows = await db.query('SELECT * FROM order_items WHERE order_id = ?', [req.params.id]);
  res.json(rows);
});

router.get('/orders-by-status', async (req, res) => {
  const status = req.query.status;
  const rows = await db.query(`SELECT * FROM orders WHERE status = '${status}'`);
  res.json(rows);
});

router.get('/customers/:id/orders', async (req, res) => {
  const customerId = parseInt(req.params.id, 10);
  const rows = await db.query(`SELECT * FROM orders WHERE customer_id = ${customerId}`);
  res.json(rows);
});

router.get('/orders-sorted', async (req, res) => {
  const column = req.query.sort || 'created_at';
  if (!SORTABLE.includes(column)) {
    return res.status(400).json({ error: 'unknown sort column' });
  }
  const rows = await db.query(`SELECT * FROM orders ORDER BY ${column} DESC`);
  res.json(rows);
});

router.get('/orders-report', async (req, res) => {
  const from = req.query.from;
  const sql = 'SELECT date(created_at) AS day, sum(total) FROM orders WHERE created_at >= "' + from + '" GROUP BY day';
  const rows = await db.query(sql);
  res.json(rows);
});

router.delete('/orders/:id', async (req, res) => {
  const id = Number(req.params.id);
  await db.query('DELETE FROM orders WHERE id = ' + id);
  res.status(204).end();
});

router.get('/search', async (req, res) => {
  const term = req.query.q;
  const rows = await db.query("SELECT * FROM products WHERE name LIKE '%" + term + "%'");
  res.json(rows);
});

module.exports = router;
