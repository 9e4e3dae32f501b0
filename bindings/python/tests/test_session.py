"""test_session: Session's calls, results and exceptions: eval and query against the command line's --json,
big integers, redefinition, every exception with its fields, limits, options, a closed session."""
import copy
import json
import pickle
import time
import unittest
import warnings

import grundy
from support import cli_json, finish

SUB = "game Sub(n) { move take(k in {1, 3, 4}) when k <= n => Sub(n - k); }"


def cli(text, *args):
    out, status = finish(cli_json(text, args))
    return [json.loads(line) for line in out.splitlines()], status


class Eval(unittest.TestCase):
    def setUp(self):
        self.s = grundy.Session()

    def tearDown(self):
        self.s.close()

    def test_objects_as_the_command_line(self):
        text = ("query Nim(3, 4, 5); table Kayles(0..20); table Cutting(2..5, 2..6); print 2 ** 100, [1, 2];"
                " period Kayles(n) for n; expect Nim(1, 1) is P; draw Nim(1, 2) depth 1; explain Kayles(7); genus misere(Kayles(4));")
        got = self.s.eval(text)
        want, status = cli(text)
        self.assertEqual(status, 0)
        self.assertEqual(got, want)
        self.assertEqual([type(o) for o in got][:4], [grundy.Answer, grundy.Table, grundy.Table, grundy.Result])
        self.assertTrue(all(isinstance(o, dict) for o in got))

    def test_definitions_stay_and_may_be_redefined(self):
        self.assertEqual(self.s.eval(SUB), [])
        self.assertEqual(self.s.table("Sub(0..9)").grid, [0, 1, 0, 1, 2, 3, 2, 0, 1, 0])
        self.s.eval("game Sub(n) { move take(k in {1, 2}) when k <= n => Sub(n - k); }")
        self.assertEqual(self.s.table("Sub(0..6)").grid, [0, 1, 2, 0, 1, 2, 0])
        self.s.eval("const K = 7;")
        self.assertEqual(self.s.eval("print K * 6;"), [{"kind": "print", "value": 42}])

    def test_a_bare_position_is_a_query(self):
        self.assertEqual(self.s.eval("Nim(1, 2)"), [self.s.query("Nim(1, 2)")])

    def test_big_integers(self):
        a = self.s.query("Nim(2 ** 200, 3 ** 100, 1)")
        self.assertEqual(a["sg"], (2 ** 200) ^ (3 ** 100) ^ 1)
        self.assertIsInstance(a["sg"], int)
        self.assertEqual(self.s.eval("print [10 ** 40 + 1, -(2 ** 64)];")[0]["value"], [10 ** 40 + 1, -(2 ** 64)])
        # a position with a big argument reads back from its text
        again = self.s.query(a["position"])
        self.assertEqual(again["sg"], a["sg"])

    def test_query_as_the_command_line(self):
        for pos in ["Nim(3, 4, 5)", "Kayles(7)", "Wythoff(3, 5)", "misere(Nim(1, 1, 2))", "every(Kayles(4), Heap(2))",
                    "Nim(2 ** 70, 1)", "0"]:
            with self.subTest(pos=pos):
                want, status = cli("query %s;" % pos)
                self.assertEqual(status, 0)
                self.assertEqual([self.s.query(pos)], want)

    def test_positions_round_trip(self):
        self.s.eval(SUB)
        a = self.s.query("Nim(3, 3, 5) + Sub(9)")
        for m in a["moves"]:
            b = self.s.query(m["result"])
            self.assertEqual(b["position"], m["result"])
            self.assertEqual(b["outcome"], "P")

    def test_query_refuses_statements_and_definitions(self):
        for text in ["Nim(1); Nim(2)", "game X(n) { move m when n > 0 => X(n - 1); } X(3)", "print 3"]:
            with self.subTest(text=text):
                with self.assertRaises(grundy.GrundyError) as c:
                    self.s.query(text)
                self.assertEqual(c.exception.status, 3)
        with self.assertRaises(grundy.GrundyError):
            self.s.eval("X(3)")   # nothing was left behind

    def test_nul_and_types(self):
        with self.assertRaises(ValueError):
            self.s.eval("query Nim(1);\0")
        with self.assertRaises(TypeError):
            self.s.eval(b"query Nim(1);")


