import { db } from '../db';
import { Router } from 'express';

export const router = Router();

router.get('/orders', async (req, res) => {
  // ruleid: javascript.express.security.injection.tainted-sql-string.tainted-sql-string
  const orders = await db.query(`SELECT * FROM orders WHERE status = '${req.query.status}'`);
  // ok: javascript.express.security.injection.tainted-sql-string.tainted-sql-string
  const open = await db.query('SELECT * FROM orders WHERE status = $1', [req.query.status]);
  // ok: javascript.express.security.injection.tainted-sql-string.tainted-sql-string
  const count = await db.query(`SELECT count(*) FROM orders WHERE id = ${Number(req.query.id)}`);
  // ruleid: javascript.express.security.injection.tainted-sql-string.tainted-sql-string
  const raw = await db.raw('SELECT * FROM orders ORDER BY ' + req.query.sort);
  res.json({ orders, open, count, raw });
});

export async function ordersFor(customer: string, limit: number) {
  // ruleid: rules_lgpl_javascript_database_rule-node-sqli-injection
  const rows = await db.query(`SELECT * FROM orders WHERE customer = '${customer}'`);
  // ok: rules_lgpl_javascript_database_rule-node-sqli-injection
  const same = await db.query('SELECT * FROM orders WHERE customer = $1', [customer]);
  // ruleid: rules_lgpl_javascript_database_rule-node-sqli-injection
  const more = await db.query("SELECT * FROM orders WHERE note LIKE '%" + customer + "%'");
  // ok: rules_lgpl_javascript_database_rule-node-sqli-injection
  const top = await db.query(`SELECT * FROM orders LIMIT ${Number(limit)}`);
  return [rows, same, more, top];
}
