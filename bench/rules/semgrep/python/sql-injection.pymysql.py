import pymysql
from fastapi import FastAPI

app = FastAPI()


@app.get("/products")
def products(category: str):
    conn = pymysql.connect(host="db", user="shop")
    with conn.cursor() as cursor:
        # ruleid: python.lang.security.audit.formatted-sql-query.formatted-sql-query
        cursor.execute("SELECT id, name FROM products WHERE category = '{}'".format(category))
        return cursor.fetchall()


class ProductRepository:
    def __init__(self, conn):
        self.conn = conn

    def rename(self, product_id, name):
        query = "UPDATE products SET name = '" + name + "' WHERE id = " + str(product_id)
        with self.conn.cursor() as cursor:
            # ruleid: python.lang.security.audit.formatted-sql-query.formatted-sql-query
            cursor.execute(query)

    def find(self, product_id):
        with self.conn.cursor() as cursor:
            # ok: python.lang.security.audit.formatted-sql-query.formatted-sql-query
            cursor.execute("SELECT * FROM products WHERE id = %s", (product_id,))
            return cursor.fetchone()

    def count(self):
        table = "products"
        with self.conn.cursor() as cursor:
            # ok: python.lang.security.audit.formatted-sql-query.formatted-sql-query
            cursor.execute(f"SELECT COUNT(*) FROM {table}")
            return cursor.fetchone()
