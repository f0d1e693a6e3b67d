import { describe, expect, it } from 'vitest';
import { type Case, reached } from './adversarial.js';
import { flowAt } from './build.js';

// Adversarial soundness review, round 2: vulnerable code in the styles open-source packages write
// it, each a near miss of a guard, sanitizer or type reading the engine accepts, in the classes
// round 1 (flow-adversarial.test.ts) covered least: SQL, code injection, XSS, SSRF and open
// redirects, NoSQL, and command injection in Go, Java and Python. A single call an attacker makes
// reaches the sink with a dangerous value in every case, so none may be called 'no-source'.
// Cases the engine still reads as safe are listed in UNSOUND (run as it.fails, with why each is
// left); the others guard against regressions in their class's describe.

/**
 * Source text from a raw template: the leading newline dropped, `@{` written for `${` and `¬` for
 * a backtick (the snippets hold JavaScript templates and Go raw strings).
 */
const C = (strs: TemplateStringsArray): string[] =>
  strs.raw
    .join('')
    .replace(/^\n/, '')
    .replace(/\n\s*$/, '')
    .replace(/@\{/g, '${')
    .replace(/¬/g, '`')
    .split('\n');

/** The same with each leading two spaces made a tab. */
const T = (strs: TemplateStringsArray): string[] =>
  C(strs).map((l) => l.replace(/^((?: {2})+)/, (m) => '\t'.repeat(m.length / 2)));

const cases: Case[] = [];
const add = (cls: string, uri: string, name: string, marker: string, lines: string[]) =>
  cases.push({ name, cls, uri, marker, lines });

// ---------------------------------------------------------------- SQL injection: JavaScript

add(
  'sql-injection',
  'routes/users.js',
  'sql: parseInt is called and its result dropped',
  'db.query(',
  C`
const express = require('express');
const db = require('../db');
const router = express.Router();

router.get('/users/:id', (req, res, next) => {
  const id = req.params.id;
  parseInt(id, 10);
  db.query('SELECT * FROM users WHERE id = ' + id, (err, rows) => {
    if (err) return next(err);
    res.json(rows[0]);
  });
});

module.exports = router;
`,
);

add(
  'sql-injection',
  'routes/users.js',
  'sql: isNaN(parseInt(id)) passes "1 OR 1=1", the raw id is used',
  'db.query(',
  C`
router.get('/users/:id', function (req, res) {
  var id = req.params.id;
  if (isNaN(parseInt(id))) {
    return res.status(400).json({ error: 'invalid id' });
  }
  db.query('SELECT * FROM users WHERE id = ' + id, function (err, rows) {
    res.json(rows);
  });
});
`,
);

add(
  'sql-injection',
  'lib/list.js',
  'sql: the limit is converted, the offset is used raw',
  'pool.query(',
  C`
async function list(req, res) {
  const limit = Number(req.query.limit) || 20;
  const offset = req.query.offset || 0;
  const { rows } = await pool.query(¬SELECT * FROM posts ORDER BY id LIMIT @{limit} OFFSET @{offset}¬);
  res.json(rows);
}
module.exports = { list };
`,
);

add(
  'sql-injection',
  'lib/list.js',
  'sql: parseInt(limit) > 100 is checked, the raw limit is used',
  'pool.query(',
  C`
exports.list = async (req, res) => {
  let limit = req.query.limit || '20';
  if (parseInt(limit, 10) > 100) {
    return res.status(400).send('limit too large');
  }
  const result = await pool.query('SELECT * FROM posts LIMIT ' + limit);
  res.json(result.rows);
};
`,
);

add(
  'sql-injection',
  'lib/list.js',
  'sql: Number(limit) only caps a valid number; text passes the comparison',
  'connection.query(',
  C`
module.exports = function listItems(req, res) {
  var limit = req.query.limit;
  if (Number(limit) > 100) limit = 100;
  connection.query('SELECT * FROM items LIMIT ' + limit, function (err, rows) {
    res.send(rows);
  });
};
`,
);

add(
  'sql-injection',
  'lib/posts.js',
  'sql: the author is bound, the sort is concatenated',
  'db.query(',
  C`
exports.byAuthor = (req, res) => {
  const { author, sort } = req.query;
  db.query('SELECT * FROM posts WHERE author = ? ORDER BY ' + sort, [author], (err, rows) => {
    if (err) throw err;
    res.json(rows);
  });
};
`,
);

add(
  'sql-injection',
  'lib/posts.js',
  'sql: sequelize replacements bind the name, the order is concatenated',
  'sequelize.query(',
  C`
const { QueryTypes } = require('sequelize');

async function search(req, res) {
  const order = req.query.order || 'createdAt';
  const rows = await sequelize.query(
    'SELECT * FROM "Posts" WHERE title = :title ORDER BY ' + order,
    { replacements: { title: req.query.title }, type: QueryTypes.SELECT },
  );
  res.json(rows);
}
module.exports = search;
`,
);

add(
  'sql-injection',
  'lib/auth.js',
  'sql (mysqljs): escape() of an object from a JSON body gives `col` = 1',
  'connection.query(',
  C`
app.post('/login', express.json(), function (req, res) {
  var username = req.body.username;
  var password = req.body.password;
  connection.query(
    'SELECT * FROM accounts WHERE username = ' + connection.escape(username) + ' AND password = ' + connection.escape(password),
    function (error, results) {
      if (results.length > 0) req.session.loggedin = true;
      res.redirect('/');
    },
  );
});
`,
);

add(
  'sql-injection',
  'lib/report.js',
  'sql: pg-format with %s (raw) instead of %L',
  'client.query(',
  C`
const pgFormat = require('pg-format');

module.exports = async function report(req, res) {
  const sql = pgFormat('SELECT * FROM sales WHERE region = %s', req.query.region);
  const { rows } = await client.query(sql);
  res.json(rows);
};
`,
);

add(
  'sql-injection',
  'lib/users.js',
  'sql: a local escape doubles quotes, the id sits unquoted',
  'db.query(',
  C`
function esc(value) {
  return String(value).replace(/'/g, "''");
}

exports.get = function (req, res) {
  db.query('SELECT * FROM users WHERE id = ' + esc(req.query.id), function (err, rows) {
    res.json(rows);
  });
};
`,
);

add(
  'sql-injection',
  'lib/users.js',
  'sql (MySQL): quotes escaped with a backslash, backslashes left as they are',
  'db.query(',
  T`
function sqlEscape(str) {
  return str.replace(/'/g, "\\'");
}

exports.find = function (req, res) {
  var name = sqlEscape(req.query.name);
  db.query("SELECT * FROM users WHERE name = '" + name + "'", function (err, rows) {
    res.json(rows);
  });
};
`,
);

add(
  'sql-injection',
  'lib/users.js',
  'sql: ids filtered by !isNaN(parseInt(id)) keep "1) OR (1=1"',
  'db.query(',
  C`
exports.many = (req, res) => {
  const ids = String(req.query.ids).split(',').filter((id) => !isNaN(parseInt(id, 10)));
  db.query(¬SELECT * FROM users WHERE id IN (@{ids.join(',')})¬, (err, rows) => res.json(rows));
};
`,
);

add(
  'sql-injection',
  'lib/sort.js',
  'sql: the column of "col:dir" is allow-listed, the direction is not',
  'db.query(',
  C`
const COLUMNS = ['name', 'created_at', 'price'];

exports.list = (req, res) => {
  const [col, dir] = (req.query.order || 'name:asc').split(':');
  if (!COLUMNS.includes(col)) return res.status(400).end();
  db.query(¬SELECT * FROM products ORDER BY @{col} @{dir}¬, (err, rows) => res.json(rows));
};
`,
);

add(
  'sql-injection',
  'lib/sort.js',
  'sql: a Map lookup falls back to the requested name',
  'db.query(',
  C`
const SORTS = new Map([
  ['newest', 'created_at DESC'],
  ['oldest', 'created_at ASC'],
]);

exports.list = (req, res) => {
  const orderBy = SORTS.get(req.query.sort) || req.query.sort;
  db.query('SELECT * FROM articles ORDER BY ' + orderBy, (err, rows) => res.json(rows));
};
`,
);

add(
  'sql-injection',
  'lib/sort.js',
  'sql: an object lookup falls back to the requested name (??)',
  'db.query(',
  C`
const SORTS = { newest: 'created_at DESC', oldest: 'created_at ASC' };

exports.list = (req, res) => {
  const orderBy = SORTS[req.query.sort] ?? req.query.sort;
  db.query('SELECT * FROM articles ORDER BY ' + orderBy, (err, rows) => res.json(rows));
};
`,
);

add(
  'sql-injection',
  'lib/page.js',
  'sql: object spread puts the raw limit over the parsed one',
  'db.query(',
  C`
exports.page = (req, res) => {
  const opts = { limit: parseInt(req.query.limit, 10) || 10, ...req.query };
  db.query('SELECT * FROM events LIMIT ' + opts.limit, (err, rows) => res.json(rows));
};
`,
);

add(
  'sql-injection',
  'lib/page.js',
  'sql: Object.assign puts the query over the defaults',
  'db.query(',
  C`
const DEFAULTS = { limit: 10, order: 'id' };

exports.page = function (req, res) {
  const opts = Object.assign({}, DEFAULTS, req.query);
  db.query('SELECT * FROM events ORDER BY ' + opts.order + ' LIMIT ' + opts.limit, function (err, rows) {
    res.json(rows);
  });
};
`,
);

add(
  'sql-injection',
  'lib/page.js',
  'sql: a destructuring default does not make the requested sort a constant',
  'db.query(',
  C`
exports.page = async (req, res) => {
  const { sort = 'created_at', dir = 'DESC' } = req.query;
  if (dir !== 'ASC' && dir !== 'DESC') return res.sendStatus(400);
  const rows = await db.query(¬SELECT * FROM events ORDER BY @{sort} @{dir}¬);
  res.json(rows);
};
`,
);

add(
  'sql-injection',
  'lib/fields.js',
  'sql: the forEach callback returns, the query still runs',
  'db.query(',
  C`
const ALLOWED = ['id', 'name', 'email'];

function select(req, res) {
  const fields = req.query.fields.split(',');
  fields.forEach((f) => {
    if (!ALLOWED.includes(f)) return res.status(400).send('bad field ' + f);
  });
  db.query('SELECT ' + fields.join(', ') + ' FROM users', (err, rows) => res.json(rows));
}
module.exports = select;
`,
);

add(
  'sql-injection',
  'lib/sort.js',
  'sql: indexOf used as a boolean (-1 is truthy)',
  'db.query(',
  C`
var COLUMNS = ['name', 'price', 'stock'];

exports.list = function (req, res) {
  var col = req.query.sort;
  if (COLUMNS.indexOf(col)) {
    db.query('SELECT * FROM products ORDER BY ' + col, function (err, rows) {
      res.json(rows);
    });
  }
};
`,
);

add(
  'sql-injection',
  'lib/sort.js',
  'sql: order.includes("ASC") is a substring test',
  'db.query(',
  C`
exports.list = (req, res) => {
  const order = String(req.query.order || 'ASC').toUpperCase();
  if (!order.includes('ASC') && !order.includes('DESC')) return res.status(400).end();
  db.query('SELECT * FROM products ORDER BY name ' + order, (e, rows) => res.json(rows));
};
`,
);

add(
  'sql-injection',
  'lib/users.js',
  'sql: the check is in an else that falls through',
  'db.query(',
  C`
exports.get = (req, res) => {
  const id = req.query.id;
  if (/^\d+$/.test(id)) {
    log.debug('lookup user', id);
  } else {
    res.status(400).json({ error: 'id must be numeric' });
  }
  db.query('SELECT * FROM users WHERE id = ' + id, (err, rows) => res.json(rows));
};
`,
);

add(
  'sql-injection',
  'lib/users.js',
  'sql: the validator throws inside try, the catch only logs',
  'db.query(',
  C`
function assertId(id) {
  if (!/^\d+$/.test(id)) throw new Error('invalid id');
}

exports.get = (req, res) => {
  const id = req.params.id;
  try {
    assertId(id);
  } catch (err) {
    console.error(err.message);
  }
  db.query('SELECT * FROM users WHERE id = ' + id, (e, rows) => res.json(rows));
};
`,
);

add(
  'sql-injection',
  'src/users.ts',
  'sql (TS): a parameter typed number is a string at run time',
  'pool.query(',
  C`
import { Router, Request, Response } from 'express';
import { pool } from './db';

async function findUser(id: number) {
  return pool.query(¬SELECT * FROM users WHERE id = @{id}¬);
}

export const router = Router();
router.get('/users/:id', async (req: Request, res: Response) => {
  const { rows } = await findUser(req.params.id as unknown as number);
  res.json(rows);
});
`,
);

add(
  'sql-injection',
  'src/repo.ts',
  'sql (TS): a class method binds one value, interpolates the column',
  'this.db.query(',
  C`
export class ProductRepository {
  constructor(private readonly db: Pool) {}

  async search(term: string, sortBy: string) {
    const { rows } = await this.db.query(
      ¬SELECT * FROM products WHERE name ILIKE $1 ORDER BY @{sortBy}¬,
      [¬%@{term}%¬],
    );
    return rows;
  }
}

export function register(app: Express, repo: ProductRepository) {
  app.get('/products', async (req, res) => {
    res.json(await repo.search(String(req.query.q), String(req.query.sort)));
  });
}
`,
);

add(
  'sql-injection',
  'lib/search.js',
  'sql: knex.raw with a template string inside a builder',
  'knex.raw(',
  C`
module.exports = (knex) => async (req, res) => {
  const rows = await knex('users')
    .select('*')
    .where(knex.raw(¬name LIKE '%@{req.query.q}%'¬));
  res.json(rows);
};
`,
);

add(
  'sql-injection',
  'lib/search.js',
  'sql: String() of the value is not SQL escaping',
  'db.query(',
  C`
exports.search = function (req, res) {
  var q = String(req.query.q);
  db.query("SELECT * FROM items WHERE name = '" + q + "'", function (err, rows) {
    res.json(rows);
  });
};
`,
);

add(
  'sql-injection',
  'lib/search.js',
  'sql: encodeURIComponent leaves the single quote',
  'db.query(',
  C`
exports.search = function (req, res) {
  var q = encodeURIComponent(req.query.q);
  db.query("SELECT * FROM items WHERE slug = '" + q + "'", function (err, rows) {
    res.json(rows);
  });
};
`,
);

// ---------------------------------------------------------------- SQL injection: Python

add(
  'sql-injection',
  'app/views.py',
  'sql (Python): "%" formatting with a tuple is not the driver binding',
  'cur.execute(',
  C`
@app.route("/users")
def users():
    name = request.args.get("name", "")
    cur = db.cursor()
    cur.execute("SELECT * FROM users WHERE name = '%s'" % (name,))
    return jsonify(cur.fetchall())
`,
);

add(
  'sql-injection',
  'app/views.py',
  'sql (Python): one value bound, the other concatenated',
  'cur.execute(',
  C`
@app.route("/orders")
def orders():
    customer = request.args["customer"]
    status = request.args.get("status", "open")
    cur = get_db().cursor()
    cur.execute("SELECT * FROM orders WHERE customer = %s AND status = '" + status + "'", (customer,))
    return jsonify(cur.fetchall())
`,
);

add(
  'sql-injection',
  'app/views.py',
  'sql (Python): int() in a try whose except only logs',
  'cursor.execute(',
  C`
def get_user(request):
    user_id = request.GET.get("id")
    try:
        int(user_id)
    except ValueError:
        logger.warning("non-numeric id %s", user_id)
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM auth_user WHERE id = %s" % user_id)
        row = cursor.fetchone()
    return JsonResponse({"user": row})
`,
);

add(
  'sql-injection',
  'app/views.py',
  'sql (Python): int() in a try whose except passes',
  'cursor.execute(',
  C`
def get_user(request):
    user_id = request.GET["id"]
    try:
        user_id = int(user_id)
    except (TypeError, ValueError):
        pass
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT * FROM auth_user WHERE id = {user_id}")
        return JsonResponse({"user": cursor.fetchone()})
`,
);

add(
  'sql-injection',
  'app/views.py',
  'sql (Python): isdigit without the call (a method is always true)',
  'cur.execute(',
  C`
@app.route("/item")
def item():
    item_id = request.args.get("id", "")
    if not item_id.isdigit:
        abort(400)
    cur = db.cursor()
    cur.execute("SELECT * FROM items WHERE id = " + item_id)
    return jsonify(cur.fetchone())
`,
);

add(
  'sql-injection',
  'app/views.py',
  'sql (Python): escape_string in an unquoted numeric context',
  'cur.execute(',
  C`
import pymysql

@app.route("/item")
def item():
    item_id = request.args.get("id")
    cur = conn.cursor()
    cur.execute("SELECT * FROM items WHERE id = %s" % pymysql.converters.escape_string(item_id))
    return jsonify(cur.fetchone())
`,
);

add(
  'sql-injection',
  'app/views.py',
  'sql (Python): psycopg2 sql.SQL() wraps the request text raw',
  'cur.execute(',
  C`
from psycopg2 import sql

@app.route("/report")
def report():
    order = request.args.get("order", "id")
    cur = conn.cursor()
    cur.execute(sql.SQL("SELECT * FROM sales ORDER BY {}").format(sql.SQL(order)))
    return jsonify(cur.fetchall())
`,
);

add(
  'sql-injection',
  'app/views.py',
  'sql (Python): a dict lookup whose default is the requested name',
  'cur.execute(',
  C`
SORTS = {"new": "created DESC", "old": "created ASC"}

@app.route("/posts")
def posts():
    sort = request.args.get("sort", "new")
    order_by = SORTS.get(sort, sort)
    cur = db.cursor()
    cur.execute("SELECT * FROM posts ORDER BY " + order_by)
    return jsonify(cur.fetchall())
`,
);

add(
  'sql-injection',
  'app/views.py',
  'sql (Python): "asc" in order is a substring test',
  'cur.execute(',
  C`
@app.route("/posts")
def posts():
    order = request.args.get("order", "asc")
    if "asc" not in order and "desc" not in order:
        abort(400)
    cur = db.cursor()
    cur.execute(f"SELECT * FROM posts ORDER BY created {order}")
    return jsonify(cur.fetchall())
`,
);

add(
  'sql-injection',
  'app/views.py',
  'sql (Python): the parsed limit is put first, the raw args override it',
  'cur.execute(',
  C`
@app.route("/events")
def events():
    params = {"limit": int(request.args.get("limit", 10)), **request.args.to_dict()}
    cur = db.cursor()
    cur.execute("SELECT * FROM events LIMIT {limit}".format(**params))
    return jsonify(cur.fetchall())
`,
);

add(
  'sql-injection',
  'app/models.py',
  'sql (Django): raw() with an f-string',
  'User.objects.raw(',
  C`
from django.http import JsonResponse
from .models import User

def search(request):
    username = request.GET.get("username", "")
    users = User.objects.raw(f"SELECT * FROM app_user WHERE username = '{username}'")
    return JsonResponse({"ids": [u.id for u in users]})
`,
);

add(
  'sql-injection',
  'app/db.py',
  'sql (SQLAlchemy): text() of an f-string',
  'db.session.execute(',
  C`
from sqlalchemy import text

@bp.route("/users/<name>")
def by_name(name):
    rows = db.session.execute(text(f"SELECT * FROM users WHERE name = '{name}'")).fetchall()
    return jsonify([dict(r) for r in rows])
`,
);

add(
  'sql-injection',
  'app/repo.py',
  'sql (Python): a repository method binds the name, concatenates the order',
  'cur.execute(',
  C`
class UserRepo:
    def __init__(self, conn):
        self.conn = conn

    def find(self, name, order="id"):
        cur = self.conn.cursor()
        cur.execute("SELECT * FROM users WHERE name = %s ORDER BY " + order, (name,))
        return cur.fetchall()


repo = UserRepo(connect())


@app.route("/users")
def users():
    return jsonify(repo.find(request.args["name"], request.args.get("order", "id")))
`,
);

add(
  'sql-injection',
  'app/views.py',
  'sql (Python): the column is checked, another field is formatted in',
  'cur.execute(',
  C`
ALLOWED = {"name", "email", "created"}

@app.route("/users")
def users():
    column = request.args.get("column", "name")
    value = request.args.get("value", "")
    if column not in ALLOWED:
        abort(400)
    cur = db.cursor()
    cur.execute(f"SELECT * FROM users WHERE {column} = '{value}'")
    return jsonify(cur.fetchall())
`,
);

// ---------------------------------------------------------------- SQL injection: Java and Go

add(
  'sql-injection',
  'src/main/java/org/acme/UserDao.java',
  'sql (Java): prepareStatement binds the name, concatenates the sort',
  'conn.prepareStatement(',
  C`
public class UserDao {
    private final DataSource ds;

    public List<User> search(HttpServletRequest request) throws SQLException {
        String name = request.getParameter("name");
        String sort = request.getParameter("sort");
        try (Connection conn = ds.getConnection();
             PreparedStatement ps = conn.prepareStatement("SELECT * FROM users WHERE name = ? ORDER BY " + sort)) {
            ps.setString(1, name);
            return map(ps.executeQuery());
        }
    }
}
`,
);

add(
  'sql-injection',
  'src/main/java/org/acme/UserDao.java',
  'sql (Java): parseInt in a try whose catch only logs',
  'stmt.executeQuery(',
  C`
public class UserDao {
    private static final Logger LOG = LoggerFactory.getLogger(UserDao.class);

    public ResultSet byId(HttpServletRequest request, Statement stmt) throws SQLException {
        String id = request.getParameter("id");
        try {
            Integer.parseInt(id);
        } catch (NumberFormatException e) {
            LOG.warn("non-numeric id {}", id);
        }
        return stmt.executeQuery("SELECT * FROM users WHERE id = " + id);
    }
}
`,
);

add(
  'sql-injection',
  'src/main/java/org/acme/UserDao.java',
  'sql (Java): the field of "field,dir" is allow-listed, the direction is not',
  'stmt.executeQuery(',
  C`
public class UserDao {
    private static final Set<String> FIELDS = Set.of("name", "email", "created");

    public ResultSet list(HttpServletRequest request, Statement stmt) throws SQLException {
        String[] parts = request.getParameter("sort").split(",");
        if (!FIELDS.contains(parts[0])) {
            throw new IllegalArgumentException("bad sort field");
        }
        return stmt.executeQuery("SELECT * FROM users ORDER BY " + parts[0] + " " + parts[1]);
    }
}
`,
);

add(
  'sql-injection',
  'src/main/java/org/acme/UserRepository.java',
  'sql (JPA): setParameter binds the name, the order is concatenated',
  'em.createQuery(',
  C`
@Repository
public class UserRepository {
    @PersistenceContext
    private EntityManager em;

    public List<User> find(@RequestParam String name, @RequestParam String order) {
        return em.createQuery("SELECT u FROM User u WHERE u.name = :name ORDER BY u." + order, User.class)
            .setParameter("name", name)
            .getResultList();
    }
}
`,
);

add(
  'sql-injection',
  'src/main/java/org/acme/UserDao.java',
  'sql (Java): the digits check is on a trimmed copy in an else that falls through',
  'stmt.executeQuery(',
  C`
public class UserDao {
    public ResultSet byId(HttpServletRequest req, Statement stmt) throws SQLException {
        String id = req.getParameter("id");
        String trimmed = id.trim();
        if (trimmed.matches("\\d+")) {
            System.out.println("lookup " + trimmed);
        } else {
            System.err.println("bad id " + trimmed);
        }
        return stmt.executeQuery("SELECT * FROM users WHERE id = " + id);
    }
}
`,
);

add(
  'sql-injection',
  'store/users.go',
  'sql (Go): Atoi fails and is only logged, the raw id is formatted',
  'db.Query(',
  T`
package store

func UserHandler(db *sql.DB) http.HandlerFunc {
  return func(w http.ResponseWriter, r *http.Request) {
    id := r.URL.Query().Get("id")
    if _, err := strconv.Atoi(id); err != nil {
      log.Printf("non-numeric id %q", id)
    }
    rows, err := db.Query(fmt.Sprintf("SELECT name FROM users WHERE id = %s", id))
    if err != nil {
      http.Error(w, err.Error(), 500)
      return
    }
    defer rows.Close()
  }
}
`,
);

add(
  'sql-injection',
  'store/users.go',
  'sql (Go): the number is parsed, the text is used',
  'db.Query(',
  T`
package store

func List(db *sql.DB, w http.ResponseWriter, r *http.Request) {
  limit := r.URL.Query().Get("limit")
  n, _ := strconv.Atoi(limit)
  if n > 100 {
    http.Error(w, "limit too large", http.StatusBadRequest)
    return
  }
  rows, _ := db.Query("SELECT * FROM items LIMIT " + limit)
  defer rows.Close()
}
`,
);

add(
  'sql-injection',
  'store/users.go',
  'sql (Go): $1 binds the name, the sort is concatenated',
  'db.QueryContext(',
  T`
package store

func (s *Store) Search(ctx context.Context, r *http.Request) (*sql.Rows, error) {
  q := r.URL.Query()
  return s.db.QueryContext(ctx, "SELECT * FROM users WHERE name = $1 ORDER BY "+q.Get("sort"), q.Get("name"))
}
`,
);

add(
  'sql-injection',
  'store/users.go',
  'sql (Go): strings.Replace with n=1 doubles the first quote only',
  'db.Query(',
  T`
package store

func Find(db *sql.DB, w http.ResponseWriter, r *http.Request) {
  name := strings.Replace(r.FormValue("name"), "'", "''", 1)
  rows, err := db.Query("SELECT * FROM users WHERE name = '" + name + "'")
  if err != nil {
    return
  }
  defer rows.Close()
}
`,
);

// ---------------------------------------------------------------- NoSQL injection

add(
  'nosql-injection',
  'routes/auth.js',
  'nosql: typeof checks the username, the password object passes',
  'User.findOne(',
  C`
router.post('/login', async (req, res) => {
  if (typeof req.body.username !== 'string') {
    return res.status(400).json({ error: 'bad request' });
  }
  const user = await User.findOne({ username: req.body.username, password: req.body.password });
  if (!user) return res.status(401).end();
  req.session.userId = user.id;
  res.json({ ok: true });
});
`,
);

add(
  'nosql-injection',
  'routes/auth.js',
  'nosql: the two typeof checks are joined with && (both must fail)',
  ".collection('users').findOne(",
  C`
router.post('/login', async (req, res) => {
  const { username, password } = req.body;
  if (typeof username !== 'string' && typeof password !== 'string') {
    return res.sendStatus(400);
  }
  const user = await db.collection('users').findOne({ username, password });
  res.json({ ok: !!user });
});
`,
);

add(
  'nosql-injection',
  'routes/auth.js',
  'nosql: $eq wraps the username, the password is raw',
  'User.findOne(',
  C`
router.post('/login', async (req, res) => {
  const user = await User.findOne({
    username: { $eq: req.body.username },
    password: req.body.password,
  });
  res.json({ ok: Boolean(user) });
});
`,
);

add(
  'nosql-injection',
  'routes/users.js',
  'nosql: String() inside a $where expression is still JavaScript',
  'User.findOne(',
  C`
router.get('/users/by-name', async (req, res) => {
  const name = String(req.query.name);
  const user = await User.findOne({ $where: "this.name == '" + name + "'" });
  res.json(user);
});
`,
);

add(
  'nosql-injection',
  'routes/users.js',
  'nosql: the value must be a string, the field name is the request’s ($where)',
  '.findOne({ [field]',
  C`
router.post('/search', async (req, res) => {
  const { field, value } = req.body;
  if (typeof value !== 'string') return res.sendStatus(400);
  const doc = await db.collection('users').findOne({ [field]: value });
  res.json(doc);
});
`,
);

add(
  'nosql-injection',
  'routes/users.js',
  'nosql: mongoSanitize cleans the body, the query string is used',
  'Item.findOne(',
  C`
const mongoSanitize = require('mongo-sanitize');

router.get('/items', async (req, res) => {
  const body = mongoSanitize(req.body);
  const item = await Item.findOne({ owner: body.owner, secret: req.query.secret });
  res.json(item);
});
`,
);

// ---------------------------------------------------------------- code injection

add(
  'code-injection',
  'lib/calc.js',
  'code: an unanchored digits-and-operators regex before eval',
  'eval(',
  C`
module.exports = function calc(req, res) {
  const expr = req.query.expr;
  if (!/[0-9+\-*\/ ]+/.test(expr)) return res.status(400).send('bad expression');
  res.send(String(eval(expr)));
};
`,
);

add(
  'code-injection',
  'lib/calc.js',
  'code: the forEach callback returns on a bad token, eval still runs',
  'eval(',
  C`
module.exports = function calc(req, res) {
  const expr = String(req.body.expr);
  expr.split(' ').forEach((tok) => {
    if (!/^[\d.+\-*\/()]+$/.test(tok)) return res.status(400).end();
  });
  res.json({ result: eval(expr) });
};
`,
);

add(
  'code-injection',
  'lib/template.js',
  'code: JSON.stringify with its quotes sliced off, inside a single-quoted string',
  'new Function(',
  C`
exports.compile = function (req, res) {
  const name = JSON.stringify(req.query.name).slice(1, -1);
  const fn = new Function("return 'Hello, " + name + "'");
  res.send(fn());
};
`,
);

add(
  'code-injection',
  'lib/sandbox.js',
  'code: vm.runInNewContext is not a sandbox',
  'vm.runInNewContext(',
  C`
const vm = require('vm');

module.exports = (req, res) => {
  const result = vm.runInNewContext(req.body.code, { Math }, { timeout: 100 });
  res.json({ result });
};
`,
);

add(
  'code-injection',
  'public/app.js',
  'code (browser): setTimeout with a string from the location hash',
  'setTimeout(',
  C`
document.addEventListener('DOMContentLoaded', function () {
  var callback = decodeURIComponent(location.hash.slice(1));
  setTimeout(callback, 0);
});
`,
);

add(
  'code-injection',
  'lib/calc.js',
  'code: the number check is on parseFloat, the raw text is evaluated',
  'eval(',
  C`
exports.scale = (req, res) => {
  const factor = req.query.factor;
  if (Number.isNaN(parseFloat(factor))) return res.sendStatus(400);
  res.json({ value: eval('100 * ' + factor) });
};
`,
);

add(
  'code-injection',
  'app/calc.py',
  'code (Python): re.match anchored at the start only before eval',
  'eval(',
  C`
import re

SAFE = re.compile(r"[\d+\-*/(). ]+")

@app.route("/calc")
def calc():
    expr = request.args.get("expr", "0")
    if not SAFE.match(expr):
        abort(400)
    return str(eval(expr))
`,
);

add(
  'code-injection',
  'app/calc.py',
  'code (Python): eval with empty __builtins__ (escapes through ().__class__)',
  'eval(',
  C`
@app.route("/calc", methods=["POST"])
def calc():
    expr = request.form["expr"]
    result = eval(expr, {"__builtins__": {}}, {})
    return jsonify(result=result)
`,
);

add(
  'code-injection',
  'app/config.py',
  'code (Python): int() first, eval of the raw text when it fails',
  'return eval(',
  C`
def parse_value(raw):
    try:
        return int(raw)
    except ValueError:
        return eval(raw)


@app.route("/settings", methods=["POST"])
def settings():
    value = parse_value(request.form["value"])
    store.set(request.form["key"], value)
    return "ok"
`,
);

add(
  'code-injection',
  'app/hooks.py',
  'code (Python): exec of a request field after a blocklist of "import"',
  'exec(',
  C`
@app.route("/hook", methods=["POST"])
def hook():
    source = request.json["source"]
    if "import" in source or "os." in source:
        abort(403)
    scope = {}
    exec(source, scope)
    return jsonify(ok=True)
`,
);

// ---------------------------------------------------------------- XSS

add(
  'xss',
  'routes/index.js',
  'xss: escapeHtml in an href (javascript: needs no markup characters)',
  'res.send(',
  C`
const escapeHtml = require('escape-html');

router.get('/continue', (req, res) => {
  res.send('<a href="' + escapeHtml(req.query.next) + '">Continue</a>');
});
`,
);

add(
  'xss',
  'routes/index.js',
  'xss: the name is escaped into a copy, the raw one is sent',
  'res.send(',
  C`
const escapeHtml = require('escape-html');

router.get('/hello', (req, res) => {
  const name = req.query.name || 'world';
  const safeName = escapeHtml(name);
  res.send(¬<h1>Hello @{name}</h1>¬);
});
`,
);

add(
  'xss',
  'public/widget.js',
  'xss: a local escape that leaves < and > alone',
  '.innerHTML =',
  C`
function esc(s) {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

var q = new URLSearchParams(location.search).get('q') || '';
document.getElementById('results').innerHTML = '<p>Results for ' + esc(q) + '</p>';
`,
);

add(
  'xss',
  'public/widget.js',
  'xss: a local escape with string replace (first < only)',
  '.innerHTML =',
  C`
function escapeHtml(str) {
  return str.replace('<', '&lt;').replace('>', '&gt;');
}

const q = new URLSearchParams(location.search).get('q') || '';
document.querySelector('#title').innerHTML = escapeHtml(q);
`,
);

add(
  'xss',
  'routes/index.js',
  'xss: encodeURIComponent in an href still lets javascript: through',
  'res.send(',
  C`
router.get('/out', function (req, res) {
  var target = req.query.url;
  res.send('<a href=' + '"' + target + '">leave</a><script>var t="' + encodeURIComponent(target) + '"</script>');
});
`,
);

add(
  'xss',
  'app/views.py',
  'xss (Python): html.escape(quote=False) inside a quoted attribute',
  'make_response(',
  C`
import html

@app.route("/search")
def search():
    q = request.args.get("q", "")
    body = f"<input name='q' value='{html.escape(q, quote=False)}'>"
    return make_response(body)
`,
);

add(
  'xss',
  'app/views.py',
  'xss (Python): markupsafe.escape in an href (javascript:)',
  'Markup(',
  C`
from markupsafe import Markup, escape

@app.route("/go")
def go():
    url = request.args.get("url", "/")
    return Markup(f"<a href='{escape(url)}'>continue</a>")
`,
);

add(
  'xss',
  'app/views.py',
  'xss (Django): escape() in an unquoted attribute (a blank starts a new one)',
  'mark_safe(',
  C`
from django.utils.html import escape
from django.utils.safestring import mark_safe

def badge(request):
    title = request.GET.get("title", "")
    html = mark_safe("<span title=" + escape(title) + ">badge</span>")
    return HttpResponse(html)
`,
);

add(
  'xss',
  'app/views.py',
  'xss (Django): format_html puts a request URL in an href',
  'format_html(',
  C`
from django.utils.html import format_html

def profile_link(request):
    website = request.GET.get("website", "")
    return HttpResponse(format_html("<a href='{}'>website</a>", website))
`,
);

add(
  'xss',
  'app/views.py',
  'xss (Python): the escaped copy is built, the raw value is marked safe',
  'Markup(',
  C`
from markupsafe import Markup, escape

@app.route("/greet")
def greet():
    name = request.args.get("name", "")
    escaped = escape(name)
    app.logger.info("greeting %s", escaped)
    return Markup("<h1>Hello " + name + "</h1>")
`,
);

add(
  'xss',
  'web/handler.go',
  'xss (Go): html.EscapeString in an href (javascript:)',
  'fmt.Fprintf(',
  T`
package web

func Redirect(w http.ResponseWriter, r *http.Request) {
  next := r.URL.Query().Get("next")
  w.Header().Set("Content-Type", "text/html")
  fmt.Fprintf(w, "<a href=\"%s\">continue</a>", html.EscapeString(next))
}
`,
);

add(
  'xss',
  'web/handler.go',
  'xss (Go): template.HTML of a form value turns html/template escaping off',
  'template.HTML(',
  T`
package web

var page = template.Must(template.New("p").Parse("<div>{{.}}</div>"))

func Bio(w http.ResponseWriter, r *http.Request) {
  page.Execute(w, template.HTML(r.FormValue("bio")))
}
`,
);

add(
  'xss',
  'src/main/java/org/acme/LinkServlet.java',
  'xss (Java): escapeHtml4 in an href (javascript:)',
  'out.println(',
  C`
public class LinkServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String url = request.getParameter("url");
        PrintWriter out = response.getWriter();
        out.println("<a href='" + StringEscapeUtils.escapeHtml4(url) + "'>open</a>");
    }
}
`,
);

add(
  'xss',
  'src/main/java/org/acme/HelloServlet.java',
  'xss (Java): escapeHtml4 of a copy, the raw name is written',
  'out.println(',
  C`
public class HelloServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String name = request.getParameter("name");
        String safe = StringEscapeUtils.escapeHtml4(name);
        log("hello " + safe);
        PrintWriter out = response.getWriter();
        out.println("<h1>Hello " + name + "</h1>");
    }
}
`,
);

// ---------------------------------------------------------------- SSRF and open redirect

add(
  'ssrf',
  'routes/proxy.js',
  'ssrf: startsWith a host without a slash (api.example.com.evil.net)',
  'fetch(',
  C`
router.get('/proxy', async (req, res) => {
  const url = req.query.url;
  if (!url.startsWith('https://api.example.com')) return res.sendStatus(403);
  const upstream = await fetch(url);
  res.status(upstream.status).send(await upstream.text());
});
`,
);

add(
  'ssrf',
  'routes/proxy.js',
  'ssrf: hostname endsWith without a dot (evilexample.com)',
  'axios.get(',
  C`
router.get('/image', async (req, res) => {
  const target = new URL(req.query.src);
  if (!target.hostname.endsWith('example.com')) return res.status(400).end();
  const { data } = await axios.get(req.query.src, { responseType: 'arraybuffer' });
  res.send(data);
});
`,
);

add(
  'ssrf',
  'routes/proxy.js',
  'ssrf: the allow-listed host is parsed from one parameter, another is fetched',
  'axios.get(',
  C`
const HOSTS = ['cdn.example.com', 'img.example.com'];

router.get('/image', async (req, res) => {
  const { host } = new URL(req.query.src);
  if (!HOSTS.includes(host)) return res.sendStatus(403);
  const { data } = await axios.get(req.query.fallback || req.query.src);
  res.send(data);
});
`,
);

add(
  'ssrf',
  'app/proxy.py',
  'ssrf (Python): "example.com" in url is a substring test',
  'requests.get(',
  C`
@app.route("/fetch")
def fetch():
    url = request.args["url"]
    if "example.com" not in url:
        abort(403)
    r = requests.get(url, timeout=5)
    return r.content
`,
);

add(
  'ssrf',
  'app/proxy.py',
  'ssrf (Python): the scheme is checked, not the host',
  'requests.get(',
  C`
from urllib.parse import urlparse

@app.route("/fetch")
def fetch():
    url = request.args["url"]
    if urlparse(url).scheme not in ("http", "https"):
        abort(400)
    return requests.get(url, timeout=5).text
`,
);

add(
  'ssrf',
  'proxy/fetch.go',
  'ssrf (Go): strings.Contains of the allowed host',
  'http.Get(',
  T`
package proxy

func Fetch(w http.ResponseWriter, r *http.Request) {
  u := r.URL.Query().Get("url")
  if !strings.Contains(u, "internal.example.com") {
    http.Error(w, "forbidden", http.StatusForbidden)
    return
  }
  resp, err := http.Get(u)
  if err != nil {
    return
  }
  defer resp.Body.Close()
  io.Copy(w, resp.Body)
}
`,
);

add(
  'open-redirect',
  'routes/auth.js',
  'redirect: startsWith("/") lets //evil.com through',
  'res.redirect(next)',
  C`
router.get('/login/callback', (req, res) => {
  const next = req.query.next || '/';
  if (!next.startsWith('/')) return res.redirect('/');
  res.redirect(next);
});
`,
);

add(
  'open-redirect',
  'app/auth.py',
  'redirect (Python): startswith("/") lets //evil.com through',
  'return redirect(',
  C`
@app.route("/login", methods=["POST"])
def login():
    next_url = request.args.get("next", "/")
    if not next_url.startswith("/"):
        next_url = "/"
    login_user(form.user)
    return redirect(next_url)
`,
);

add(
  'open-redirect',
  'app/auth.py',
  'redirect (Django): url_has_allowed_host_and_scheme computed, the result unused',
  'HttpResponseRedirect(',
  C`
from django.utils.http import url_has_allowed_host_and_scheme

def done(request):
    next_url = request.GET.get("next", "/")
    url_has_allowed_host_and_scheme(next_url, allowed_hosts={request.get_host()})
    return HttpResponseRedirect(next_url)
`,
);

add(
  'open-redirect',
  'web/auth.go',
  'redirect (Go): HasPrefix "/" lets //evil.com through',
  'http.Redirect(',
  T`
package web

func Callback(w http.ResponseWriter, r *http.Request) {
  target := r.URL.Query().Get("return_to")
  if !strings.HasPrefix(target, "/") {
    target = "/"
  }
  http.Redirect(w, r, target, http.StatusFound)
}
`,
);

add(
  'open-redirect',
  'routes/auth.js',
  'redirect: a host allow-list tested with a regex that is not anchored',
  'res.redirect(url)',
  C`
router.get('/out', (req, res) => {
  const url = req.query.url;
  if (!/https:\/\/(www\.)?example\.com/.test(url)) return res.redirect('/');
  res.redirect(url);
});
`,
);

// ---------------------------------------------------------------- command injection: Go, Java, Python, JS

add(
  'command-injection',
  'tools/convert.go',
  'cmd (Go): filepath.Base keeps ; and $() before sh -c',
  'exec.Command(',
  T`
package tools

func Convert(w http.ResponseWriter, r *http.Request) {
  name := filepath.Base(r.FormValue("file"))
  out, err := exec.Command("sh", "-c", "convert /srv/uploads/"+name+" /tmp/thumb.png").CombinedOutput()
  if err != nil {
    http.Error(w, string(out), 500)
  }
}
`,
);

add(
  'command-injection',
  'tools/ping.go',
  'cmd (Go): %q quotes in Go syntax, the shell expands $() inside',
  'exec.Command(',
  T`
package tools

func Ping(w http.ResponseWriter, r *http.Request) {
  host := r.URL.Query().Get("host")
  cmd := exec.Command("bash", "-c", fmt.Sprintf("ping -c 1 %q", host))
  out, _ := cmd.Output()
  w.Write(out)
}
`,
);

add(
  'command-injection',
  'tools/ping.go',
  'cmd (Go): strconv.Quote is not shell quoting',
  'exec.Command(',
  T`
package tools

func Lookup(w http.ResponseWriter, r *http.Request) {
  domain := strconv.Quote(r.FormValue("domain"))
  out, _ := exec.Command("/bin/sh", "-c", "dig +short "+domain).Output()
  w.Write(out)
}
`,
);

add(
  'command-injection',
  'tools/git.go',
  'cmd (Go): the ref is validated in a helper whose error is dropped',
  'exec.Command(',
  T`
package tools

var refPattern = regexp.MustCompile(¬^[\w./-]+$¬)

func checkRef(ref string) error {
  if !refPattern.MatchString(ref) {
    return fmt.Errorf("invalid ref %q", ref)
  }
  return nil
}

func Show(w http.ResponseWriter, r *http.Request) {
  ref := r.URL.Query().Get("ref")
  checkRef(ref)
  out, _ := exec.Command("sh", "-c", "git show "+ref).Output()
  w.Write(out)
}
`,
);

add(
  'command-injection',
  'src/main/java/org/acme/Archiver.java',
  'cmd (Java): semicolons removed, $() and | kept before sh -c',
  'Runtime.getRuntime().exec(',
  C`
public class Archiver {
    public void archive(HttpServletRequest request) throws IOException {
        String dir = request.getParameter("dir").replace(";", "");
        String[] cmd = {"/bin/sh", "-c", "tar czf /tmp/out.tgz " + dir};
        Runtime.getRuntime().exec(cmd);
    }
}
`,
);

add(
  'command-injection',
  'src/main/java/org/acme/Thumbs.java',
  'cmd (Java): escapeJava is not shell quoting',
  'new ProcessBuilder(',
  C`
public class Thumbs {
    public Process make(HttpServletRequest request) throws IOException {
        String name = StringEscapeUtils.escapeJava(request.getParameter("name"));
        return new ProcessBuilder("bash", "-c", "convert \"" + name + "\" thumb.png").start();
    }
}
`,
);

add(
  'command-injection',
  'src/main/java/org/acme/Pinger.java',
  'cmd (Java): the host is checked in an else that falls through',
  'Runtime.getRuntime().exec(',
  C`
public class Pinger {
    private static final Pattern HOST = Pattern.compile("[a-z0-9.-]+");

    public void ping(HttpServletRequest req) throws IOException {
        String host = req.getParameter("host");
        if (HOST.matcher(host).matches()) {
            log.info("pinging {}", host);
        } else {
            log.warn("suspicious host {}", host);
        }
        Runtime.getRuntime().exec(new String[] {"sh", "-c", "ping -c 1 " + host});
    }
}
`,
);

add(
  'command-injection',
  'app/tasks.py',
  'cmd (Python): shell=True with a one-element list built by concatenation',
  'subprocess.run(',
  C`
import subprocess

@app.route("/ls")
def ls():
    path = request.args.get("path", ".")
    out = subprocess.run(["ls -l " + path], shell=True, capture_output=True)
    return out.stdout
`,
);

add(
  'command-injection',
  'app/tasks.py',
  'cmd (Python): shlex.split of a concatenation lets --upload-pack in',
  'subprocess.check_call(',
  C`
import shlex
import subprocess

@app.route("/clone", methods=["POST"])
def clone():
    repo = request.form["repo"]
    subprocess.check_call(shlex.split("git clone " + repo + " /srv/repos/tmp"))
    return "ok"
`,
);

add(
  'command-injection',
  'app/tasks.py',
  'cmd (Python): shlex.quote on the source, the options raw',
  'os.system(',
  C`
import os
import shlex

@app.route("/transcode", methods=["POST"])
def transcode():
    src = shlex.quote(request.form["src"])
    opts = request.form.get("opts", "")
    os.system("ffmpeg -i " + src + " " + opts + " /tmp/out.mp4")
    return "queued"
`,
);

add(
  'command-injection',
  'app/tasks.py',
  'cmd (Python): int() in a try whose except passes, the raw port runs',
  'subprocess.check_output(',
  C`
import subprocess

@app.route("/probe")
def probe():
    port = request.args.get("port", "22")
    try:
        int(port)
    except ValueError:
        pass
    return subprocess.check_output("nc -z localhost " + port, shell=True)
`,
);

add(
  'command-injection',
  'app/tasks.py',
  'cmd (Python): the check helper raises in try, the except only logs',
  'os.popen(',
  C`
import os
import re

def check(host):
    if not re.fullmatch(r"[\w.-]+", host):
        raise ValueError("bad host")

@app.route("/ping")
def ping():
    host = request.args["host"]
    try:
        check(host)
    except ValueError as e:
        app.logger.warning(str(e))
    return os.popen("ping -c 1 " + host).read()
`,
);

add(
  'command-injection',
  'lib/git.js',
  'cmd: the check runs in try, the command in finally (runs after the throw)',
  'execSync(',
  C`
const { execSync } = require('child_process');

exports.checkout = (req, res) => {
  const ref = req.query.ref;
  try {
    if (!/^[\w.\/-]+$/.test(ref)) throw new Error('bad ref');
  } finally {
    execSync('git checkout ' + ref, { cwd: '/srv/repo' });
  }
  res.end();
};
`,
);

add(
  'command-injection',
  'lib/ping.js',
  'cmd: the anchored check is in an if whose else falls through',
  'exec(',
  C`
const { exec } = require('child_process');

module.exports = function ping(req, res) {
  const host = req.query.host;
  if (/^[\w.-]+$/.test(host)) {
    console.log('pinging', host);
  } else {
    res.status(400).send('bad host');
  }
  exec('ping -c 1 ' + host, (err, stdout) => res.end(stdout));
};
`,
);

add(
  'command-injection',
  'lib/tar.js',
  'cmd: the forEach callback returns on a bad name, the command still runs',
  'execSync(',
  C`
const { execSync } = require('child_process');

module.exports = function pack(req, res) {
  const files = [].concat(req.body.files);
  files.forEach((f) => {
    if (!/^[\w.-]+$/.test(f)) return;
  });
  execSync('tar czf /tmp/out.tgz ' + files.join(' '));
  res.download('/tmp/out.tgz');
};
`,
);

add(
  'command-injection',
  'lib/probe.js',
  'cmd: isNaN(parseInt(port)) passes "22; id", the raw port runs',
  'exec(',
  C`
const cp = require('child_process');

exports.probe = (req, res) => {
  const { port } = req.query;
  if (Number.isNaN(parseInt(port, 10))) return res.status(400).end();
  cp.exec(¬nc -z 127.0.0.1 @{port}¬, (err) => res.json({ open: !err }));
};
`,
);

add(
  'command-injection',
  'lib/probe.js',
  'cmd: a validator throws in try, the catch only logs',
  'exec(',
  T`
const { exec } = require('child_process');

function assertHost(host) {
  if (!/^[a-z0-9.-]+$/i.test(host)) throw new TypeError('invalid host');
}

module.exports = function (req, res) {
  var host = req.query.host;
  try {
    assertHost(host);
  } catch (e) {
    console.warn(e.message);
  }
  exec('dig +short ' + host, function (err, out) {
    res.send(out);
  });
};
`,
);

add(
  'command-injection',
  'lib/ping.js',
  'cmd: the host is one element of an array, another is run',
  'exec(',
  C`
const { exec } = require('child_process');

module.exports = (req, res) => {
  const [host, count] = String(req.query.target).split(':');
  if (!/^[\w.-]+$/.test(host)) return res.sendStatus(400);
  exec(¬ping -c @{count} @{host}¬, (e, out) => res.send(out));
};
`,
);

add(
  'command-injection',
  'lib/ping.js',
  'cmd: spread puts the raw host over the validated one',
  'exec(',
  C`
const { exec } = require('child_process');

module.exports = (req, res) => {
  const host = /^[\w.-]+$/.test(req.query.host) ? req.query.host : 'localhost';
  const opts = { host, count: 1, ...req.query };
  exec(¬ping -c @{opts.count} @{opts.host}¬, (e, out) => res.send(out));
};
`,
);

// ---------------------------------------------------------------- a few more in round 1's classes

add(
  'prototype-pollution',
  'lib/set.js',
  'pp: __proto__ removed once with a global replace (__pro__proto__to__)',
  'obj[last] = value',
  C`
module.exports = function set(obj, path, value) {
  const keys = path.replace(/__proto__/g, '').split('.');
  const last = keys.pop();
  for (const k of keys) {
    if (typeof obj[k] !== 'object') obj[k] = {};
    obj = obj[k];
  }
  obj[last] = value;
  return obj;
};
`,
);

add(
  'deserialization',
  'app/api.py',
  'deser (Python): jsonpickle.decode of the request body',
  'jsonpickle.decode(',
  C`
import jsonpickle

@app.route("/import", methods=["POST"])
def import_state():
    state = jsonpickle.decode(request.get_data(as_text=True))
    return jsonify(ok=True, kind=type(state).__name__)
`,
);

add(
  'deserialization',
  'app/api.py',
  'deser (Python): the YAML Loader is looked up by a name from the request',
  'yaml.load(',
  C`
import yaml

@app.route("/config", methods=["POST"])
def config():
    loader = getattr(yaml, request.args.get("loader", "SafeLoader"))
    data = yaml.load(request.data, Loader=loader)
    return jsonify(data)
`,
);

add(
  'deserialization',
  'app/api.py',
  'deser (Python): the HMAC comparison only logs a mismatch',
  'pickle.loads(',
  C`
import base64, hmac, hashlib, pickle

@app.route("/session")
def session_view():
    raw = base64.b64decode(request.cookies["session"])
    sig, payload = raw[:32], raw[32:]
    if not hmac.compare_digest(sig, hmac.new(KEY, payload, hashlib.sha256).digest()):
        app.logger.warning("bad session signature")
    data = pickle.loads(payload)
    return jsonify(data)
`,
);

add(
  'path-traversal',
  'lib/files.js',
  'path: normalize + leading ../ cut, then path.resolve (an absolute name wins)',
  'fs.readFile(',
  C`
const fs = require('fs');
const path = require('path');
const ROOT = '/srv/files';

exports.read = (req, res) => {
  const clean = path.normalize(req.query.name).replace(/^(\.\.(\/|\\|$))+/, '');
  fs.readFile(path.resolve(ROOT, clean), (err, data) => res.send(data));
};
`,
);

add(
  'path-traversal',
  'app/files.py',
  'path (Python): secure_filename in an except branch only',
  'open(',
  C`
import os
from werkzeug.utils import secure_filename

@app.route("/read")
def read():
    name = request.args["name"]
    try:
        name.encode("ascii")
    except UnicodeEncodeError:
        name = secure_filename(name)
    with open(os.path.join("/srv/files", name)) as f:
        return f.read()
`,
);

add(
  'path-traversal',
  'app/files.py',
  'path (Python): the name is made numeric in a try whose except falls through',
  'open(',
  C`
import os

@app.route("/page")
def page():
    name = request.args["page"]
    try:
        name = "%03d.html" % int(name)
    except ValueError:
        app.logger.info("named page %s", name)
    return open(os.path.join(PAGES, name)).read()
`,
);

// ---------------------------------------------------------------- found while probing: more shapes

add(
  'nosql-injection',
  'routes/auth.js',
  'nosql: a login with collection.find({ username, password }) of a JSON body',
  '.find({ username',
  C`
router.post('/login', async (req, res) => {
  const users = await db.collection('users').find({ username: req.body.username, password: req.body.password }).toArray();
  if (users.length === 0) return res.sendStatus(401);
  req.session.user = users[0]._id;
  res.json({ ok: true });
});
`,
);

add(
  'nosql-injection',
  'routes/users.js',
  'nosql: Model.find with a $where string built from the query',
  'Item.find(',
  C`
router.get('/items', async (req, res) => {
  const items = await Item.find({ $where: "this.owner == '" + req.query.owner + "'" });
  res.json(items);
});
`,
);

add(
  'nosql-injection',
  'routes/users.js',
  'nosql: Model.find({ field: req.body.x }) lets an operator object through',
  'User.find(',
  C`
router.post('/reset', async (req, res) => {
  const users = await User.find({ resetToken: req.body.token });
  if (!users.length) return res.sendStatus(404);
  await users[0].updateOne({ password: await hash(req.body.password), resetToken: null });
  res.sendStatus(204);
});
`,
);

add(
  'nosql-injection',
  'app/views.py',
  'nosql (pymongo): find with a $where string built from the request',
  '.find(',
  C`
@app.route("/items")
def items():
    owner = request.args["owner"]
    docs = db.items.find({"$where": "this.owner == '" + owner + "'"})
    return jsonify([d["name"] for d in docs])
`,
);

add(
  'sql-injection',
  'lib/sort.js',
  'sql: a Map built from the request body’s entries is not a constant map',
  'db.query(',
  C`
exports.list = (req, res) => {
  const params = new Map(Object.entries(req.body));
  const sort = params.get('sort') || 'id';
  db.query('SELECT * FROM items ORDER BY ' + sort, (err, rows) => res.json(rows));
};
`,
);

add(
  'sql-injection',
  'app/views.py',
  'sql (Python): dict.get with the request value as its default, inline',
  'cur.execute(',
  C`
@app.route("/posts")
def posts():
    sort = request.args.get("sort", "id")
    allowed = {"id": "id", "new": "created_at"}
    cur = db.cursor()
    cur.execute("SELECT * FROM posts ORDER BY %s" % allowed.get(sort, sort))
    return jsonify(cur.fetchall())
`,
);

add(
  'xss',
  'routes/index.js',
  'xss: escapeHtml of a value placed unquoted in a script block',
  'res.send(',
  C`
const escapeHtml = require('escape-html');

router.get('/page', (req, res) => {
  res.send('<script>var page = ' + escapeHtml(req.query.page) + ';</script>');
});
`,
);

add(
  'xss',
  'app/views.py',
  'xss (Python): html.escape of a value placed unquoted in a script block',
  'make_response(',
  C`
from html import escape

@app.route("/page")
def page():
    page = request.args.get("page", "1")
    return make_response(f"<script>var page = {escape(page)};</script>")
`,
);

add(
  'xss',
  'src/main/java/org/acme/GoServlet.java',
  'xss (Java): Encode.forHtml in an onclick handler (entities decode before the script runs)',
  'out.println(',
  C`
public class GoServlet extends HttpServlet {
    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        PrintWriter out = response.getWriter();
        out.println("<button onclick=\"go('" + Encode.forHtml(request.getParameter("next")) + "')\">Go</button>");
    }
}
`,
);

add(
  'xss',
  'routes/profile.js',
  'xss: an anchored URL-character allow-list before an href (javascript:alert%281%29)',
  'res.send(',
  C`
router.get('/profile', (req, res) => {
  const site = req.query.website;
  if (!/^[\w:\/.\-?=%#]+$/.test(site)) return res.status(400).end();
  res.send('<a href="' + site + '">website</a>');
});
`,
);

add(
  'open-redirect',
  'routes/auth.js',
  'redirect: an anchored pattern whose host part takes any host',
  'res.redirect(url)',
  C`
router.get('/out', (req, res) => {
  const url = req.query.url;
  if (!/^https?:\/\/[\w.-]+\/?$/.test(url)) return res.redirect('/');
  res.redirect(url);
});
`,
);

add(
  'ssrf',
  'routes/proxy.js',
  'ssrf: an anchored pattern whose host part takes any host (169.254.169.254)',
  'axios.get(',
  C`
router.get('/preview', async (req, res) => {
  const url = req.query.url;
  if (!/^https?:\/\/[\w.-]+\/[\w\/.-]*$/.test(url)) return res.status(400).send('invalid url');
  const { data } = await axios.get(url);
  res.send(data);
});
`,
);

add(
  'command-injection',
  'app/tasks.py',
  'cmd (Python): the check raises inside contextlib.suppress',
  'os.system(',
  C`
import contextlib
import os
import re


def check_host(host):
    if not re.fullmatch(r"[\w.-]+", host):
        raise ValueError(host)


@app.route("/ping")
def ping():
    host = request.args["host"]
    with contextlib.suppress(ValueError):
        check_host(host)
    os.system("ping -c 1 " + host)
    return "ok"
`,
);

add(
  'command-injection',
  'app/tasks.py',
  'cmd (Python): the check raises in try, the command runs in finally',
  'os.system(',
  C`
import os
import re

@app.route("/ping")
def ping():
    host = request.args["host"]
    try:
        if not re.fullmatch(r"[\w.-]+", host):
            raise ValueError(host)
    finally:
        os.system("ping -c 1 " + host)
    return "ok"
`,
);

add(
  'sql-injection',
  'lib/sort.js',
  'sql: a Map of literal entries whose value is the request’s',
  'db.query(',
  C`
exports.list = (req, res) => {
  const opts = new Map([
    ['sort', req.query.sort || 'id'],
    ['dir', 'ASC'],
  ]);
  db.query('SELECT * FROM items ORDER BY ' + opts.get('sort') + ' ' + opts.get('dir'), (e, rows) => res.json(rows));
};
`,
);

add(
  'sql-injection',
  'lib/sort.js',
  'sql: a Map built from an array of pairs in the body',
  'db.query(',
  C`
exports.list = (req, res) => {
  const opts = new Map(req.body.options);
  db.query('SELECT * FROM items ORDER BY ' + opts.get('sort'), (e, rows) => res.json(rows));
};
`,
);

add(
  'sql-injection',
  'lib/people.js',
  'sql: validator isAlphanumeric with an ignore option that keeps the quote and blank',
  'db.query(',
  C`
const validator = require('validator');

exports.byName = (req, res) => {
  const name = req.query.name;
  // allow names like "O'Brien" and "Smith-Jones"
  if (!validator.isAlphanumeric(name, 'en-US', { ignore: " '-" })) return res.sendStatus(400);
  db.query("SELECT * FROM people WHERE last_name = '" + name + "'", (e, rows) => res.json(rows));
};
`,
);

add(
  'sql-injection',
  'lib/people.js',
  'sql: validator isAlpha (destructured) with an ignore option that keeps the quote and blank',
  'db.query(',
  C`
const { isAlpha } = require('validator');

exports.byName = (req, res) => {
  const name = req.query.name;
  if (!isAlpha(name, 'en-US', { ignore: " '" })) return res.sendStatus(400);
  db.query("SELECT * FROM people WHERE last_name = '" + name + "'", (e, rows) => res.json(rows));
};
`,
);

add(
  'sql-injection',
  'lib/keys.js',
  'sql (mysqljs): escapeId puts an identifier where a value goes (api_key = `api_key`)',
  'connection.query(',
  C`
exports.auth = (req, res, next) => {
  const key = req.get('x-api-key');
  connection.query('SELECT * FROM clients WHERE api_key = ' + connection.escapeId(key), (err, rows) => {
    if (err || rows.length === 0) return res.sendStatus(401);
    req.client = rows[0];
    next();
  });
};
`,
);

add(
  'sql-injection',
  'app/auth.py',
  'sql (Python): sql.Identifier puts an identifier where a value goes (token = "token")',
  'cur.execute(',
  C`
from psycopg2 import sql

@app.route("/reset", methods=["POST"])
def reset():
    token = request.form["token"]
    cur = conn.cursor()
    cur.execute(sql.SQL("SELECT id FROM users WHERE reset_token = {}").format(sql.Identifier(token)))
    return jsonify(cur.fetchone())
`,
);

add(
  'sql-injection',
  'lib/search.js',
  'sql (mysqljs): the escaped value is URL-decoded after escaping (%27)',
  'connection.query(',
  C`
exports.search = (req, res) => {
  const term = decodeURIComponent(connection.escape(req.query.q));
  connection.query('SELECT * FROM items WHERE name = ' + term, (e, rows) => res.json(rows));
};
`,
);

add(
  'command-injection',
  'app/tasks.py',
  'cmd (Python): shlex.quote, then unquote of %27 reopens the quotes',
  'os.system(',
  C`
import os
import shlex
from urllib.parse import unquote

@app.route("/convert")
def convert():
    name = unquote(shlex.quote(request.args["name"]))
    os.system("convert " + name + " /tmp/out.png")
    return "ok"
`,
);

add(
  'path-traversal',
  'lib/static.js',
  'path: basename of the raw url, then URL-decoded (..%2F..%2Fetc%2Fpasswd)',
  'fs.createReadStream(',
  C`
const fs = require('fs');
const path = require('path');

module.exports = function serve(req, res) {
  const file = decodeURIComponent(path.basename(req.url));
  fs.createReadStream(path.join(__dirname, 'public', file)).pipe(res);
};
`,
);

add(
  'xss',
  'routes/bio.js',
  'xss: escapeHtml, then decodeURIComponent turns %3C back into <',
  'res.send(',
  C`
const escapeHtml = require('escape-html');

router.get('/bio', (req, res) => {
  const bio = decodeURIComponent(escapeHtml(req.query.bio));
  res.send('<div class="bio">' + bio + '</div>');
});
`,
);

add(
  'xss',
  'public/search.js',
  'xss (browser): DOMPurify output URL-decoded before innerHTML',
  '.innerHTML =',
  C`
const q = new URLSearchParams(location.search).get('q') || '';
const safe = DOMPurify.sanitize(q);
document.getElementById('out').innerHTML = decodeURIComponent(safe);
`,
);

add(
  'xss',
  'app/views.py',
  'xss (Python): html.escape, then html.unescape before the response',
  'make_response(',
  C`
from html import escape, unescape

@app.route("/bio")
def bio():
    text = unescape(escape(request.args.get("bio", "")))
    return make_response("<div>" + text + "</div>")
`,
);

add(
  'xss',
  'routes/bio.js',
  'xss: sanitize-html configured to keep onclick',
  'res.send(',
  C`
const sanitizeHtml = require('sanitize-html');

router.get('/bio', (req, res) => {
  const bio = sanitizeHtml(req.query.bio, {
    allowedTags: ['a', 'b', 'i'],
    allowedAttributes: { a: ['href', 'onclick'] },
  });
  res.send('<div>' + bio + '</div>');
});
`,
);

add(
  'sql-injection',
  'app/views.py',
  'sql (Flask): a view parameter annotated int is still the route’s string',
  'cur.execute(',
  C`
@app.route("/users/<uid>")
def user(uid: int):
    cur = db.cursor()
    cur.execute(f"SELECT * FROM users WHERE id = {uid}")
    return jsonify(cur.fetchone())
`,
);

add(
  'sql-injection',
  'src/users.ts',
  'sql (TS): an angle-bracket type assertion <number> does not convert',
  'pool.query(',
  C`
app.get('/users', async (req, res) => {
  const id = <number>(<unknown>req.query.id);
  const { rows } = await pool.query(¬SELECT * FROM users WHERE id = @{id}¬);
  res.json(rows);
});
`,
);

add(
  'xss',
  'app/views.py',
  'xss (Python): html.escape before render_template_string leaves {{ }} (template injection)',
  'render_template_string(',
  C`
import html

@app.route("/hello")
def hello():
    name = html.escape(request.args.get("name", "world"))
    return render_template_string(f"<h1>Hello {name}</h1>")
`,
);

add(
  'command-injection',
  'lib/ping.js',
  'cmd: Array.prototype.find returns an element of the request’s list, not a number',
  'exec(',
  C`
const { exec } = require('child_process');

router.get('/ping', (req, res) => {
  const host = String(req.query.hosts).split(',').find((h) => h.length > 0);
  exec('ping -c 1 ' + host, (err, out) => res.send(out));
});
`,
);

add(
  'sql-injection',
  'lib/sort.js',
  'sql: [].concat(...).find(Boolean) returns the requested sort',
  'db.query(',
  C`
exports.list = (req, res) => {
  const sort = [].concat(req.query.sort).find(Boolean) || 'id';
  db.query('SELECT * FROM items ORDER BY ' + sort, (e, rows) => res.json(rows));
};
`,
);

// ---------------------------------------------------------------- the tests

/**
 * Readings still unsound (found by this review, not fixed): each runs as `it.fails`, so fixing
 * one makes its test fail until it moves to its class's describe. Why each is left:
 * - HTML escaping in a context read only from a constant prefix of the same string (an escaped
 *   value after `'<a href="' + …` or in an f-string is caught; one given to format_html, a
 *   template rendered again, an event handler built elsewhere, `html.escape(quote=False)` in
 *   single quotes are not), and a sanitizer's own options (sanitize-html keeping onclick);
 * - SQL escaping in a context it does not fit (mysqljs escape() of an object, escapeId where a
 *   value goes, escape_string unquoted, pg-format's raw %s).
 */
const UNSOUND = new Set<string>([
  'sql (mysqljs): escape() of an object from a JSON body gives `col` = 1',
  'sql: pg-format with %s (raw) instead of %L',
  'sql (Python): escape_string in an unquoted numeric context',
  'xss (Python): html.escape(quote=False) inside a quoted attribute',
  'xss (Django): format_html puts a request URL in an href',
  'xss (Go): html.EscapeString in an href (javascript:)',
  'xss (Java): Encode.forHtml in an onclick handler (entities decode before the script runs)',
  'sql (mysqljs): escapeId puts an identifier where a value goes (api_key = `api_key`)',
  'xss: sanitize-html configured to keep onclick',
  'xss (Python): html.escape before render_template_string leaves {{ }} (template injection)',
]);

const groups: [string, string[]][] = [
  ['SQL injection: near misses of binding, escaping and numeric checks', ['sql-injection']],
  ['NoSQL injection: near misses of type checks and operators', ['nosql-injection']],
  ['code injection: near misses of allow-lists and sandboxes', ['code-injection']],
  ['XSS: escaping in the wrong context or on a copy', ['xss']],
  ['SSRF and open redirect: prefix and substring checks', ['ssrf', 'open-redirect']],
  ['command injection: Go, Java, Python and control-flow near misses', ['command-injection']],
  ['round 1 classes: new shapes', ['prototype-pollution', 'deserialization', 'path-traversal']],
];

for (const [title, classes] of groups) {
  describe(title, () => {
    for (const c of cases.filter((x) => classes.includes(x.cls) && !UNSOUND.has(x.name)))
      it(c.name, () => reached(c));
  });
}

// Safe counterparts the engine means to accept (they must stay 'no-source' whatever the fix).
describe('safe counterparts that stay no-source', () => {
  const safe = (cls: string, uri: string, marker: string, lines: string[]) =>
    expect(flowAt(cls, lines, marker, uri).outcome).toBe('no-source');

  it('escapeHtml of a value placed in element text', () =>
    safe(
      'xss',
      'routes/index.js',
      'res.send(',
      C`
const escapeHtml = require('escape-html');

router.get('/hello', (req, res) => {
  res.send('<h1>Hello ' + escapeHtml(req.query.name) + '</h1>');
});
`,
    ));

  it('a dict lookup whose default is a constant', () =>
    safe(
      'sql-injection',
      'app/views.py',
      'cur.execute(',
      C`
SORTS = {"new": "created DESC", "old": "created ASC"}

@app.route("/posts")
def posts():
    order_by = SORTS.get(request.args.get("sort"), "created DESC")
    cur = db.cursor()
    cur.execute("SELECT * FROM posts ORDER BY " + order_by)
    return jsonify(cur.fetchall())
`,
    ));

  it('the value bound as a driver parameter', () =>
    safe(
      'sql-injection',
      'app/views.py',
      'cur.execute(',
      C`
@app.route("/users")
def users():
    name = request.args.get("name", "")
    cur = db.cursor()
    cur.execute("SELECT * FROM users WHERE name = %s", (name,))
    return jsonify(cur.fetchall())
`,
    ));

  it('an anchored allow-list before a command, checked with an early return', () =>
    safe(
      'command-injection',
      'lib/ping.js',
      'exec(',
      C`
const { exec } = require('child_process');

module.exports = function ping(req, res) {
  const host = req.query.host;
  if (!/^[\w.-]+$/.test(host)) return res.status(400).send('bad host');
  exec('ping -c 1 ' + host, (err, stdout) => res.end(stdout));
};
`,
    ));
});

describe('known unsound readings (limits: these still read as safe)', () => {
  for (const c of cases.filter((x) => UNSOUND.has(x.name))) it.fails(c.name, () => reached(c));
});

it('every unsound reading names a case', () => {
  const names = new Set(cases.map((c) => c.name));
  expect([...UNSOUND].filter((n) => !names.has(n))).toEqual([]);
});

it('every case name is unique', () => {
  expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
});

it('every case belongs to a group', () => {
  const all = new Set(groups.flatMap(([, cls]) => cls));
  expect(cases.filter((c) => !all.has(c.cls)).map((c) => c.name)).toEqual([]);
});
