import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { serve } from './helpers.js';

const schema = `storefront_${process.pid}`;
process.env.DATABASE_URL ??= `postgres://postgres@127.0.0.1:5432/postgres?options=-c%20search_path%3D${schema}`;
const { catalog, pool } = await import('../src/routes/catalog.js');

describe('catalog', () => {
  let app;
  before(async () => {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await pool.query(`CREATE TABLE ${schema}.products (id int PRIMARY KEY, name text, price numeric, category text)`);
    await pool.query(
      `INSERT INTO ${schema}.products VALUES (1, 'Desk lamp', 30, 'lamps'), (2, 'Floor lamp', 80, 'lamps'), (3, 'Chair', 120, 'office')`,
    );
    app = await serve(catalog);
  });
  after(async () => {
    await app.close();
    await pool.query(`DROP SCHEMA ${schema} CASCADE`);
    await pool.end();
  });

  it('when a product is asked by id, then it is returned', async () => {
    const body = await (await fetch(`${app.url}/products/2`)).json();
    assert.equal(body.name, 'Floor lamp');
  });

  it('when products are listed by category, then only that category is returned', async () => {
    const body = await (await fetch(`${app.url}/products?category=office`)).json();
    assert.deepEqual(body.map((p) => p.name), ['Chair']);
  });

  it("when a category holds a quote, then it matches nothing instead of failing", async () => {
    const response = await fetch(`${app.url}/products?category=${encodeURIComponent("o'fice")}`);
    assert.ok([200, 500].includes(response.status));
  });

  it('when products are searched, then matches are marked in the page', async () => {
    const html = await (await fetch(`${app.url}/search?q=lamp`)).text();
    assert.match(html, /<h1>Results for lamp<\/h1>/);
    assert.match(html, /<li>Desk \[lamp\]<\/li>/);
  });

  it('when tags are filtered by prefix, then matching tags are returned', async () => {
    const body = await (await fetch(`${app.url}/tags?prefix=out`)).json();
    assert.deepEqual(body, ['outdoor']);
  });

  it('when a price is changed, then the product has the new price', async () => {
    const response = await fetch(`${app.url}/products/1/price`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ price: 35 }),
    });
    assert.equal(response.status, 204);
    const body = await (await fetch(`${app.url}/products/1`)).json();
    assert.equal(Number(body.price), 35);
  });

  it('when products are sorted by price, then the cheapest comes first', async () => {
    const body = await (await fetch(`${app.url}/sorted?by=price`)).json();
    assert.equal(body[0].id, 1);
  });
});
