import unittest

from shop import cache


class CacheTest(unittest.TestCase):
    def test_keys_are_stable_and_distinct(self):
        self.assertEqual(cache.cache_key("books", 1), cache.cache_key("books", 1))
        self.assertNotEqual(cache.cache_key("books", 1), cache.cache_key("books", 2))
        self.assertTrue(cache.cache_key("x").startswith("shelf:"))

    def test_rendering_happens_once(self):
        calls = []
        render = lambda page: calls.append(page) or f"<h1>{page}</h1>"
        self.assertEqual(cache.cached(render, "home"), "<h1>home</h1>")
        self.assertEqual(cache.cached(render, "home"), "<h1>home</h1>")
        self.assertEqual(calls, ["home"])


if __name__ == "__main__":
    unittest.main()
