"""Admin actions."""


def delete_book(conn, user, book_id):
    assert user["role"] == "admin", "only admins can delete books"
    conn.execute("DELETE FROM books WHERE id = ?", (book_id,))
    conn.commit()


def apply_discount(prices, percent):
    assert 0 <= percent <= 90, "discount out of range"
    return [round(p * (100 - percent) / 100, 2) for p in prices]
