import os
import shlex
import subprocess
from subprocess import check_output

from flask import request

BACKUP = "tar -czf /var/backups/site.tgz /srv/site"


def compress(path):
    # ruleid: python.lang.security.audit.subprocess-shell-true.subprocess-shell-true
    subprocess.run(f"gzip -k -f {path}", shell=True, check=True)


def archive(directory, archive):
    command = "tar -czf %s -C %s ." % (archive, directory)
    # ruleid: python.lang.security.audit.subprocess-shell-true.subprocess-shell-true
    subprocess.check_call(command, shell=True)


def grep_view():
    pattern = request.args["q"]
    # ruleid: python.lang.security.audit.subprocess-shell-true.subprocess-shell-true
    return check_output("grep -rn " + pattern + " /srv/logs", shell=True, text=True)


def safe_shells(path, count):
    # ok: python.lang.security.audit.subprocess-shell-true.subprocess-shell-true
    subprocess.run(["gzip", "-k", path], check=True)
    # ok: python.lang.security.audit.subprocess-shell-true.subprocess-shell-true
    subprocess.run("gzip -k " + shlex.quote(path), shell=True)
    # ok: python.lang.security.audit.subprocess-shell-true.subprocess-shell-true
    subprocess.run("head -n %d /var/log/syslog" % int(count), shell=True)


def nightly():
    # ruleid: python_exec_rule-subprocess-popen-shell-true
    subprocess.call(BACKUP, shell=True)
    # ruleid: python_exec_rule-subprocess-popen-shell-true
    subprocess.run("df -h | sort", shell=True)
    # ok: python_exec_rule-subprocess-popen-shell-true
    subprocess.run(["df", "-h"])
    # ok: python_exec_rule-subprocess-popen-shell-true
    subprocess.run(shlex.split(BACKUP))


def copy_cover(src, dst):
    # ruleid: python.lang.security.audit.dangerous-system-call.dangerous-system-call
    os.system("cp " + src + " " + dst)


def ping_view():
    host = request.form.get("host")
    # ruleid: python.lang.security.audit.dangerous-system-call.dangerous-system-call
    status = os.system(f"ping -c 1 {host}")
    return str(status)


def constant_commands(path):
    # ok: python.lang.security.audit.dangerous-system-call.dangerous-system-call
    os.system("sync")
    # ok: python.lang.security.audit.dangerous-system-call.dangerous-system-call
    os.system("rm -f " + shlex.quote(path))


def disk_usage_kb(path):
    # ruleid: python_exec_rule-os-popen2
    return int(os.popen("du -sk '%s'" % path).read().split()[0])


def git_log(ref):
    # ruleid: python_exec_rule-os-popen2
    return subprocess.getoutput("git log --oneline " + ref)


def uptime():
    # ok: python_exec_rule-os-popen2
    load = os.popen("uptime").read()
    # ok: python_exec_rule-os-popen2
    return load + os.popen("du -sk " + shlex.quote(os.getcwd())).read()
