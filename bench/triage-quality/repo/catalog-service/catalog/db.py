import sqlite3

from flask import request

DATABASE = "/var/lib/catalog/catalog.db"
LIST_QUERY = "SELECT id, name, price FROM products ORDER BY name LIMIT 100"
SORT_COLUMNS = {"name", "price", "created_at"}


def connect():
    return sqlite3.connect(DATABASE)


def list_products():
    cur = connect().cursor()
    cur.execute(LIST_QUERY)
    return cur.fetchall()


def product_by_id():
    product_id = request.args.get("id")
    cur = connect().cursor()
    cur.execute("SELECT * FROM products WHERE id = %s" % product_id)
    return cur.fetchone()


def product_by_slug():
    slug = request.args.get("slug")
    cur = connect().cursor()
    cur.execute("SELECT * FROM products WHERE slug = ?", (slug,))
    return cur.fetchone()


def products_in_category():
    category = request.args["category"]
    query = f"SELECT * FROM products WHERE category = '{category}'"
    cur = connect().cursor()
    cur.execute(query)
    return cur.fetchall()


def products_cheaper_than():
    limit = int(request.args.get("max", "100"))
    cur = connect().cursor()
    cur.execute("SELECT * FROM products WHERE price < %d" % limit)
    return cur.fetchall()


def sorted_products():
    column = request.args.get("sort", "name")
    if column not in SORT_COLUMNS:
        raise ValueError("unknown sort column")
    cur = connect().cursor()
    cur.execute("SELECT * FROM products ORDER BY " + column)
    return cur.fetchall()


def search_products():
    term = request.args.get("q", "")
    cur = connect().cursor()
    cur.execute("SELECT * FROM products WHERE name LIKE '%{}%'".format(term))
    return cur.fetchall()


def archive_table(table_suffix):
    cur = connect().cursor()
    cur.execute("CREATE TABLE products_archive_" + table_suffix + " AS SELECT * FROM products")


def nightly_archive():
    archive_table("2024")


def delete_product(product_id):
    cur = connect().cursor()
    cur.execute("DELETE FROM products WHERE id = " + str(int(product_id)))
