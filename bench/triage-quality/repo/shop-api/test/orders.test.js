'use strict';
const { exec } = require('child_process');
const crypto = require('crypto');
const db = require('../src/lib/db');

describe('orders', () => {
  beforeAll(async () => {
    await db.query("INSERT INTO orders (id, status, total) VALUES (1, 'open', " + Math.floor(Math.random() * 1000) + ')');
  });

  it('lists the orders of a customer', async () => {
    const customer = 'c-' + Math.random().toString(36).slice(2);
    const rows = await db.query("SELECT * FROM orders WHERE customer = '" + customer + "'");
    expect(rows).toEqual([]);
  });

  it('exports a checksum', () => {
    const sum = crypto.createHash('md5').update('fixture').digest('hex');
    expect(sum).toHaveLength(32);
  });

  it('starts the worker', (done) => {
    exec('node ' + process.env.WORKER_ENTRY, done);
  });
});
