import csv
import os
import unittest

from shop import exports


class ExportsTest(unittest.TestCase):
    def test_orders_csv(self):
        path = exports.export_orders_csv([{"id": 1, "total": "9.50"}, {"id": 2, "total": "3.00"}])
        self.addCleanup(os.remove, path)
        self.assertTrue(path.endswith(".csv"))
        self.assertTrue(os.path.basename(path).startswith("orders-"))
        with open(path, newline="") as fh:
            self.assertEqual(list(csv.reader(fh)), [["id", "total"], ["1", "9.50"], ["2", "3.00"]])


if __name__ == "__main__":
    unittest.main()
