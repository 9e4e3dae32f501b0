"""test_goldens: every golden program through Session.eval gives the objects the command line's --json prints,
and the exceptions its exit status means."""
import glob
import json
import os
import unittest

import grundy
from support import SRCDIR, cli_json, finish, read

# the golden options a session takes (others depend on the clock or are the command line's own)
SESSION_OPTIONS = {"--max-states": "max_states", "--max-instances": "max_instances", "--max-steps": "max_steps",
                   "--max-memory": "max_memory", "--strategy": "strategy"}
EXCEPTIONS = {1: grundy.ExpectationError, 3: grundy.GrundyError, 4: grundy.LimitError}


def golden_options(path):
    """The session options of a golden program (NAME.args), and the command line's; None when it has one the
    session has no counterpart of."""
    args_file = path[:-5] + ".args"
    if not os.path.exists(args_file):
        return {}, []
    words = read(args_file).decode().replace("--json", " ").split()
    opts, cli = {}, []
    while words:
        w = words.pop(0)
        if w not in SESSION_OPTIONS or not words:
            return None, None
        v = words.pop(0)
        opts[SESSION_OPTIONS[w]] = v
        cli += [w, v]
    return opts, cli


class Goldens(unittest.TestCase):
    def test_every_golden(self):
        files = sorted(glob.glob(os.path.join(SRCDIR, "tests", "golden", "*", "*.game")))
        self.assertGreater(len(files), 200)
        cwd = os.getcwd()
        ran = skipped = 0
        statuses = set()
        for path in files:
            opts, cli = golden_options(path)
            raw = read(path)
            if opts is None or b"\0" in raw:
                skipped += 1
                continue
            text = raw.decode("utf-8", "surrogateescape")
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                skipped += 1   # (bytes that are not UTF-8: a str cannot carry them)
                continue
            stdin_file = path[:-5] + ".stdin"
            stdin = read(stdin_file) if os.path.exists(stdin_file) else b""
            directory = os.path.dirname(path)
            with self.subTest(golden=os.path.relpath(path, SRCDIR)):
                p = cli_json(text, cli, cwd=directory)
                s = grundy.Session(**opts)
                s.set_input(stdin)
                os.chdir(directory)
                try:
                    got, status = s.eval(text), 0
                except grundy.GrundyError as e:
                    got, status = None, e.status
                    err = e
                finally:
                    os.chdir(cwd)
                    s.close()
                want, want_status = finish(p, stdin)
                want_objs = [json.loads(line) for line in want.splitlines()]
                self.assertEqual(status, want_status)
                statuses.add(status)
                if status == 0:
                    self.assertEqual(got, want_objs)
                else:
                    self.assertIsInstance(err, EXCEPTIONS[status])
                    self.assertEqual(type(err), EXCEPTIONS[status])
                    # the objects before the failure, and the failure's own fields
                    errors = [o for o in want_objs if o["kind"] == "error"]
                    self.assertEqual(err.results, [o for o in want_objs if o["kind"] != "error"])
                    if status == 1:
                        failed = [o for o in want_objs if o["kind"] in ("expect", "claim") and o["ok"] is False]
                        self.assertEqual(err.failures, failed)
                        self.assertEqual(err.counterexample, failed[0]["counterexample"])
                        self.assertEqual(err.line, failed[0]["line"])
                    else:
                        self.assertEqual(err.errors, errors)
                        self.assertEqual((err.file, err.line, err.col, err.message),
                                         (errors[0]["file"], errors[0]["line"], errors[0]["col"], errors[0]["message"]))
                ran += 1
        self.assertGreater(ran, 200)
        self.assertEqual(statuses, {0, 1, 3, 4})
        print("\ngoldens: %d programs through Session.eval, %d skipped (options the session leaves to the command "
              "line, NUL bytes)" % (ran, skipped))


if __name__ == "__main__":
    unittest.main()
