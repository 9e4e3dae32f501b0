"""grundy: the Grundy engine for combinatorial games, from Python.

Write games in the .game language, then ask for outcomes, Sprague-Grundy values, winning moves, tables and
periods; every answer is exact and comes from the same engine as the `grundy` command.

    >>> import grundy
    >>> s = grundy.Session()
    >>> s.query("Nim(3, 4, 5)")["sg"]
    2
    >>> s.eval("game Sub(n) { move take(k in {1, 3, 4}) when k <= n => Sub(n - k); }")
    []
    >>> s.table("Sub(0..9)").grid
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]

Session.eval(text) returns the objects `grundy --json -e TEXT` prints, as dicts; Session.query(pos) one
query's object. Failures raise GrundyError (with .file, .line, .col, .message), LimitError and
ExpectationError. The language and the JSON objects are described in the documentation installed with
grundy (docs/language.md, docs/python.md).
"""
from ._native import lib as _lib
from . import _native
from .errors import ExpectationError, GrundyError, GrundyWarning, Interrupted, LimitError
from .results import Answer, Drawing, Move, MoveList, Result, Table
from .session import Session

__version__ = _lib.gr_version().decode()

__all__ = ["Session", "GrundyError", "LimitError", "ExpectationError", "Interrupted", "GrundyWarning", "Answer",
           "Table", "Drawing", "Move", "MoveList", "Result", "incomplete", "__version__"]


def incomplete(text):
    """True when text ends inside an item (an unclosed bracket, a definition cut short): an interactive client
    reads more lines before it evaluates it."""
    data = _native.text(text)
    return bool(_lib.gr_incomplete(data, len(data)))
