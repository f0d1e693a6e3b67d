import mysql from 'mysql2/promise';
import type { Request, Response } from 'express';

const pool = mysql.createPool({ host: 'db' });

export async function findUser(email: string) {
  // ruleid: javascript.lang.security.audit.sqli.node-mysql-sqli.node-mysql-sqli
  const [rows] = await pool.query(`SELECT * FROM users WHERE email = '${email}'`);
  // ok: javascript.lang.security.audit.sqli.node-mysql-sqli.node-mysql-sqli
  const [same] = await pool.execute('SELECT * FROM users WHERE email = ?', [email]);
  return [rows, same];
}

export async function deleteOrder(req: Request, res: Response) {
  // ruleid: javascript.lang.security.audit.sqli.node-mysql-sqli.node-mysql-sqli
  await pool.execute('DELETE FROM orders WHERE id = ' + req.params.id);
  // ok: javascript.lang.security.audit.sqli.node-mysql-sqli.node-mysql-sqli
  await pool.execute('DELETE FROM orders WHERE id = ?', [req.params.id]);
  res.sendStatus(204);
}
