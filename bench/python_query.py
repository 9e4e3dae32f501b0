"""python_query: the Python side of bench case (y): N Session.query calls of small positions (the list of
engine_query.c), then the same N queries as one Session.eval. Prints the microseconds a query of each and the
checksum of the SG values (engine_query.c's must be the same)."""
import sys
import time

import grundy


def position(i):
    return "Kayles(%d)" % (i % 60) if i % 2 else "Nim(%d, 4, 5)" % (i % 50)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    s = grundy.Session()
    positions = [position(i) for i in range(n)]
    total = 0
    t0 = time.perf_counter()
    for p in positions:
        total += s.query(p)["sg"]
    per_call = (time.perf_counter() - t0) * 1e6 / n
    text = "".join("query %s;\n" % p for p in positions)
    t0 = time.perf_counter()
    objs = s.eval(text)
    per_eval = (time.perf_counter() - t0) * 1e6 / n
    assert sum(o["sg"] for o in objs) == total
    print("%.2f %.2f %d" % (per_call, per_eval, total))


main()
