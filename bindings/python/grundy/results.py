"""results: the objects a session hands back. Each is a dict (the --json object, unchanged: it compares equal
to the plain dict) with methods for Python and for notebooks (_repr_html_, _repr_svg_)."""
import shutil
import subprocess

from . import _display


class Result(dict):
    """One statement's --json object; result["kind"] says which ("query", "table", "claim", "print", ...)."""

    @property
    def kind(self):
        return self.get("kind")


class Answer(Result):
    """A query's answer: the keys of `query` in --json ("position", "outcome", "sg", "winning", "moves",
    "strategy", ...). "sg" is a Python int of any size (None when there is none); positions are texts that
    Session.query reads back."""

    @property
    def outcome(self):
        """'P' (the player to move loses), 'N' (wins) or 'D' (a draw)."""
        return self["outcome"]

    @property
    def sg(self):
        return self.get("sg")

    @property
    def position(self):
        return self["position"]

    def _repr_html_(self):
        return _display.answer_html(self)


def _steps(spec):
    return range(spec["from"], spec["to"] + 1)


class Table(Result):
    """A table statement's values: one range gives "values" (a list), two give "rows" (a list of rows, one per
    value of the first range), three give "layers". Cells are ints, or texts for an infinite value ("∞(0,2)")
    and an outcome table's "P"/"N"/"D"."""

    @property
    def grid(self):
        """The cells: a list, a list of rows, or a list of layers."""
        for key in ("values", "rows", "layers"):
            if key in self:
                return self[key]
        return []

    @property
    def axes(self):
        """Each range's argument values, as Python ranges, in the order of the arguments."""
        return [_steps(r) for r in self["ranges"]]

    def cell(self, *args):
        """The value at the given argument values (one per range): t.cell(5) or t.cell(2, 3)."""
        axes = self.axes
        if len(args) != len(axes):
            raise TypeError("this table has %d range(s), %d argument(s) given" % (len(axes), len(args)))
        v = self.grid
        for a, axis in zip(args, axes):
            if a not in axis:
                raise IndexError("%r is outside the range %d..%d" % (a, axis.start, axis.stop - 1))
            v = v[a - axis.start]
        return v

    def tolist(self):
        """The cells as (nested) lists: a copy."""
        import copy
        return copy.deepcopy(self.grid)

    def to_numpy(self):
        """The cells as a NumPy array (needs numpy): integers as int64 when they fit, else Python objects."""
        import numpy as np
        grid = self.grid
        try:
            return np.array(grid, dtype=np.int64)
        except (OverflowError, TypeError, ValueError):
            return np.array(grid, dtype=object)

    def to_pandas(self):
        """The cells as a pandas Series (one range) or DataFrame (two: rows by the first range's values, columns
        by the second's), indexed by the argument values (needs pandas)."""
        import pandas as pd
        axes = self.axes
        if len(axes) == 1:
            return pd.Series(self.grid, index=list(axes[0]), name=self["position"])
        if len(axes) == 2:
            return pd.DataFrame(self.grid, index=list(axes[0]), columns=list(axes[1]))
        raise ValueError("a table over three ranges has no DataFrame form: use to_numpy()")

    def _repr_html_(self):
        return _display.table_html(self)


class Drawing(Result):
    """A draw statement's game graph: "dot" holds Graphviz's DOT text. In a notebook it shows as SVG when
    Graphviz's dot is installed (else as its DOT text)."""

    @property
    def dot(self):
        return self["dot"]

    def svg(self):
        """The graph as SVG text, laid out by Graphviz's dot; None when dot is not installed."""
        exe = shutil.which("dot")
        if not exe:
            return None
        run = subprocess.run([exe, "-Tsvg"], input=self["dot"].encode("utf-8"), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, check=False)
        return run.stdout.decode("utf-8", "replace") if run.returncode == 0 else None

    def _repr_svg_(self):
        return self.svg()

    def _repr_html_(self):
        return _display.drawing_html(self)


_KINDS = {"query": Answer, "table": Table, "draw": Drawing}


def wrap(obj):
    """The result object for one --json object (a dict)."""
    return _KINDS.get(obj.get("kind"), Result)(obj)


class MoveList(list):
    """The moves Session.moves lists (Move dicts); incomplete is True when the position has more moves than
    the limit let through."""

    incomplete = False


class Move(dict):
    """One move of a position (Session.moves): "component" (the component it moves), "rule" (its rule's label,
    None for an unnamed rule), "args" (the binders' values: ints, or texts for other values), "result" (the
    position reached), "copies", "outcome" ('P', 'N', 'D': of the position reached), "value" (its SG value as an
    int, or a text for an infinite value; None when there is none) and "best" (True: a winning move; for a draw,
    one keeping it)."""

    def __repr__(self):
        return "Move(%s)" % dict.__repr__(self)
