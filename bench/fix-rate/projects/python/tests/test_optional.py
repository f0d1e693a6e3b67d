"""Tests of the modules that need third-party packages; each skips when its package is missing."""
import importlib.util
import os
import tempfile
import unittest

from shop import config

HTTPS = "https://shelf.example"
HAS = {name: importlib.util.find_spec(name) is not None for name in ("yaml", "jwt", "flask", "requests")}


@unittest.skipUnless(HAS["yaml"], "PyYAML is not installed")
class ShippingTest(unittest.TestCase):
    def test_rules(self):
        from shop import shipping

        with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as fh:
            fh.write("- {country: FR, price: 4.5}\n- {country: DE, price: 5.0}\n")
        self.addCleanup(os.remove, fh.name)
        self.assertEqual(shipping.load_shipping_rules(fh.name), {"FR": 4.5, "DE": 5.0})


@unittest.skipUnless(HAS["jwt"], "PyJWT is not installed")
class TokensTest(unittest.TestCase):
    def test_round_trip(self):
        from shop import tokens

        config.JWT_SECRET = "test-jwt-secret"
        self.assertEqual(tokens.user_id_from(tokens.issue_access_token(42)), 42)


@unittest.skipUnless(HAS["flask"] and HAS["requests"], "Flask is not installed")
class WebTest(unittest.TestCase):
    def setUp(self):
        from shop import web

        self.client = web.create_app().test_client()

    def test_login_sets_a_session_cookie(self):
        response = self.client.post("/login", base_url=HTTPS)
        self.assertIn("shelf_session=", response.headers["Set-Cookie"])

    def test_preferences_round_trip(self):
        self.client.post("/preferences", data={"theme": "dark", "page_size": "30"}, base_url=HTTPS)
        preferences = self.client.get("/preferences", base_url=HTTPS).get_json()
        self.assertEqual(preferences, {"theme": "dark", "page_size": 30})


if __name__ == "__main__":
    unittest.main()
