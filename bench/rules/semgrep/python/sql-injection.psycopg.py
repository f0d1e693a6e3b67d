import psycopg2
from django.http import JsonResponse


def orders_for(conn, customer):
    with conn.cursor() as cur:
        # ruleid: python.lang.security.audit.sqli.psycopg-sqli.psycopg-sqli
        cur.execute(f"SELECT id, total FROM orders WHERE customer = '{customer}'")
        return cur.fetchall()


def order_view(request, conn):
    status = request.GET.get("status", "open")
    cur = conn.cursor()
    # ruleid: python.lang.security.audit.sqli.psycopg-sqli.psycopg-sqli
    cur.execute("SELECT id FROM orders WHERE status = '%s'" % status)
    return JsonResponse({"ids": [r[0] for r in cur.fetchall()]})


def safe(conn, customer, page):
    cur = conn.cursor()
    # ok: python.lang.security.audit.sqli.psycopg-sqli.psycopg-sqli
    cur.execute("SELECT id FROM orders WHERE customer = %s", (customer,))
    # ok: python.lang.security.audit.sqli.psycopg-sqli.psycopg-sqli
    cur.execute("SELECT id FROM orders OFFSET %d" % int(page))
    # ok: python.lang.security.audit.sqli.psycopg-sqli.psycopg-sqli
    cur.execute("SELECT id FROM orders WHERE customer = %(c)s", {"c": customer})
    return cur.fetchall()
