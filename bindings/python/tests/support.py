"""support: what the tests share: the engine's command line and the source tree (from the environment that
tests/python.sh sets), and a run of the command line."""
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
SRCDIR = os.environ.get("SRCDIR", os.path.normpath(os.path.join(HERE, "..", "..", "..")))
GRUNDY = os.environ.get("GRUNDY", os.path.join(SRCDIR, "grundy"))


def cli_json(text, args=(), cwd=None):
    """Start `grundy --json ARGS -e TEXT`; the caller waits: returns the Popen (stdout piped)."""
    p = subprocess.Popen([GRUNDY, "--json", *args, "-e", text], cwd=cwd, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return p


def finish(p, stdin=b""):
    out, _ = p.communicate(stdin, timeout=600)
    return out.decode("utf-8"), p.returncode


def read(path):
    with open(path, "rb") as f:
        return f.read()
