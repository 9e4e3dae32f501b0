"""_interrupt: Ctrl-C stops the engine while the main thread waits in a call into it.

Python runs its SIGINT handler (which raises KeyboardInterrupt) only between bytecodes, so it would wait for
the engine's call to return. Its C-level handler, though, writes the signal's number to the wakeup fd
(signal.set_wakeup_fd) at once. This module installs a pipe as that fd and a daemon thread reading it: on a
SIGINT byte it calls gr_interrupt on every session the main thread is running a call in. The engine stops
within milliseconds and returns 130, and Python's handler then raises KeyboardInterrupt as usual.

A wakeup fd someone installed before (asyncio's, say) keeps working: every byte read is written on to it; and
calls check (at most once a millisecond) that the pipe is still the wakeup fd (asyncio resets it to -1 when
its last handler goes).
Only the main thread's calls are registered (signals are handled there). The watcher is one object for the
process (the module's `watcher`): the wakeup fd it installs is the process's. Whatever Python handler SIGINT
has, a Ctrl-C stops the engine; a handler that does not raise (asyncio.Runner's first Ctrl-C cancels a task)
then sees the call end with Interrupted. A child made by os.fork starts afresh (a pipe and a thread of its
own at its first call): the parent's watcher thread is not there, and must not read the child's signals.
"""
import os
import select
import signal
import threading
import time

from ._native import lib

_main_ident = threading.main_thread().ident


class Watcher:
    """The calls of the main thread that a Ctrl-C interrupts.

    A signal interrupts only the calls that were running when it came: the watcher reads the pipe and acts
    under a lock, and a call drains the pipe under the same lock before it registers (what it drains came
    before it: a Ctrl-C whose KeyboardInterrupt Python raised already). Without this, a watcher thread slow
    to get the GIL could stop the call the main thread makes right after the KeyboardInterrupt."""

    def __init__(self):
        self._running = {}          # id -> the session pointer of a call the main thread runs
        self._r = self._w = -1      # our pipe (non-blocking): _w is the wakeup fd we install (-1: none yet)
        self._poll = None           # a poll of _r: whether a byte waits
        self._forward = -1          # the wakeup fd installed before ours
        self._lock = threading.Lock()
        self._checked = -1.0        # when _ensure last made sure of the wakeup fd (time.monotonic)
        self._stale = -1            # in a child of os.fork: the parent's pipe (never forwarded to)

    def _ensure(self):
        """Our pipe is the wakeup fd (again, if someone replaced it since: asyncio sets its own and resets it
        to -1 when its last signal handler goes; what it set is forwarded to). Asked at most once a
        millisecond: the question costs 3 us, a third of a small query. (Whether SIGINT has a Python handler
        is not asked: without one nothing writes the pipe, and asking costs as much again.)"""
        now = time.monotonic()
        if now - self._checked < 0.001:
            return
        self._checked = now
        if self._w < 0:
            r, w = os.pipe()
            os.set_blocking(r, False)
            os.set_blocking(w, False)
            self._r, self._w = r, w
            self._poll = select.poll()
            self._poll.register(r, select.POLLIN)
            threading.Thread(target=self._watch, name="grundy-interrupt", daemon=True).start()
        try:
            old = signal.set_wakeup_fd(self._w, warn_on_full_buffer=False)
        except (ValueError, OSError):
            return
        if old != self._w:
            self._forward = -1 if old == self._stale else old

    def _take(self):
        """The bytes waiting in the pipe (b"" for none), forwarded to the wakeup fd installed before ours."""
        try:
            data = os.read(self._r, 512)
        except (BlockingIOError, InterruptedError):
            return b""
        if data and self._forward >= 0:
            try:
                os.write(self._forward, data)
            except OSError:
                pass
        return data

    def _watch(self):
        sigint = signal.SIGINT.value
        poll = select.poll()
        poll.register(self._r, select.POLLIN)
        while True:
            try:
                poll.poll()
            except InterruptedError:
                continue
            with self._lock:
                if sigint in self._take():
                    for ptr in self._running.values():
                        lib.gr_interrupt(ptr)

    def enter(self, key, ptr):
        """Before a call into session ptr: when on the main thread, a Ctrl-C interrupts it. True if registered."""
        if threading.get_ident() != _main_ident:
            return False
        self._ensure()
        with self._lock:
            if self._poll.poll(0):   # (signals that came before this call are not its)
                self._take()
            self._running[key] = ptr
        return True

    def leave(self, key):
        with self._lock:
            self._running.pop(key, None)


    def _after_fork(self):
        """In a child of os.fork: nothing of the parent's (its pipe stays the parent's to read, and the
        child's signals are not forwarded into it)."""
        parent = self._w
        self.__init__()
        self._stale = parent


watcher = Watcher()
os.register_at_fork(after_in_child=watcher._after_fork)
