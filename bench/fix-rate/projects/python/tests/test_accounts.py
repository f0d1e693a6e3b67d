import string
import unittest

from shop import accounts, config


class AccountsTest(unittest.TestCase):
    def test_api_tokens_are_32_alphanumerics_and_differ(self):
        token = accounts.issue_api_token()
        self.assertEqual(len(token), 32)
        self.assertTrue(set(token) <= set(string.ascii_letters + string.digits))
        self.assertNotEqual(token, accounts.issue_api_token())

    def test_login_codes_have_six_digits_and_are_sent(self):
        sent = []
        user = {"phone": "+3312345678"}
        for _ in range(50):
            code = accounts.send_login_code(user, lambda phone, text: sent.append((phone, text)))
            self.assertTrue(100000 <= code <= 999999)
            self.assertEqual(user["login_code"], str(code))
        self.assertEqual(sent[-1], ("+3312345678", f"Your Shelf code is {code}"))

    def test_reset_tokens_are_32_hex_digits(self):
        token = accounts.new_password_reset_token()
        self.assertEqual(len(token), 32)
        int(token, 16)

    def test_temporary_passwords_have_the_requested_length(self):
        self.assertEqual(len(accounts.temporary_password()), 14)
        self.assertEqual(len(accounts.temporary_password(20)), 20)

    def test_password_hashes_are_stable(self):
        self.assertEqual(accounts.hash_password("pw", "salt"), accounts.hash_password("pw", "salt"))
        self.assertNotEqual(accounts.hash_password("pw", "salt"), accounts.hash_password("pw", "pepper"))

    def test_unsubscribe_links_verify(self):
        config.SECRET_KEY = "test-secret"
        signature = accounts.unsubscribe_signature("ana@example.com")
        self.assertTrue(accounts.verify_unsubscribe("ana@example.com", signature))
        self.assertFalse(accounts.verify_unsubscribe("bo@example.com", signature))

    def test_session_tokens_are_hex_and_differ(self):
        token = accounts.new_session_token()
        int(token, 16)
        self.assertNotEqual(token, accounts.new_session_token())


if __name__ == "__main__":
    unittest.main()