class Stream(unittest.TestCase):
    def test_objects_in_order_as_eval(self):
        text = "query Nim(3, 4, 5); table Kayles(0..20); print 2 ** 100; draw Nim(1, 2) depth 1;"
        with grundy.Session() as s, grundy.Session() as t:
            streamed = list(s.stream(text))
            self.assertEqual(streamed, t.eval(text))
            self.assertEqual([type(o) for o in streamed], [grundy.Answer, grundy.Table, grundy.Result, grundy.Drawing])

    def test_failures_after_the_objects_before_them(self):
        with grundy.Session() as s:
            got = []
            with self.assertRaises(grundy.GrundyError) as c:
                for o in s.stream("print 1;\nprint [1][3];", name="f.game"):
                    got.append(o)
            self.assertEqual(got, [{"kind": "print", "value": 1}])
            self.assertEqual((c.exception.file, c.exception.line), ("f.game", 2))
            self.assertIn("    2 | print [1][3];", c.exception.text)
            with self.assertRaises(grundy.ExpectationError) as c:
                list(s.stream("claim sg(Nim(n)) == 0 for n in 0..5; print 3;"))
            self.assertEqual(c.exception.binders, {"n": 1})
            self.assertEqual(c.exception.results[-1], {"kind": "print", "value": 3})

    def test_leaving_early_stops_the_engine(self):
        with grundy.Session(max_instances=10 ** 15, timeout=20) as s:
            t0 = time.monotonic()
            g = s.stream("print 1; claim n >= 0 for n in 0..10 ** 14; print 2;")
            self.assertEqual(next(g), {"kind": "print", "value": 1})
            g.close()
            self.assertLess(time.monotonic() - t0, 5.0)
            self.assertEqual(s.query("Kayles(4)")["sg"], 1)   # the session goes on


class Python(unittest.TestCase):
    """What a Python user expects of the objects: no shared engine behind a copy, exceptions that pickle
    (multiprocessing), all-or-none options, type errors for wrong types, warnings for the engine's notes."""

    def test_a_session_is_not_copied(self):
        with grundy.Session() as s:
            for f in (copy.copy, copy.deepcopy, pickle.dumps):
                with self.assertRaises(TypeError):
                    f(s)
            self.assertEqual(s.query("Nim(1)")["sg"], 1)

    def test_exceptions_pickle(self):
        with grundy.Session(max_states=10) as s:
            for text, cls in [("query Foo(1);", grundy.GrundyError), ("query Kayles(60);", grundy.LimitError),
                              ("claim sg(Nim(n)) == 0 for n in 0..5;", grundy.ExpectationError)]:
                with self.assertRaises(cls) as c:
                    s.eval(text)
                e = c.exception
                f = pickle.loads(pickle.dumps(e))
                self.assertIs(type(f), cls)
                self.assertEqual((str(f), f.__dict__), (str(e), e.__dict__))

    def test_options_all_or_none(self):
        with grundy.Session(max_states=1234, timeout=None) as s:
            with self.assertRaises(TypeError):
                s.set(max_states=5, bogus=1)
            with self.assertRaises(ValueError):
                s.set(max_states=77, strategy="fastest")
            self.assertEqual(s.get("max_states"), "1234")
            self.assertEqual(s.get("timeout"), "0")
            with self.assertRaises(KeyError):
                s.get("bogus")

    def test_wrong_types(self):
        with grundy.Session() as s:
            for bad in (5, [1, 2], None):
                with self.assertRaises(TypeError):
                    s.set_input(bad)
                with self.assertRaises(TypeError):
                    grundy.incomplete(bad)
            with self.assertRaises(TypeError):
                s.draw("Nim(1)", depth=1.5)
            with self.assertRaises(ValueError):
                s.moves("Nim(1)", limit=0)

    def test_table_and_draw_are_one_expression(self):
        with grundy.Session() as s:
            with self.assertRaises(grundy.GrundyError):
                s.table("Kayles(0..3); game Leak(n) { move m when n > 0 => Leak(n - 1); }")
            with self.assertRaises(grundy.GrundyError):
                s.table("Kayles(0..3); print 5")
            with self.assertRaises(grundy.GrundyError):
                s.eval("query Leak(2);")   # nothing stayed
            with self.assertRaises(grundy.GrundyError) as c:
                s.table("Foo(0..3)")
            self.assertTrue(c.exception.text.startswith("<table>:1:1: error: unknown function or game 'Foo'"))

    def test_notes_are_warnings(self):
        with grundy.Session() as s:
            with warnings.catch_warnings(record=True) as w:
                warnings.simplefilter("always")
                s.eval("game Heap(n) { move t when n > 0 => Heap(n - 1); }")
                s.eval("print 1;")
            self.assertEqual(len(w), 1)
            self.assertIs(w[0].category, grundy.GrundyWarning)
            self.assertIn("shadows the standard library's 'Heap'", str(w[0].message))

    def test_moves_limit_and_binders(self):
        with grundy.Session() as s:
            m = s.moves("Heap(5000)")
            self.assertEqual((len(m), m.incomplete), (2000, True))
            m = s.moves("Heap(5000)", limit=None)
            self.assertEqual((len(m), m.incomplete), (5000, False))
            m = s.moves("Heap(5000)", limit=3)
            self.assertEqual([x["args"]["k"] for x in m], [1, 2, 3])
            s.eval('game W(w) { move cut(c in ["1", "12"]) when len(w) > 0 => W(""); }')
            self.assertEqual([x["args"]["c"] for x in s.moves('W("ab")')], ["1", "12"])


