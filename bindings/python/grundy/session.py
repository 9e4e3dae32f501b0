"""session: grundy.Session, a libgrundy session: definitions, solved values and options that last across calls."""
import ctypes
import gc
import json
import operator
import queue
import threading
import warnings

from . import _native
from ._interrupt import watcher
from ._native import lib
from .errors import ExpectationError, GrundyError, GrundyWarning, Interrupted, LimitError
from .results import Answer, Move, MoveList, wrap

# Session(...) keywords and the engine's option each sets.
OPTIONS = {
    "max_states": "max-states", "max_instances": "max-instances", "max_steps": "max-steps",
    "max_memory": "max-memory", "timeout": "timeout", "jobs": "jobs", "jobs_after": "jobs-after",
    "strategy": "strategy",
}


def _option_text(value):
    if isinstance(value, bool):
        raise TypeError("an option's value is a number or a text, not %r" % value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value)


class Session:
    """A session of the Grundy engine: the standard library, the definitions of every text evaluated so far, the
    values solved so far, and its options.

        s = grundy.Session(max_states=10**6, timeout=10)
        s.eval("game Sub(n) { move take(k in {1, 3, 4}) when k <= n => Sub(n - k); }")
        s.query("Sub(9)")["outcome"]          # 'P': every move from 9 leads to an N-position
        s.table("Sub(0..20)").grid            # [0, 1, 0, 1, 2, 3, 2, 0, ...]

    Options (keywords, all optional; the command line's defaults otherwise): max_states, max_instances,
    max_steps (positive ints), max_memory (bytes as an int, or a text with K, M, G: "512M"), timeout (seconds,
    0: none; each call gets the whole time), jobs (worker processes for a long claim, table or period; "auto":
    one per idle processor, kept only while they pay), jobs_after (seconds), strategy ("closed", "table", "memo", ...; "auto"). None leaves an
    option at its default.

    A session may be used from several threads: its calls take turns (each holds the session's lock), and the
    engine runs with the GIL released, so two sessions in two threads run at once. Ctrl-C interrupts a call the
    main thread makes (KeyboardInterrupt), and the session goes on. Closing it (close(), or a with block) frees
    the engine's memory at once; otherwise that happens when it is garbage-collected.
    """

    def __init__(self, **options):
        self._ptr = None
        ptr = lib.gr_session_new()
        if not ptr:
            raise MemoryError("grundy: cannot create a session")
        self._ptr = ptr
        self._lock = threading.Lock()       # a call at a time
        self._ptr_lock = threading.Lock()   # _ptr against interrupt() from another thread while close() frees it
        lib.gr_session_set(ptr, b"output", b"json")   # (what gr_exec writes: stream's objects)
        try:
            self.set(**options)
        except BaseException:
            self.close()
            raise

    # ---- life ----

    def close(self):
        """Free the engine's session (after the call running in it, if any); later calls raise ValueError."""
        with self._lock:
            self._free()

    def _free(self):
        with self._ptr_lock:
            ptr, self._ptr = self._ptr, None
            if ptr:
                watcher.leave(id(self))   # (never left registered for a Ctrl-C to reach)
                lib.gr_session_free(ptr)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        if getattr(self, "_ptr", None):
            self._free()

    def __repr__(self):
        return "<grundy.Session %s>" % ("closed" if not self._ptr else "max_states=%s" % self.get("max_states"))

    def _no_copy(self, *args):
        raise TypeError("a grundy.Session cannot be copied or pickled (it holds the engine's memory): create a new "
                        "Session and eval the same definitions in it")

    __copy__ = __deepcopy__ = __reduce__ = __reduce_ex__ = __getstate__ = _no_copy

    def _session(self):
        if not self._ptr:
            raise ValueError("the session is closed")
        return self._ptr

    # ---- options ----

    def set(self, **options):
        """Set options, as the constructor's keywords: s.set(max_states=10**7, timeout=5). All or none: an
        unknown keyword (TypeError) or a bad value (ValueError) leaves every option as it was. None: no change."""
        for key in options:
            if key not in OPTIONS:
                raise TypeError("unknown option %r (options: %s)" % (key, ", ".join(sorted(OPTIONS))))
        wanted = [(OPTIONS[k], _option_text(v)) for k, v in options.items() if v is not None]
        with self._lock:
            ptr = self._session()
            done = []
            for name, text in wanted:
                old = lib.gr_session_get(ptr, name.encode())
                if lib.gr_session_set(ptr, name.encode(), _native.text(text)):
                    for n, o in reversed(done):
                        lib.gr_session_set(ptr, n, o)
                    key = [k for k, v in OPTIONS.items() if v == name][0]
                    raise ValueError("bad value for %s: %r" % (key, options[key]))
                done.append((name.encode(), old))

    def get(self, option):
        """An option's value as text: s.get("max_states") -> "50000000". An unknown option raises KeyError."""
        name = OPTIONS.get(option)
        if name is None:
            raise KeyError("unknown option %r (options: %s)" % (option, ", ".join(sorted(OPTIONS))))
        with self._lock:
            v = lib.gr_session_get(self._session(), name.encode())
        return v.decode("utf-8") if v is not None else None

    def set_input(self, text):
        """What read_ints("-"), read_lines("-") and read_digraph("-") read from now on (in order), instead of
        standard input: a str, or bytes."""
        if isinstance(text, str):
            data = text.encode("utf-8")
        elif isinstance(text, (bytes, bytearray, memoryview)):
            data = bytes(text)
        else:
            raise TypeError("set_input takes a str or bytes, not %s" % type(text).__name__)
        with self._lock:
            if lib.gr_session_set_input(self._session(), data, len(data)):
                raise MemoryError("grundy: out of memory")

    @property
    def memory(self):
        """The bytes the session holds now, as max_memory counts them."""
        with self._lock:
            return lib.gr_session_memory(self._session())

    @property
    def positions(self):
        """How many positions the session has stored."""
        with self._lock:
            return lib.gr_session_positions(self._session(), None)

    def interrupt(self):
        """Stop the call running in this session (from another thread): it raises Interrupted. No effect when
        none runs."""
        with self._ptr_lock:
            if self._ptr:
                lib.gr_interrupt(self._ptr)

    # ---- calls ----

    def _call(self, fn, *args):
        """fn(session, *args) under the session's lock, interruptible by Ctrl-C on the main thread; returns its
        status, and on a failure the messages' text it wrote and where it stopped (an interrupt). (No Python
        callback runs during the call: one would take the KeyboardInterrupt of a Ctrl-C and lose it.)"""
        with self._lock:
            ptr = self._session()
            key = id(self)
            try:
                watcher.enter(key, ptr)
                st = fn(ptr, *args)
            finally:   # (also when a KeyboardInterrupt came inside enter, once registered)
                watcher.leave(key)
            text = lib.gr_session_last_messages(ptr)
            text = text.decode("utf-8", "replace") if text else ""
            if st == _native.OK:
                if text:   # notes and warnings of a text that ran
                    warnings.warn(GrundyWarning(text.rstrip("\n")), stacklevel=3)
                return st, "", None
            stopped = lib.gr_stopped_at(ptr) if st == _native.INTERRUPTED else None
            return st, text, stopped.decode("utf-8", "replace") if stopped else None

    def eval(self, text, name=None):
        """Evaluate text (definitions and statements; a bare position is a query) as `grundy --json -e TEXT`
        would, and return the JSON objects it prints, in order, as dicts (Answer, Table, Drawing for queries,
        tables and drawings). Definitions stay in the session, and a later text may redefine them (as in the
        REPL). name is the file name in messages (default "<eval>").

        Raises GrundyError (it did not compile, or a statement failed: exit status 3), LimitError (a limit
        stopped it: 4), ExpectationError (an expect or claim failed: 1; every statement ran), Interrupted
        (Session.interrupt: 130) or KeyboardInterrupt (Ctrl-C); each carries the objects printed before it in
        .results."""
        out = ctypes.c_void_p()
        data = _native.text(text)
        cname = _native.text(name) if name is not None else None
        try:
            st, msgs, stopped = self._call(lib.gr_eval, data, cname, ctypes.byref(out))
        finally:
            lines = _native.take_text(out)
        objs = _parse_lines(lines, st == _native.OK)
        if st != _native.OK:
            raise _failure(st, objs, msgs, stopped)
        return objs

    def stream(self, text, name=None):
        """Evaluate text as eval does, yielding each statement's object as soon as the statement ends (a long
        claim, table or period's answer arrives when it is found, not when the whole text is done):

            for obj in s.stream(open("lecture.game").read(), name="lecture.game"):
                print(obj["kind"], obj.get("outcome", ""))

        The engine runs on a thread of its own while the caller takes the objects (the session stays busy
        until the text ends). A failure raises what eval raises, after the objects before it; Ctrl-C while
        waiting stops the engine (KeyboardInterrupt), and so does closing the iterator early (close(), or the
        loop ending it: `for o in s.stream(...): break` does; a generator kept in a variable needs close() or
        contextlib.closing). The rest of the text then does not run."""
        data = _native.text(text)
        cname = _native.text(name) if name is not None else None
        items = queue.Queue()
        pending = [b""]
        messages = []

        def write(ctx, stream, chunk, n):
            part = ctypes.string_at(chunk, n)
            if stream == 2:
                messages.append(part)
                return 0
            lines = (pending[0] + part).split(b"\n")
            pending[0] = lines.pop()
            for line in lines:
                items.put(("obj", line))
            return 0

        writer = _native.WRITE_FN(write)
        cancelled = []

        def run():
            try:
                with self._lock:
                    ptr = self._session()
                    if cancelled:   # (the caller left before the engine started)
                        items.put(("end", (_native.INTERRUPTED, None)))
                        return
                    st = lib.gr_exec(ptr, data, cname, writer, None)
                    stopped = lib.gr_stopped_at(ptr) if st == _native.INTERRUPTED else None
                items.put(("end", (st, stopped.decode("utf-8", "replace") if stopped else None)))
            except BaseException as e:   # (a closed session)
                items.put(("raise", e))

        worker = threading.Thread(target=run, name="grundy-stream", daemon=True)
        worker.start()
        objs = []
        finished = False
        try:
            while True:
                what, item = items.get()
                if what == "obj":
                    obj = wrap(json.loads(item))
                    objs.append(obj)
                    if obj.get("kind") != "error":
                        yield obj
                elif what == "raise":
                    finished = True
                    raise item
                else:
                    finished = True
                    st, stopped = item
                    text = b"".join(messages).decode("utf-8", "replace")
                    if st != _native.OK:
                        raise _failure(st, objs, text, stopped)
                    if text:   # notes and warnings of a text that ran
                        warnings.warn(GrundyWarning(text.rstrip("\n")), stacklevel=2)
                    return
        finally:
            if not finished:   # Ctrl-C, or the caller left the loop: stop the engine and wait for it
                cancelled.append(True)
                while worker.is_alive():
                    self.interrupt()
                    worker.join(0.05)

    def query(self, pos):
        """One position's answer, as `query POS;` gives it in --json: an Answer (a dict) with "position" (the
        position normalised: a text that reads back), "outcome" ('P', 'N' or 'D'), "sg" (an int of any size, or
        None), "winning" (the positions the winning moves reach), "moves" (each winning move: "component",
        "copies", "label", "args", "result"), "strategy", and for some games "gamma", "remoteness", "value",
        "drawing", "defence", "components". pos is one position ("Nim(3, 4, 5)", "misere(Kayles(7))"); a text
        with a definition or more than one statement raises GrundyError."""
        out, errs = ctypes.c_void_p(), ctypes.c_void_p()
        data = _native.text(pos)
        st = None
        try:
            st, msgs, stopped = self._call(lib.gr_query_json, data, None, ctypes.byref(out), ctypes.byref(errs))
        finally:
            obj = _native.take_text(out)
            if st == _native.OK:
                lib.gr_free(errs.value)   # ("" on a success)
                errs.value = None
            err_lines = _native.take_text(errs)
        if st != _native.OK:
            errors = [json.loads(line) for line in err_lines.splitlines()] if err_lines else []
            raise _failure(st, errors, msgs, stopped)
        return Answer(json.loads(obj))

    def _statement(self, keyword, body, suffix=""):
        """The one object of `KEYWORD (BODY)SUFFIX;`: the parentheses keep body one expression (a `;` or a
        definition in it is a syntax error, so nothing else runs or stays). Errors' columns count in body, as
        the caller wrote it."""
        prefix = keyword + " ("
        name = "<%s>" % keyword
        try:
            objs = self.eval(prefix + body + ")" + suffix, name=name)
        except GrundyError as e:
            def shift(col):
                return max(1, col - len(prefix))
            if e.line == 1 and e.col:
                e.col = shift(e.col)
            for err in e.errors:
                if err.get("line") == 1 and err.get("col"):
                    err["col"] = shift(err["col"])
            e.text = "\n".join(_shift_header(line, name, shift) for line in e.text.split("\n"))
            raise
        if len(objs) != 1 or objs[0].get("kind") != keyword:
            raise GrundyError("%s needs one %s, such as %s, and no other statement" % (
                keyword, "position" if keyword == "draw" else "table expression",
                "Nim(1, 2)" if keyword == "draw" else "Kayles(0..30)"), results=objs)
        return objs[0]

    def table(self, spec):
        """A table statement's values: s.table("Kayles(0..30)"), s.table("Cutting(2..50, 2..50)"),
        s.table("outcome(Wythoff(0..10, 0..10))"). Returns a Table (a dict with "position", "ranges" and
        "values", "rows" or "layers"): t.grid, t.cell(3, 4), t.to_numpy(), t.to_pandas()."""
        return self._statement("table", spec)

    def draw(self, pos, depth=None):
        """The game graph below pos (depth moves deep, 0 to 50, as `draw POS depth N;`; default the statement's)
        as a Drawing: d.dot (Graphviz DOT), d.svg(); a notebook shows it as SVG when Graphviz is installed."""
        suffix = "" if depth is None else " depth %d" % operator.index(depth)
        return self._statement("draw", pos, suffix)

    def moves(self, pos, limit=2000):
        """Every move of pos in the rules' order (not only the winning ones), as a MoveList (a list of Move
        dicts: "component", "rule", "args", "result", "copies", "outcome", "value", "best"; in a partizan position
        also "side", "L" or "R": whose move it is, a move open to both listed once for each, "value" the
        canonical form's text, "outcome" L, R, P or N and "best" a move that wins for its maker). At most limit
        moves (a positive int, or None: all); .incomplete is True when there were more. A result's "value" is
        what a query of it gives: None where only a long search would find an SG value (past four such
        searches in one listing, the rest get their outcomes alone)."""
        ans, errs = ctypes.c_void_p(), ctypes.c_void_p()
        data = _native.text(pos)
        if limit is None:
            cap = ctypes.c_size_t(-1).value
        else:
            cap = operator.index(limit)
            if cap < 1:
                raise ValueError("limit must be a positive int or None, not %r" % (limit,))
        try:
            st, msgs, stopped = self._call(lib.gr_position, data, None, _native.EVERY_MOVE, cap, ctypes.byref(ans),
                                           ctypes.byref(errs))
            if st != _native.OK:
                err_lines = _native.take_text(errs)
                errors = [json.loads(line) for line in err_lines.splitlines()] if err_lines else []
                raise _failure(st, errors, msgs, stopped)
            return _moves(ans)
        finally:
            _native.take_text(errs)   # (freed however the call ended; nothing when taken above)
            if ans.value:
                lib.gr_answer_free(ans.value)


