import gzip
import os
import shutil
import tarfile
import tempfile
import unittest

from shop import ops


class OpsTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, self.dir)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        with open(path, "w") as fh:
            fh.write(text)
        return path

    def test_compress_export_keeps_the_original(self):
        path = self.write("orders.csv", "id,total\n1,9.5\n")
        gz = ops.compress_export(path)
        self.assertTrue(os.path.exists(path))
        with gzip.open(gz, "rt") as fh:
            self.assertEqual(fh.read(), "id,total\n1,9.5\n")

    def test_archive_directory(self):
        self.write("a.txt", "a")
        archive = os.path.join(tempfile.mkdtemp(), "backup.tar.gz")
        self.addCleanup(os.remove, archive)
        ops.archive_directory(self.dir, archive)
        with tarfile.open(archive) as tar:
            self.assertIn("./a.txt", tar.getnames())

    def test_copy_cover(self):
        src = self.write("cover.png", "png")
        dst = os.path.join(self.dir, "cover-copy.png")
        ops.copy_cover(src, dst)
        with open(dst) as fh:
            self.assertEqual(fh.read(), "png")

    def test_disk_usage_is_a_number_of_kilobytes(self):
        self.write("big.txt", "x" * 10000)
        self.assertGreaterEqual(ops.disk_usage_kb(self.dir), 8)

    def test_count_log_errors(self):
        log = self.write("app.log", "INFO a\nERROR b\nERROR c\n")
        self.assertEqual(ops.count_log_errors(log), 2)

    def test_scratch_pipe(self):
        name = ops.open_scratch_pipe()
        self.addCleanup(os.remove, name)
        self.assertTrue(os.path.exists(name))


if __name__ == "__main__":
    unittest.main()
