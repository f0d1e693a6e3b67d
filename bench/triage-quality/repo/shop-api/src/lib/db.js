'use strict';
const mysql = require('mysql2/promise');

const pool = mysql.createPool({ host: process.env.DB_HOST, user: 'shop', database: 'shop' });

async function query(sql, params) {
  const [rows] = await pool.query(sql, params);
  return rows;
}

module.exports = { query };