def _parse_lines(lines, whole=True):
    """The result objects of JSON lines. A long output is parsed with the garbage collector paused: its
    passes over the young objects would double the time of 10^5 objects, and they make no cycles. whole
    False (a failed call, whose output a limit may have cut): a line that does not parse is left out."""
    if not lines:
        return []
    rows = lines.splitlines()

    def parse():
        out = []
        for line in rows:
            try:
                out.append(wrap(json.loads(line)))
            except ValueError:
                if whole:
                    raise
        return out
    if len(rows) < 1000 or not gc.isenabled():
        return parse()
    gc.disable()
    try:
        return parse()
    finally:
        gc.enable()


def _dec(b):
    return b.decode("utf-8", "replace") if b is not None else None


def _int_or_text(t):
    try:
        return int(t)
    except (TypeError, ValueError):
        return t


def _binder_value(t):
    """A binder's value from its text: an int, a str (a string's text is quoted), a list; else the text."""
    if t is None:
        return None
    if t[:1] in ('"', "["):
        try:
            return json.loads(t)
        except ValueError:
            return t[1:-1] if t[:1] == '"' else t
    return _int_or_text(t)


def _shift_header(line, name, shift):
    """A message's first line "NAME:1:COL: ..." with its column shifted (other lines as they are)."""
    head = name + ":1:"
    if not line.startswith(head):
        return line
    col, sep, rest = line[len(head):].partition(":")
    return head + str(shift(int(col))) + sep + rest if col.isdigit() and sep else line


