import unittest

from shop import admin, catalog


class AdminTest(unittest.TestCase):
    def setUp(self):
        self.conn = catalog.connect()
        self.conn.execute("INSERT INTO books (id, title) VALUES (1, 'Dune')")

    def test_admins_delete_books(self):
        admin.delete_book(self.conn, {"role": "admin"}, 1)
        self.assertEqual(catalog.count_rows(self.conn, "books"), 0)

    def test_others_cannot(self):
        with self.assertRaises(AssertionError):
            admin.delete_book(self.conn, {"role": "reader"}, 1)
        self.assertEqual(catalog.count_rows(self.conn, "books"), 1)

    def test_discounts(self):
        self.assertEqual(admin.apply_discount([10.0, 3.5], 20), [8.0, 2.8])


if __name__ == "__main__":
    unittest.main()
