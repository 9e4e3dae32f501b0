"""test_brute: what Session.query, Session.moves and Session.table answer, values and the moves they list, against
brute forces written here from the rules as a person states them (random instances with fixed seeds)."""
import collections
import functools
import random
import re
import time
import unittest

import grundy


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def terms(text):
    """A position's text as a multiset of components: "2 * Heap(3) + Heap(1)" -> {"Heap(3)": 2, "Heap(1)": 1}."""
    if text == "0":
        return collections.Counter()
    out = collections.Counter()
    for t in text.split(" + "):
        m = re.fullmatch(r"(?:(\d+) \* )?(.+)", t)
        out[m.group(2)] += int(m.group(1) or 1)
    return out


def heaps(name, sizes):
    """The multiset of nonempty components name(x) for x in sizes."""
    return collections.Counter("%s(%d)" % (name, x) for x in sizes if x > 0)


class Subtraction(unittest.TestCase):
    """A subtraction game: take k tokens, k from a set S, at most the heap."""

    def test_random_sets(self):
        rng = random.Random(38)
        with grundy.Session() as s:
            for trial in range(12):
                subset = sorted(rng.sample(range(1, 10), rng.randint(1, 4)))
                s.eval("game Sub(n) { move take(k in {%s}) when k <= n => Sub(n - k); }" % ", ".join(map(str, subset)))
                sg = []
                for n in range(80):
                    sg.append(mex({sg[n - k] for k in subset if k <= n}))
                self.assertEqual(s.table("Sub(0..79)").grid, sg, subset)
                for n in rng.sample(range(80), 15):
                    a = s.query("Sub(%d)" % n)
                    self.assertEqual(a["sg"], sg[n])
                    self.assertEqual(a["outcome"], "P" if sg[n] == 0 else "N")
                    terminal = lambda m: all(k > m for k in subset)
                    want = [(k, "0" if terminal(n - k) else "Sub(%d)" % (n - k))
                            for k in subset if k <= n and sg[n - k] == 0]
                    got = [(m["args"]["k"], m["result"]) for m in a["moves"]]
                    self.assertEqual(got, want, (subset, n))
                    self.assertEqual(a["winning"], list(dict.fromkeys(r for _, r in want)))   # distinct, in order
                    every = s.moves("Sub(%d)" % n)
                    self.assertEqual([(m["rule"], m["args"]["k"], m["value"], m["best"]) for m in every],
                                     [("take", k, sg[n - k], sg[n - k] == 0) for k in subset if k <= n])


class NimSums(unittest.TestCase):
    def test_winning_moves(self):
        rng = random.Random(380)
        with grundy.Session() as s:
            for trial in range(60):
                sizes = [rng.randint(0, 12) for _ in range(rng.randint(1, 5))]
                a = s.query("Nim(%s)" % ", ".join(map(str, sizes)))
                x = functools.reduce(lambda p, q: p ^ q, sizes, 0)
                self.assertEqual(a["sg"], x)
                want = collections.Counter()
                for i, h in enumerate(sizes):
                    if h ^ x < h:
                        after = sizes[:i] + [h ^ x] + sizes[i + 1:]
                        want[tuple(sorted(heaps("Heap", after).items()))] += 1
                got = {tuple(sorted(terms(m["result"]).items())) for m in a["moves"]}
                # a move in one of several equal heaps is listed once, with its copies
                self.assertEqual(set(got), set(want), sizes)
                self.assertEqual(sum(m["copies"] for m in a["moves"]), sum(want.values()), sizes)

    def test_misere_outcomes(self):
        @functools.lru_cache(maxsize=None)
        def wins(state):   # misere: the player who cannot move wins
            if not any(state):
                return True
            return any(not wins(tuple(sorted(state[:i] + (h2,) + state[i + 1:])))
                       for i, h in enumerate(state) for h2 in range(h))
        rng = random.Random(381)
        with grundy.Session() as s:
            for trial in range(60):
                sizes = tuple(sorted(rng.randint(0, 6) for _ in range(rng.randint(1, 4))))
                a = s.query("misere(Nim(%s))" % ", ".join(map(str, sizes)))
                self.assertEqual(a["outcome"], "N" if wins(sizes) else "P", sizes)


