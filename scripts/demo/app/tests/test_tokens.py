import unittest

from worker.tokens import ALPHABET, reset_token


class ResetTokenTest(unittest.TestCase):
    def test_when_a_token_is_made_then_it_has_the_length_asked_for(self):
        assert len(reset_token(32)) == 32

    def test_when_a_token_is_made_then_it_uses_the_alphabet_only(self):
        assert set(reset_token()) <= set(ALPHABET)


if __name__ == "__main__":
    unittest.main()
