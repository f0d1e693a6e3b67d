import unittest

from shop import feeds, sitemap

FEED = b"""<?xml version="1.0"?>
<feed>
  <book><isbn>9780441013593</isbn><title>Dune</title></book>
  <book><isbn>9780141439587</isbn><title>Emma</title></book>
</feed>"""


class FeedsTest(unittest.TestCase):
    def test_new_titles(self):
        self.assertEqual(
            feeds.parse_new_titles(FEED),
            [{"isbn": "9780441013593", "title": "Dune"}, {"isbn": "9780141439587", "title": "Emma"}],
        )

    def test_sitemap_round_trip(self):
        xml = sitemap.build_sitemap(["https://shelf.example/", "https://shelf.example/books"])
        self.assertEqual(sitemap.sitemap_urls(xml), ["https://shelf.example/", "https://shelf.example/books"])


if __name__ == "__main__":
    unittest.main()
