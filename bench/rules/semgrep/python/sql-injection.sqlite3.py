import sqlite3
import uuid

from flask import request
from sqlalchemy import text

TABLES = {"books", "authors"}


def connect(path):
    conn = sqlite3.connect(path)
    # ok: python.lang.security.audit.sqli.sqlite3-sqli.sqlite3-sqli
    conn.executescript("CREATE TABLE IF NOT EXISTS books (id INTEGER, title TEXT)")
    return conn


def query(conn, sql, params=(), one=False):
    # ok: python.lang.security.audit.sqli.sqlite3-sqli.sqlite3-sqli
    rows = conn.execute(sql, params).fetchall()
    return rows[0] if one else rows


def search(conn, term):
    return conn.execute(
        # ruleid: python.lang.security.audit.sqli.sqlite3-sqli.sqlite3-sqli
        f"SELECT id, title FROM books WHERE title LIKE '%{term}%'"
    ).fetchall()


def by_author(conn, author):
    sql = "SELECT id FROM books WHERE author = '" + author + "'"
    # ruleid: python.lang.security.audit.sqli.sqlite3-sqli.sqlite3-sqli
    return conn.execute(sql).fetchall()


def add(conn, title):
    cur = conn.cursor()
    # ruleid: python.lang.security.audit.sqli.sqlite3-sqli.sqlite3-sqli
    cur.execute("INSERT INTO books (title) VALUES ('{}')".format(title))


def from_request(conn):
    name = request.args.get("name", "")
    # ruleid: python.lang.security.audit.sqli.sqlite3-sqli.sqlite3-sqli
    return conn.execute("SELECT * FROM authors WHERE name = '%s'" % name).fetchall()


def safe_forms(conn, title, limit, table, book_id):
    # ok: python.lang.security.audit.sqli.sqlite3-sqli.sqlite3-sqli
    conn.execute("SELECT id FROM books WHERE title = ?", (title,))
    # ok: python.lang.security.audit.sqli.sqlite3-sqli.sqlite3-sqli
    conn.execute(f"SELECT id FROM books ORDER BY id LIMIT {int(limit)}")
    # ok: python.lang.security.audit.sqli.sqlite3-sqli.sqlite3-sqli
    conn.execute(f"SELECT id FROM books LIMIT {int(request.args.get('n', '10'))}")
    # ok: python.lang.security.audit.sqli.sqlite3-sqli.sqlite3-sqli
    conn.execute(f"SELECT id FROM books WHERE id = '{uuid.UUID(book_id)}'")
    if table not in TABLES:
        raise ValueError(table)
    # ok: python.lang.security.audit.sqli.sqlite3-sqli.sqlite3-sqli
    return conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()


def count_for(conn, author):
    # ruleid: python.lang.security.audit.sqli.sqlite3-sqli.sqlite3-sqli
    return int(conn.execute(f"SELECT COUNT(*) FROM books WHERE author = '{author}'").fetchone()[0])


def via_helper(conn, book_id, author):
    # ruleid: python_sql_rule-hardcoded-sql-expression
    one = query(conn, "SELECT * FROM books WHERE id = %s" % book_id, one=True)
    # ruleid: python_sql_rule-hardcoded-sql-expression
    rows = conn.session.execute(text(f"SELECT id FROM books WHERE author = '{author}'"))
    # ok: python_sql_rule-hardcoded-sql-expression
    fine = query(conn, "SELECT * FROM books WHERE id = ?", (book_id,))
    # ok: python_sql_rule-hardcoded-sql-expression
    print(f"looked up {author}")
    # ok: python_sql_rule-hardcoded-sql-expression
    conn.execute(f"SELECT * FROM books WHERE id = {int(book_id)}")
    return one, rows, fine
