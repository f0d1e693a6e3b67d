import unittest

from shop import preferences


class PreferencesTest(unittest.TestCase):
    def test_round_trip(self):
        cookie = preferences.encode_preferences({"theme": "dark", "page_size": "50"})
        self.assertEqual(preferences.decode_preferences(cookie), {"theme": "dark", "page_size": 50})

    def test_missing_or_garbled_cookies_give_the_defaults(self):
        self.assertEqual(preferences.decode_preferences(None), preferences.DEFAULTS)
        self.assertEqual(preferences.decode_preferences("bm90IGEgY29va2ll"), preferences.DEFAULTS)


if __name__ == "__main__":
    unittest.main()
