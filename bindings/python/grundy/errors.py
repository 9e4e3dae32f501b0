"""errors: the exceptions a session raises, one per failing exit status of the command line."""
import re


def _rebuild(cls, args, state):
    """An exception again from its pickled parts (its args and attributes): what __reduce__ hands pickle."""
    e = cls.__new__(cls)
    Exception.__init__(e, *args)
    e.__dict__.update(state)
    return e


class GrundyWarning(UserWarning):
    """A note the engine wrote for a text that ran (a definition shadowing the standard library's, ...): the
    message as the command line prints it, with its source line and caret."""


class GrundyError(Exception):
    """A program did not compile or failed while it ran (the command line's exit status 3).

    Attributes: message (the first error's text), file, line, col (where it is; None when the error has no
    place), errors (every error object, as the --json output gives them), results (the objects the statements
    before it printed), status (the exit status), and text (the messages as the command line prints them, each
    with its source line and a caret). str() gives "file:line:col: error: message".
    """

    status = 3

    def __init__(self, message, file=None, line=None, col=None, errors=(), results=(), text="", status=None):
        self.message = message
        self.file = file
        self.line = line
        self.col = col
        self.errors = list(errors)
        self.results = list(results)
        self.text = text
        if status is not None:
            self.status = status
        super().__init__(message)

    def __str__(self):
        if self.file is not None and self.line:
            return "%s:%d:%d: error: %s" % (self.file, self.line, self.col or 0, self.message)
        return self.message

    def __reduce__(self):   # (pickled whole: multiprocessing and concurrent.futures send exceptions so)
        return (_rebuild, (type(self), self.args, self.__dict__))


class LimitError(GrundyError):
    """A resource limit stopped the computation (exit status 4): positions, instances, steps, memory, time.

    The message names the game, the figure reached and the command line's option to raise ("--max-states N");
    option is the Session keyword that ran out ("max_states", "max_instances", "max_steps", "max_memory",
    "timeout"; None when no option can help, as for a number too big to hold). The session stays usable: what
    was solved before stays solved.
    """

    status = 4

    def __init__(self, message, **kw):
        found = re.search(r"--(max-states|max-instances|max-steps|max-memory|timeout)\b", message)
        self.option = found.group(1).replace("-", "_") if found else None
        super().__init__(message, **kw)


class Interrupted(GrundyError):
    """The call was stopped by Session.interrupt() from another thread (exit status 130); stopped_at tells
    where ("FILE:LINE: the statement", or None). A Ctrl-C raises Python's own KeyboardInterrupt instead."""

    status = 130

    def __init__(self, message, stopped_at=None, **kw):
        self.stopped_at = stopped_at
        super().__init__(message, **kw)


class ExpectationError(GrundyError):
    """An expect or claim failed (exit status 1). Every statement still ran: results has all their objects.

    failures lists the failed expect/claim objects; the first one's fields are also attributes: counterexample
    (its text, "n = 3 (the left side is 1, the right side is 0)"), binders (dict: {"n": 3}), left and right
    (the two sides of a comparison, or None), file and line.
    """

    status = 1

    def __init__(self, failures, results=(), text=""):
        first = failures[0] if failures else {}
        self.failures = list(failures)
        self.counterexample = first.get("counterexample")
        self.binders = first.get("binders", {})
        self.left = first.get("left")
        self.right = first.get("right")
        kind = first.get("kind", "expect")
        where = self.counterexample
        message = "%s failed" % kind + (": %s" % where if where else "")
        super().__init__(message, file=first.get("file"), line=first.get("line"), col=None, results=results, text=text)

    def __str__(self):
        if self.file is not None and self.line:
            return "%s:%d: %s" % (self.file, self.line, self.message)
        return self.message
