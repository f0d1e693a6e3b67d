"""Stock levels, read from the warehouse's PostgreSQL database."""


def stock_level(dsn, sku):
    import psycopg2

    with psycopg2.connect(dsn) as conn, conn.cursor() as cur:
        cur.execute("SELECT quantity FROM stock WHERE sku = '%s'" % sku)
        row = cur.fetchone()
        return row[0] if row else 0