class Kayles(unittest.TestCase):
    """Kayles: knock down one pin or two adjacent pins of a row; the rest of the row may split in two."""

    @staticmethod
    @functools.lru_cache(maxsize=None)
    def sg(n):
        options = set()
        for k in (1, 2):
            for a in range(0, n - k + 1):
                options.add(Kayles.sg(a) ^ Kayles.sg(n - k - a))
        return mex(options)

    def test_sums(self):
        rng = random.Random(382)
        with grundy.Session() as s:
            for trial in range(40):
                rows = [rng.randint(1, 25) for _ in range(rng.randint(1, 3))]
                a = s.query(" + ".join("Kayles(%d)" % r for r in rows))
                x = functools.reduce(lambda p, q: p ^ q, (self.sg(r) for r in rows), 0)
                self.assertEqual(a["sg"], x, rows)
                want = set()
                for i, r in enumerate(rows):
                    rest = rows[:i] + rows[i + 1:]
                    for k in (1, 2):
                        for left in range(0, r - k + 1):
                            after = rest + [left, r - k - left]
                            if functools.reduce(lambda p, q: p ^ q, (self.sg(v) for v in after), 0) == 0:
                                want.add(tuple(sorted(heaps("Kayles", after).items())))
                got = {tuple(sorted(terms(m["result"]).items())) for m in a["moves"]}
                self.assertEqual(got, want, rows)
                self.assertEqual(set(a["winning"]), {m["result"] for m in a["moves"]})


class Wythoff(unittest.TestCase):
    """Wythoff's game: take any number from one heap, or the same number from both."""

    def test_every_move_with_its_value(self):
        n = 14
        sg = [[0] * n for _ in range(n)]
        for a in range(n):
            for b in range(n):
                opts = {sg[a - k][b] for k in range(1, a + 1)} | {sg[a][b - k] for k in range(1, b + 1)}
                opts |= {sg[a - k][b - k] for k in range(1, min(a, b) + 1)}
                sg[a][b] = mex(opts)
        rng = random.Random(384)
        with grundy.Session() as s:
            for trial in range(25):
                a, b = rng.randrange(n), rng.randrange(n)
                moves = s.moves("Wythoff(%d, %d)" % (a, b), limit=None)
                reached = [tuple(map(int, re.fullmatch(r"Wythoff\((\d+), (\d+)\)", m["result"]).groups()))
                           if m["result"] != "0" else (0, 0) for m in moves]
                want = sorted([(a - k, b) for k in range(1, a + 1)] + [(a, b - k) for k in range(1, b + 1)] +
                              [(a - k, b - k) for k in range(1, min(a, b) + 1)])
                # (the engine writes Wythoff(x, y) with x <= y: a position read the same either way)
                self.assertEqual(sorted(tuple(sorted(r)) for r in reached), sorted(tuple(sorted(r)) for r in want))
                for m, (x, y) in zip(moves, reached):
                    self.assertEqual(m["value"], sg[x][y], (a, b, m))
                    self.assertEqual(m["outcome"], "P" if sg[x][y] == 0 else "N")
                    self.assertEqual(m["best"], sg[a][b] != 0 and sg[x][y] == 0)

    def test_far_positions_are_listed_quickly(self):
        """Far from 0 only the outcome of Wythoff's game has a closed form: the listing gives outcomes (value
        None) instead of searching each move's SG value."""
        with grundy.Session(timeout=60) as s:
            t0 = time.monotonic()
            moves = s.moves("Wythoff(1000, 1007)")
            self.assertLess(time.monotonic() - t0, 20.0)
            self.assertEqual(len(moves), 2000)
            self.assertTrue(moves.incomplete)
            self.assertTrue(all(m["value"] is None for m in moves))
            phi = (1 + 5 ** 0.5) / 2
            cold = {(int(k * phi), int(k * phi * phi)) for k in range(2000)}
            for m in moves:   # the outcomes against the cold positions (floor(k phi), floor(k phi^2))
                x, y = sorted(map(int, re.fullmatch(r"Wythoff\((\d+), (\d+)\)", m["result"]).groups()))
                self.assertEqual(m["outcome"], "P" if (x, y) in cold else "N")


