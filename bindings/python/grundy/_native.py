"""_native: finds and loads libgrundy (the engine's C library) and declares the C functions the module calls.

Where the library is looked for, first found wins:
  1. the file named by the environment variable GRUNDY_LIBRARY;
  2. an installed module's own library: _config.py (written by `make install`) names the configured libdir
     and package directory: first the libdir as seen from where the package is now (a DESTDIR, a moved
     prefix), then the configured libdir itself;
  3. the build tree, when the package is imported from the source tree of an in-tree build (.libs/);
  4. the system's search path (ctypes.util.find_library("grundy")).

ctypes releases the GIL around every call of a CDLL function, so the engine runs while other Python threads do.
"""
import ctypes
import ctypes.util
import os

SONAME = "libgrundy.so.0"

_here = os.path.dirname(os.path.abspath(__file__))


def _candidates():
    env = os.environ.get("GRUNDY_LIBRARY")
    if env:
        yield env
        return
    try:
        from . import _config  # written by make install
    except ImportError:
        _config = None
    if _config is not None:   # (where the package is now first: a DESTDIR or a moved prefix)
        rel = os.path.relpath(_config.LIBDIR, os.path.dirname(_config.PACKAGEDIR))
        yield os.path.normpath(os.path.join(os.path.dirname(_here), rel, SONAME))
        yield os.path.join(_config.LIBDIR, SONAME)
    yield os.path.normpath(os.path.join(_here, "..", "..", "..", ".libs", SONAME))
    found = ctypes.util.find_library("grundy")
    if found:
        yield found


def _load():
    tried = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            tried.append(path)
            continue
        try:
            return ctypes.CDLL(path)
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
    raise ImportError("grundy: cannot find the engine's library %s (looked at: %s); set GRUNDY_LIBRARY to its path"
                      % (SONAME, ", ".join(tried) or "nothing"))


lib = _load()

c_char_p = ctypes.c_char_p
c_void_p = ctypes.c_void_p
c_int = ctypes.c_int
c_size_t = ctypes.c_size_t
c_ull = ctypes.c_ulonglong
c_ll = ctypes.c_longlong
POINTER = ctypes.POINTER
# gr_write_fn: where gr_exec writes (Session.stream: called on the engine's own thread, never the main one)
WRITE_FN = ctypes.CFUNCTYPE(c_int, c_void_p, c_int, ctypes.POINTER(ctypes.c_char), c_size_t)
# Out parameters the library fills with memory of its own, freed with gr_free: void ** so ctypes keeps the address.
c_char_pp = POINTER(c_void_p)

# Status codes, as the command line's exit statuses.
OK, EXPECT, USAGE, COMPILE, LIMIT, INTERRUPTED = 0, 1, 2, 3, 4, 130

# gr_position's what.
EVERY_MOVE = 2
# gr_answer_move_value's kind of a partizan position's canonical form (GR_VALUE_FORM).
VALUE_FORM = 4

_protos = {
    "gr_version": (c_char_p, []),
    "gr_session_new": (c_void_p, []),
    "gr_session_free": (None, [c_void_p]),
    "gr_session_memory": (c_ull, [c_void_p]),
    "gr_session_set": (c_int, [c_void_p, c_char_p, c_char_p]),
    "gr_session_get": (c_char_p, [c_void_p, c_char_p]),
    "gr_session_set_input": (c_int, [c_void_p, c_char_p, c_size_t]),
    "gr_session_last_messages": (c_char_p, [c_void_p]),
    "gr_eval": (c_int, [c_void_p, c_char_p, c_char_p, c_char_pp]),
    "gr_exec": (c_int, [c_void_p, c_char_p, c_char_p, WRITE_FN, c_void_p]),
    "gr_query_json": (c_int, [c_void_p, c_char_p, c_char_p, c_char_pp, c_char_pp]),
    "gr_position": (c_int, [c_void_p, c_char_p, c_char_p, c_int, c_size_t, POINTER(c_void_p), c_char_pp]),
    "gr_draw": (c_int, [c_void_p, c_char_p, c_char_p, c_int, c_char_pp, c_char_pp]),
    "gr_stopped_at": (c_char_p, [c_void_p]),
    "gr_session_positions": (c_ull, [c_void_p, c_void_p]),
    "gr_interrupt": (None, [c_void_p]),
    "gr_incomplete": (c_int, [c_char_p, c_size_t]),
    "gr_free": (None, [c_void_p]),
    "gr_answer_free": (None, [c_void_p]),
    "gr_answer_position": (c_char_p, [c_void_p]),
    "gr_answer_outcome": (ctypes.c_char, [c_void_p]),
    "gr_answer_incomplete": (c_int, [c_void_p]),
    "gr_answer_move_count": (c_size_t, [c_void_p]),
    "gr_answer_move": (c_int, [c_void_p, c_size_t, POINTER(c_char_p), POINTER(c_char_p), POINTER(c_char_p),
                               POINTER(c_char_p), POINTER(c_ull)]),
    "gr_answer_binder_count": (c_size_t, [c_void_p, c_size_t]),
    "gr_answer_binder": (c_int, [c_void_p, c_size_t, c_size_t, POINTER(c_char_p), POINTER(c_char_p), POINTER(c_ll)]),
    "gr_answer_move_value": (ctypes.c_char, [c_void_p, c_size_t, POINTER(c_char_p), POINTER(c_int), POINTER(c_int),
                                             POINTER(c_char_p), POINTER(c_char_p), POINTER(c_char_p)]),
    "gr_answer_move_side": (ctypes.c_char, [c_void_p, c_size_t]),
}
def _declare():
    for name, (res, args) in _protos.items():
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = args


_declare()


def take_text(ptr):
    """The text of a char * the library handed out (a c_void_p), decoded, and the memory freed; None for NULL."""
    if not ptr.value:
        return None
    try:
        return ctypes.string_at(ptr.value).decode("utf-8", "replace")
    finally:
        lib.gr_free(ptr.value)
        ptr.value = None


def text(s):
    """A C string (bytes) of a Python str, refusing NUL bytes as the engine would."""
    if not isinstance(s, str):
        raise TypeError("expected a str, got %s" % type(s).__name__)
    if "\0" in s:
        raise ValueError("the text has a NUL character")
    return s.encode("utf-8")
