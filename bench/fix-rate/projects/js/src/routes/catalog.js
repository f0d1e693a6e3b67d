import express from 'express';
import { Pool } from 'pg';

export const pool = new Pool({
  connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  max: 4,
});

export const catalog = express.Router();

catalog.get('/products/:id', async (req, res) => {
  const { rows } = await pool.query(`SELECT id, name, price FROM products WHERE id = ${req.params.id}`);
  if (rows.length === 0) return res.sendStatus(404);
  res.json(rows[0]);
});

catalog.get('/products', async (req, res) => {
  const category = req.query.category ?? 'lamps';
  const { rows } = await pool.query(`SELECT id, name FROM products WHERE category = '${category}' ORDER BY id`);
  res.json(rows);
});

catalog.get('/search', async (req, res) => {
  const term = String(req.query.q ?? '');
  const { rows } = await pool.query("SELECT id, name FROM products WHERE name ILIKE '%" + term + "%' ORDER BY id");
  const matcher = new RegExp(`(${term})`, 'i');
  const names = rows.map((row) => row.name.replace(matcher, '[$1]'));
  res.send(`<h1>Results for ${term}</h1><ul>${names.map((n) => `<li>${n}</li>`).join('')}</ul>`);
});

catalog.get('/categories/:slug/count', async (req, res) => {
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM products WHERE category = $1', [req.params.slug]);
  res.json({ count: rows[0].n });
});

catalog.get('/sorted', async (req, res) => {
  const column = req.query.by === 'price' ? 'price' : 'name';
  const { rows } = await pool.query(`SELECT id, name, price FROM products ORDER BY ${column}`);
  res.json(rows);
});

catalog.get('/tags', (req, res) => {
  const prefix = String(req.query.prefix ?? '');
  const pattern = new RegExp('^' + prefix, 'i');
  res.json(['outdoor', 'indoor', 'office'].filter((tag) => pattern.test(tag)));
});

catalog.post('/products/:id/price', async (req, res) => {
  const price = Number(req.body.price);
  await pool.query('UPDATE products SET price = ' + price + ' WHERE id = ' + req.params.id);
  res.sendStatus(204);
});
