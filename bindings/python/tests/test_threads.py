"""test_threads: Ctrl-C (a real SIGINT from a timer thread) stops a long call with KeyboardInterrupt and the next
call works; Session.interrupt from another thread; two sessions in two threads give what they give one after the
other; one session shared by threads takes turns."""
import glob
import os
import signal
import threading
import time
import unittest

import grundy
from support import SRCDIR, read

LONG = "claim n >= 0 for n in 0..10 ** 14;"   # hours of work


@unittest.skipIf(threading.current_thread() is not threading.main_thread(), "signals go to the main thread")
class CtrlC(unittest.TestCase):
    def test_keyboard_interrupt_stops_the_engine(self):
        # (the timeout ends the call if Ctrl-C does not: the test fails on the time, never hangs)
        with grundy.Session(max_instances=10 ** 15, timeout=20) as s:
            for _ in range(2):   # and a second time: the watcher stays installed
                timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
                timer.start()
                t0 = time.monotonic()
                with self.assertRaises(KeyboardInterrupt):
                    s.eval(LONG)
                elapsed = time.monotonic() - t0
                timer.join()
                self.assertLess(elapsed, 5.0, "the engine went on after Ctrl-C")
                self.assertEqual(s.query("Nim(3, 4, 5)")["sg"], 2)   # the next call works

    def test_after_asyncio_reset_the_wakeup_fd(self):
        """asyncio sets the wakeup fd for its signal handlers and resets it to -1 after them: Ctrl-C still works."""
        import asyncio

        async def handlers():
            loop = asyncio.get_running_loop()
            loop.add_signal_handler(signal.SIGTERM, print)
            loop.remove_signal_handler(signal.SIGTERM)
        with grundy.Session(max_instances=10 ** 15, timeout=20) as s:
            s.eval("print 1;")
            asyncio.run(handlers())
            time.sleep(0.002)   # (the module makes sure of the wakeup fd at most once a millisecond)
            timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
            timer.start()
            t0 = time.monotonic()
            with self.assertRaises(KeyboardInterrupt):
                s.eval(LONG)
            timer.join()
            self.assertLess(time.monotonic() - t0, 5.0)

    def test_in_a_child_of_fork(self):
        """A forked child's Ctrl-C stops the child's engine, and not the parent's."""
        with grundy.Session() as s:
            s.eval("print 1;")   # (the parent's watcher is installed)
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:   # the child: its own session, interrupted by its own SIGINT
            code = 1
            try:
                os.close(r)
                with grundy.Session(max_instances=10 ** 15, timeout=20) as c:
                    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
                    timer.start()
                    t0 = time.monotonic()
                    try:
                        c.eval(LONG)
                    except KeyboardInterrupt:
                        code = 0 if time.monotonic() - t0 < 5.0 else 2
                    timer.join()
            finally:
                os.write(w, bytes([code]))
                os._exit(0)
        os.close(w)
        with grundy.Session(max_instances=10 ** 15) as s:
            # the parent meanwhile: a call of its own, which the child's signal must not stop
            s.eval("claim n >= 0 for n in 0..20000000;")
        got = os.read(r, 1)
        os.close(r)
        os.waitpid(pid, 0)
        self.assertEqual(got, b"\x00", "the child's Ctrl-C did not stop its engine in time")

    def test_keyboard_interrupt_in_a_stream(self):
        with grundy.Session(max_instances=10 ** 15, timeout=20) as s:
            timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
            timer.start()
            t0 = time.monotonic()
            got = []
            with self.assertRaises(KeyboardInterrupt):
                for o in s.stream("print 1; " + LONG):
                    got.append(o)
            timer.join()
            self.assertLess(time.monotonic() - t0, 5.0)
            self.assertEqual(got, [{"kind": "print", "value": 1}])
            self.assertEqual(s.query("Nim(1, 2)")["sg"], 3)

    def test_keyboard_interrupt_in_a_query(self):
        with grundy.Session(max_states=10 ** 9, max_memory="4G", timeout=20) as s:
            s.eval("game G(n, m) { move a when n > 0 => G(n - 1, (m * 7 + 3) % 1000003);"
                   " move b when n > 1 => G(n - 2, m + 1); }")
            timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
            timer.start()
            t0 = time.monotonic()
            with self.assertRaises(KeyboardInterrupt):
                s.query("G(10 ** 12, 5)")
            timer.join()
            self.assertLess(time.monotonic() - t0, 5.0)
            self.assertEqual(s.query("G(4, 1)")["outcome"], "N")


class Interrupt(unittest.TestCase):
    def test_interrupt_from_another_thread(self):
        with grundy.Session(max_instances=10 ** 15, timeout=20) as s:
            timer = threading.Timer(0.3, s.interrupt)
            timer.start()
            with self.assertRaises(grundy.Interrupted) as c:
                s.eval("print 1;\n" + LONG, name="long.game")
            timer.join()
            self.assertEqual(c.exception.status, 130)
            self.assertEqual(c.exception.results, [{"kind": "print", "value": 1}])
            self.assertTrue(c.exception.stopped_at.startswith("long.game:2:"), c.exception.stopped_at)
            self.assertEqual(s.eval("print 2;"), [{"kind": "print", "value": 2}])

    def test_interrupt_when_idle_does_nothing(self):
        with grundy.Session() as s:
            s.interrupt()
            self.assertEqual(s.query("Kayles(7)")["sg"], 2)


def programs():
    files = sorted(glob.glob(os.path.join(SRCDIR, "tests", "golden", "basic", "*.game")))
    files += [f for f in sorted(glob.glob(os.path.join(SRCDIR, "tests", "golden", "regress", "audit_*.game")))
              if "audit_period_" not in f]
    texts = [read(f).decode("utf-8") for f in files]
    return [t for t in texts if "read_" not in t]


def run_all(texts, out):
    with grundy.Session() as s:
        for t in texts:
            try:
                out.append(("ok", s.eval(t)))
            except grundy.GrundyError as e:
                out.append((type(e).__name__, e.results, e.errors))


class Threads(unittest.TestCase):
    def test_two_sessions_in_two_threads(self):
        texts = programs()
        self.assertGreater(len(texts), 20)
        alone = []
        run_all(texts, alone)
        outs = [[], []]
        threads = [threading.Thread(target=run_all, args=(texts, o)) for o in outs]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(outs[0], alone)
        self.assertEqual(outs[1], alone)

    def test_sessions_run_at_once(self):
        """The GIL is released while the engine runs: a Python thread keeps running beside a long call."""
        with grundy.Session(max_instances=10 ** 15, timeout=20) as s:
            ticks = []
            stop = threading.Event()

            def tick():
                while not stop.is_set():
                    ticks.append(1)
                    time.sleep(0.01)
            t = threading.Thread(target=tick)
            t.start()
            timer = threading.Timer(0.5, s.interrupt)
            timer.start()
            with self.assertRaises(grundy.Interrupted):
                s.eval(LONG)
            stop.set()
            t.join()
            timer.join()
            self.assertGreater(len(ticks), 10)

    def test_one_session_shared(self):
        with grundy.Session() as s:
            s.eval("game Sub(n) { move take(k in {1, 3, 4}) when k <= n => Sub(n - k); }")
            want = [s.query("Sub(%d)" % n)["sg"] for n in range(200)]
            results = {}

            def work(k):
                results[k] = [s.query("Sub(%d)" % n)["sg"] for n in range(200)]
            threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            self.assertEqual([results[k] for k in range(4)], [want] * 4)


if __name__ == "__main__":
    unittest.main()
