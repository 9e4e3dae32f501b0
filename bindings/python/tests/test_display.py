"""test_display: tables as lists, NumPy arrays and pandas frames (where installed), and the notebook displays
(_repr_html_, _repr_svg_) of answers, tables and drawings."""
import shutil
import unittest
import xml.dom.minidom

import grundy

try:
    import numpy
except ImportError:
    numpy = None
try:
    import pandas
except ImportError:
    pandas = None


class Tables(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.s = grundy.Session()
        cls.s.eval("game Sub(n) { move take(k in {1, 3, 4}) when k <= n => Sub(n - k); }\n"
                   "def Two(a, b) = Sub(a) + Sub(b);\ndef Big(n) = Heap(2 ** 70 + n);")
        cls.one = cls.s.table("Sub(0..20)")
        cls.two = cls.s.table("outcome(Wythoff(0..6, 0..8))")
        cls.nums = cls.s.table("Two(3..5, 0..3)")

    @classmethod
    def tearDownClass(cls):
        cls.s.close()

    def test_lists(self):
        self.assertEqual(self.one.grid, [0, 1, 0, 1, 2, 3, 2] * 3)
        self.assertEqual(self.one.axes, [range(0, 21)])
        self.assertEqual(self.one.cell(5), 3)
        self.assertEqual(self.two.axes, [range(0, 7), range(0, 9)])
        self.assertEqual(len(self.two.grid), 7)
        self.assertEqual(self.two.cell(1, 2), "P")   # Wythoff's (1, 2) is a P-position
        self.assertEqual(self.two.cell(3, 5), "P")
        self.assertEqual(self.two.cell(3, 4), "N")
        self.assertEqual(self.nums.cell(4, 2), 2 ^ 0)
        self.assertEqual(self.nums.cell(5, 3), 3 ^ 1)
        with self.assertRaises(IndexError):
            self.one.cell(21)
        with self.assertRaises(TypeError):
            self.two.cell(1)
        copy = self.one.tolist()
        copy[0] = 99
        self.assertEqual(self.one.grid[0], 0)

    @unittest.skipIf(numpy is None, "numpy is not installed")
    def test_numpy(self):
        a = self.nums.to_numpy()
        self.assertEqual(a.shape, (3, 4))
        self.assertEqual(a.dtype, numpy.int64)
        self.assertEqual(a[1, 2], self.nums.cell(4, 2))
        self.assertEqual(self.two.to_numpy().shape, (7, 9))
        big = self.s.table("Big(0..3)")
        self.assertEqual(big.grid, [2 ** 70 + n for n in range(4)])
        self.assertEqual(big.to_numpy().dtype, object)

    @unittest.skipIf(pandas is None, "pandas is not installed")
    def test_pandas(self):
        f = self.nums.to_pandas()
        self.assertEqual(list(f.index), [3, 4, 5])
        self.assertEqual(list(f.columns), [0, 1, 2, 3])
        self.assertEqual(f.loc[4, 2], self.nums.cell(4, 2))
        series = self.one.to_pandas()
        self.assertEqual(series[5], 3)

    def test_html(self):
        html = self.two._repr_html_()
        self.assertIn("<svg", html)
        self.assertIn("<table>", html)
        xml.dom.minidom.parseString(html)   # well formed
        xml.dom.minidom.parseString(self.one._repr_html_())


class Answers(unittest.TestCase):
    def test_answer_html(self):
        with grundy.Session() as s:
            a = s.query("Nim(3, 4, 5)")
            html = a._repr_html_()
            xml.dom.minidom.parseString(html)
            self.assertIn("Heap(1) + Heap(4) + Heap(5)", html)
            self.assertIn("SG value <b>2</b>", html)
            p = s.query("Nim(1, 2, 3)")
            self.assertIn("no winning move", p._repr_html_())
            d = s.query("Token(digraph_from([1, 2, 2, 1]), 1)")
            self.assertEqual(d["outcome"], "D")
            xml.dom.minidom.parseString(d._repr_html_())

    def test_drawing(self):
        with grundy.Session() as s:
            d = s.draw("Nim(1, 2)", depth=2)
            self.assertIsInstance(d, grundy.Drawing)
            self.assertTrue(d.dot.startswith("digraph game {"))
            self.assertEqual(d["position"], "Heap(1) + Heap(2)")
            if shutil.which("dot"):
                svg = d._repr_svg_()
                self.assertIn("<svg", svg)
                self.assertIn("Heap(1) + Heap(2)", svg)
            else:
                self.assertIsNone(d._repr_svg_())
                self.assertIn("digraph game", d._repr_html_())
            with self.assertRaises(grundy.GrundyError):
                s.draw("Nim(1, 2); print 3")


if __name__ == "__main__":
    unittest.main()
