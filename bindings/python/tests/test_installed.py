"""test_installed: the module as make install put it (tests/install.sh, .ci/run): imported from the installed
directory, it loads the installed libgrundy by itself (no GRUNDY_LIBRARY), and answers."""
import os
import unittest

import grundy
from grundy import _native

PREFIX = os.environ.get("GRUNDY_INSTALLED_PREFIX")


@unittest.skipIf(not PREFIX, "GRUNDY_INSTALLED_PREFIX is not set (tests/install.sh sets it)")
class Installed(unittest.TestCase):
    def test_found_in_the_prefix(self):
        self.assertNotIn("GRUNDY_LIBRARY", os.environ)
        prefix = os.path.realpath(PREFIX)
        self.assertTrue(os.path.realpath(grundy.__file__).startswith(prefix + os.sep), grundy.__file__)
        self.assertTrue(os.path.realpath(_native.lib._name).startswith(prefix + os.sep), _native.lib._name)
        from grundy import _config
        self.assertTrue(os.path.isabs(_config.LIBDIR))

    def test_answers(self):
        with grundy.Session(max_states=10 ** 6) as s:
            self.assertEqual(s.query("Nim(3, 4, 5)")["sg"], 2)
            self.assertEqual(s.table("Kayles(0..12)").grid, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4])
            with self.assertRaises(grundy.GrundyError) as c:
                s.eval("query Foo(1);")
            self.assertEqual((c.exception.line, c.exception.col), (1, 7))


if __name__ == "__main__":
    unittest.main()
