"""Maintenance tasks run from the admin console."""
import os
import subprocess
import tempfile


def compress_export(path):
    subprocess.run(f"gzip -k -f {path}", shell=True, check=True)
    return path + ".gz"


def archive_directory(directory, archive):
    command = "tar -czf %s -C %s ." % (archive, directory)
    subprocess.check_call(command, shell=True)
    return archive


def copy_cover(src, dst):
    os.system("cp " + src + " " + dst)


def disk_usage_kb(path):
    return int(os.popen("du -sk '%s'" % path).read().split()[0])


def count_log_errors(logfile):
    output = subprocess.check_output(f"grep -c ERROR {logfile} || true", shell=True, text=True)
    return int(output.strip() or 0)


def open_scratch_pipe():
    name = tempfile.mktemp(prefix="shelf-")
    os.mkfifo(name)
    return name
