"""Checks that each table of an accel-sim --profile report adds up to the
run's cycles, bundles and stall cycles from its --stats-json file.

usage: profile_totals.py PROFILE_TEXT STATS_JSON
Prints "<table>: cycles, bundles and stalls add up" per table, or what
differs (and exits 1).
"""
import json
import sys


def tables(lines):
    """[(name, rows)]: each row is [cycles, bundles, instructions, stalls]."""
    found = []
    for line in lines:
        if line.startswith("      cycles"):
            found.append((line.split()[-1], []))
        elif found and line[:12].strip().isdigit() and "more)" not in line:
            found[-1][1].append([int(w) for w in line.split()[:5]
                                 if w.isdigit()])
    return found


def main():
    with open(sys.argv[1]) as f:
        text = f.read().splitlines()
    with open(sys.argv[2]) as f:
        stats = json.load(f)
    want = (stats["cycles"], stats["bundles"], sum(stats["stalls"].values()))
    failed = 0
    for name, rows in tables(text):
        # The table must list every row: run with --profile=<large>.
        got = (sum(r[0] for r in rows), sum(r[1] for r in rows),
               sum(r[3] for r in rows))
        if got == want:
            print("%s: cycles, bundles and stalls add up" % name)
        else:
            print("%s: rows give %s, the run %s" % (name, got, want))
            failed = 1
    return failed


if __name__ == "__main__":
    sys.exit(main())
