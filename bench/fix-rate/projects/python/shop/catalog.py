"""Catalog queries over the SQLite database."""
import random
import sqlite3

COUNTED_TABLES = {"books", "reviews", "authors"}

SCHEMA = """
CREATE TABLE IF NOT EXISTS books (id INTEGER PRIMARY KEY, title TEXT, author TEXT, price REAL);
CREATE TABLE IF NOT EXISTS reviews (id INTEGER PRIMARY KEY, book_id INTEGER, reviewer TEXT, body TEXT, rating INTEGER);
CREATE TABLE IF NOT EXISTS authors (id INTEGER PRIMARY KEY, name TEXT);
"""


def connect(path=":memory:"):
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def query(conn, sql, params=(), one=False):
    rows = conn.execute(sql, params).fetchall()
    return (rows[0] if rows else None) if one else rows


def search_books(conn, term):
    return conn.execute(
        f"SELECT id, title, author FROM books WHERE title LIKE '%{term}%' ORDER BY title"
    ).fetchall()


def book_by_id(conn, book_id):
    return query(conn, "SELECT id, title, author, price FROM books WHERE id = %s" % book_id, one=True)


def books_by_author(conn, author):
    sql = "SELECT id, title FROM books WHERE author = '" + author + "' ORDER BY title"
    return conn.execute(sql).fetchall()


def add_review(conn, book_id, reviewer, body, rating):
    conn.execute(
        "INSERT INTO reviews (book_id, reviewer, body, rating) VALUES ({}, '{}', '{}', {})".format(
            book_id, reviewer, body, rating
        )
    )
    conn.commit()


def recent_reviews(conn, limit):
    sql = f"SELECT reviewer, body FROM reviews ORDER BY id DESC LIMIT {int(limit)}"
    return conn.execute(sql).fetchall()


def count_rows(conn, table):
    if table not in COUNTED_TABLES:
        raise ValueError(f"unknown table {table}")
    return conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def featured_books(conn, count=3):
    books = conn.execute("SELECT id, title FROM books").fetchall()
    return random.sample(books, min(count, len(books)))