class Tokens(unittest.TestCase):
    """A token on a digraph, slid along an arc; whoever cannot move loses; play may go on forever (a draw)."""

    @staticmethod
    def outcomes(n, arcs):
        """Retrograde analysis: each vertex's outcome, 'P' (lost for the player to move), 'N' or 'D'."""
        succ = {v: [w for (u, w) in arcs if u == v] for v in range(n)}
        out = {}
        changed = True
        while changed:
            changed = False
            for v in range(n):
                if v in out:
                    continue
                if any(out.get(w) == "P" for w in succ[v]):
                    out[v] = "N"
                    changed = True
                elif all(out.get(w) == "N" for w in succ[v]):
                    out[v] = "P"
                    changed = True
        return {v: out.get(v, "D") for v in range(n)}, succ

    def test_random_digraphs(self):
        rng = random.Random(383)
        with grundy.Session() as s:
            for trial in range(30):
                n = rng.randint(2, 9)
                arcs = sorted({(rng.randrange(n), rng.randrange(n)) for _ in range(rng.randint(1, 2 * n))})
                flat = [x for arc in arcs for x in arc]
                s.eval("const G%d = digraph_from(%s, %s);" % (trial, flat, list(range(n))))
                out, succ = self.outcomes(n, arcs)
                for v in range(n):
                    a = s.query("Token(G%d, %d)" % (trial, v))
                    self.assertEqual(a["outcome"], out[v], (arcs, v))
                    if out[v] == "N":
                        want = {w for w in succ[v] if out[w] == "P"}
                        key = "winning"
                    elif out[v] == "D":
                        want = {w for w in succ[v] if out[w] == "D"}
                        key = "drawing"
                    else:
                        continue

                    def vertex(text):
                        if text == "0":   # a vertex with no arcs out is terminal
                            return None
                        return int(re.fullmatch(r"Token\(G%d, (\d+)\)" % trial, text).group(1))
                    got = {vertex(t) for t in a[key]}
                    want = {w if succ[w] else None for w in want}
                    self.assertEqual(got, want, (arcs, v))



class Domineering(unittest.TestCase):
    """Domineering on small boards: Left places a domino on two empty cells one above the other, Right on two
    side by side; whoever cannot move loses. Outcome classes by plain minimax with each player to move."""

    @staticmethod
    def options(rows, side):
        out = []
        h, w = len(rows), len(rows[0])
        for r in range(h):
            for c in range(w):
                if side == "L" and r + 1 < h and rows[r][c] == "." and rows[r + 1][c] == ".":
                    out.append(tuple(row if i not in (r, r + 1) else row[:c] + "#" + row[c + 1:]
                                     for i, row in enumerate(rows)))
                if side == "R" and c + 1 < w and rows[r][c] == "." and rows[r][c + 1] == ".":
                    out.append(tuple(row if i != r else row[:c] + "##" + row[c + 2:] for i, row in enumerate(rows)))
        return out

    @functools.lru_cache(maxsize=None)
    def wins(self, rows, side):
        """Whether side, to move on rows, wins."""
        other = "R" if side == "L" else "L"
        return any(not self.wins(o, other) for o in self.options(rows, side))

    def outcome(self, rows):
        left, right = self.wins(rows, "L"), self.wins(rows, "R")
        return "N" if left and right else "L" if left else "R" if right else "P"

    def test_every_move_with_its_side_and_class(self):
        rng = random.Random(39)
        s = grundy.Session()
        for _ in range(40):
            h, w = rng.randint(1, 3), rng.randint(1, 4)
            rows = tuple("".join("#" if rng.random() < 0.2 else "." for _ in range(w)) for _ in range(h))
            text = "DomineeringBoard(%s)" % ", ".join('"%s"' % r for r in rows)
            self.assertEqual(s.query(text)["outcome"], self.outcome(rows), text)
            want = collections.Counter()
            for side in "LR":
                for o in self.options(rows, side):
                    cls = self.outcome(o)
                    dead = not self.options(o, "L") and not self.options(o, "R")   # left out of the sum: 0
                    shown = "0" if dead else "DomineeringBoard(%s)" % ", ".join('"%s"' % r for r in o)
                    want[(side, shown, cls, cls in ("P", side))] += 1
            got = collections.Counter((m["side"], m["result"], m["outcome"], m["best"]) for m in s.moves(text))
            self.assertEqual(got, want, text)
            q = s.query(text)   # the query's lists: the distinct positions each player's winning moves reach
            for side, field in (("L", "winning_left"), ("R", "winning_right")):
                self.assertEqual(sorted(q[field]), sorted({r for (sd, r, _, best) in want if sd == side and best}), text)


if __name__ == "__main__":
    unittest.main()