class Exceptions(unittest.TestCase):
    def setUp(self):
        self.s = grundy.Session()

    def tearDown(self):
        self.s.close()

    def test_compile_error_fields(self):
        with self.assertRaises(grundy.GrundyError) as c:
            self.s.eval("query Nim(1);\nquery Foo(3);", name="lecture.game")
        e = c.exception
        self.assertIs(type(e), grundy.GrundyError)
        self.assertEqual((e.file, e.line, e.col, e.status), ("lecture.game", 2, 7, 3))
        self.assertEqual(e.message, "unknown function or game 'Foo'")
        self.assertEqual(str(e), "lecture.game:2:7: error: unknown function or game 'Foo'")
        self.assertIn("    2 | query Foo(3);\n      |       ^~~", e.text)
        self.assertEqual(e.results, [])   # a text that does not compile runs nothing

    def test_runtime_error_keeps_the_results_before_it(self):
        with self.assertRaises(grundy.GrundyError) as c:
            self.s.eval("print 1; print [1, 2][5];")
        self.assertEqual(c.exception.results, [{"kind": "print", "value": 1}])
        self.assertEqual(c.exception.line, 1)

    def test_query_and_table_columns_are_the_callers(self):
        with self.assertRaises(grundy.GrundyError) as c:
            self.s.query("Nim(1) + Foo(3)")
        self.assertEqual((c.exception.file, c.exception.line, c.exception.col), ("<query>", 1, 10))
        with self.assertRaises(grundy.GrundyError) as c:
            self.s.table("Foo(0..3)")
        self.assertEqual((c.exception.line, c.exception.col), (1, 1))

    def test_expectation_error(self):
        with self.assertRaises(grundy.ExpectationError) as c:
            self.s.eval("expect Nim(1, 1) is P;\nclaim sg(Nim(n)) == 0 for n in 0..5;\nprint 7;")
        e = c.exception
        self.assertIsInstance(e, grundy.GrundyError)
        self.assertEqual(e.status, 1)
        self.assertEqual(e.binders, {"n": 1})
        self.assertEqual((e.left, e.right, e.line), (1, 0, 2))
        self.assertEqual(e.counterexample, "n = 1 (the left side is 1, the right side is 0)")
        self.assertEqual([o["kind"] for o in e.results], ["expect", "claim", "print"])   # every statement ran
        self.assertEqual(len(e.failures), 1)

    def test_state_limit(self):
        s = grundy.Session(max_states=10)
        with self.assertRaises(grundy.LimitError) as c:
            s.query("Kayles(50)")
        e = c.exception
        self.assertEqual((e.status, e.option), (4, "max_states"))
        self.assertIn("Kayles", e.message)
        s.set(max_states=10 ** 6)
        self.assertEqual(s.query("Kayles(50)")["outcome"], "N")   # the session goes on
        s.close()

    def test_memory_limit(self):
        s = grundy.Session(max_memory="64M", max_states=10 ** 9)
        with self.assertRaises(grundy.LimitError) as c:
            s.eval("game G(n, m) { move a when n > 0 => G(n - 1, (m * 7 + 3) % 1000003);"
                   " move b when n > 1 => G(n - 2, m + 1); } query G(30000000, 5);")
        self.assertEqual(c.exception.option, "max_memory")
        self.assertIn("G", c.exception.message)
        # the interpreter goes on, and so does the session once its budget is raised (what it stored stays)
        with grundy.Session() as other:
            self.assertEqual(other.query("Kayles(9)")["sg"], 4)
        s.set(max_memory="4G")
        self.assertEqual(s.query("G(10, 5)")["outcome"], "N")
        s.close()

    def test_step_limit_and_timeout(self):
        s = grundy.Session(max_steps=1000)
        with self.assertRaises(grundy.LimitError) as c:
            s.eval("claim n >= 0 for n in 0..100000;")
        self.assertEqual(c.exception.option, "max_steps")
        s.close()
        s = grundy.Session(timeout=0.2, max_instances=10 ** 15)
        with self.assertRaises(grundy.LimitError) as c:
            s.eval("claim n >= 0 for n in 0..10 ** 14;")
        self.assertEqual(c.exception.option, "timeout")
        s.close()


class Options(unittest.TestCase):
    def test_set_get_and_bad_values(self):
        with grundy.Session(max_states=1234, timeout=5, jobs=1) as s:
            self.assertEqual(s.get("max_states"), "1234")
            self.assertEqual(s.get("timeout"), "5")
            with self.assertRaises(ValueError):
                s.set(max_states=-1)
            with self.assertRaises(ValueError):
                s.set(strategy="fastest")
            with self.assertRaises(TypeError):
                grundy.Session(max_state=3)
            self.assertEqual(s.get("max_states"), "1234")
            self.assertGreater(s.memory, 0)
        with self.assertRaises(ValueError):
            s.query("Nim(1)")   # closed

    def test_input(self):
        with grundy.Session() as s:
            s.set_input("3\n1 2 3\n")
            self.assertEqual(s.eval("print read_ints(\"-\");"), [{"kind": "print", "value": [3, 1, 2, 3]}])

    def test_version_and_incomplete(self):
        self.assertRegex(grundy.__version__, r"^\d+\.\d+\.\d+$")
        self.assertTrue(grundy.incomplete("game G(n) {"))
        self.assertFalse(grundy.incomplete("query Nim(1);"))


if __name__ == "__main__":
    unittest.main()
