import unittest

from shop import catalog


class CatalogTest(unittest.TestCase):
    def setUp(self):
        self.conn = catalog.connect()
        self.conn.executemany(
            "INSERT INTO books (id, title, author, price) VALUES (?, ?, ?, ?)",
            [
                (1, "Dune", "Frank Herbert", 9.5),
                (2, "Dune Messiah", "Frank Herbert", 8.0),
                (3, "Emma", "Jane Austen", 6.25),
            ],
        )

    def test_search_matches_titles_containing_the_term(self):
        titles = [row["title"] for row in catalog.search_books(self.conn, "Dune")]
        self.assertEqual(titles, ["Dune", "Dune Messiah"])

    def test_search_without_match_is_empty(self):
        self.assertEqual(catalog.search_books(self.conn, "Ulysses"), [])

    def test_book_by_id(self):
        self.assertEqual(catalog.book_by_id(self.conn, 3)["title"], "Emma")
        self.assertEqual(catalog.book_by_id(self.conn, "2")["title"], "Dune Messiah")
        self.assertIsNone(catalog.book_by_id(self.conn, 42))

    def test_books_by_author(self):
        rows = catalog.books_by_author(self.conn, "Frank Herbert")
        self.assertEqual([row["id"] for row in rows], [1, 2])

    def test_reviews_are_stored_and_listed_newest_first(self):
        catalog.add_review(self.conn, 1, "ana", "Spice!", 5)
        catalog.add_review(self.conn, 3, "bo", "Witty", 4)
        reviews = catalog.recent_reviews(self.conn, 1)
        self.assertEqual([(r["reviewer"], r["body"]) for r in reviews], [("bo", "Witty")])
        self.assertEqual(catalog.count_rows(self.conn, "reviews"), 2)

    def test_count_rows_refuses_unknown_tables(self):
        with self.assertRaises(ValueError):
            catalog.count_rows(self.conn, "sqlite_master")

    def test_featured_books_are_distinct_books(self):
        featured = catalog.featured_books(self.conn, 2)
        self.assertEqual(len({row["id"] for row in featured}), 2)


if __name__ == "__main__":
    unittest.main()