def _moves(ans):
    """The moves of a GR_EVERY_MOVE answer as Move dicts."""
    a = ans.value
    comp, rule, args, result = (ctypes.c_char_p() for _ in range(4))
    copies = ctypes.c_ulonglong()
    value, gain, after, worth = (ctypes.c_char_p() for _ in range(4))
    kind, best = ctypes.c_int(), ctypes.c_int()
    name, text = ctypes.c_char_p(), ctypes.c_char_p()
    ival = ctypes.c_longlong()
    out = MoveList()
    out.incomplete = bool(lib.gr_answer_incomplete(a))
    for i in range(lib.gr_answer_move_count(a)):
        lib.gr_answer_move(a, i, ctypes.byref(comp), ctypes.byref(rule), ctypes.byref(args), ctypes.byref(result),
                           ctypes.byref(copies))
        outcome = lib.gr_answer_move_value(a, i, ctypes.byref(value), ctypes.byref(kind), ctypes.byref(best),
                                           ctypes.byref(gain), ctypes.byref(after), ctypes.byref(worth))
        binders = {}
        for j in range(lib.gr_answer_binder_count(a, i)):
            is_int = lib.gr_answer_binder(a, i, j, ctypes.byref(name), ctypes.byref(text), ctypes.byref(ival))
            binders[_dec(name.value)] = ival.value if is_int == 1 else _binder_value(_dec(text.value))
        form = kind.value == _native.VALUE_FORM   # a partizan position: the canonical form's text, whose move
        m = Move(component=_dec(comp.value), rule=_dec(rule.value), args=binders, result=_dec(result.value),
                 copies=copies.value, outcome=outcome.decode(),
                 value=_dec(value.value) if form else _int_or_text(_dec(value.value)), best=bool(best.value))
        if form:
            m["side"] = lib.gr_answer_move_side(a, i).decode()
        if gain.value is not None:
            m.update(gain=_int_or_text(_dec(gain.value)), after=_int_or_text(_dec(after.value)),
                     worth=_int_or_text(_dec(worth.value)))
        out.append(m)
    return out


def _failure(st, objs, msgs, stopped):
    """The exception for a call that returned status st, with the objects it printed and its messages."""
    errors = [o for o in objs if o.get("kind") == "error"]
    results = [o for o in objs if o.get("kind") != "error"]
    if st == _native.EXPECT:
        failures = [o for o in objs if o.get("kind") in ("expect", "claim") and o.get("ok") is False]
        return ExpectationError(failures, results=results, text=msgs)
    if st == _native.INTERRUPTED:
        return Interrupted("interrupted" + (" at %s" % stopped if stopped else ""), stopped_at=stopped,
                           results=results, text=msgs)
    first = errors[0] if errors else {}
    cls = LimitError if st == _native.LIMIT else GrundyError
    message = first.get("message") or (msgs.strip() or "the engine failed with status %d" % st)
    return cls(message, file=first.get("file"), line=first.get("line"), col=first.get("col"), errors=errors,
               results=results, text=msgs, status=st)
