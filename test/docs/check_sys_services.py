"""Checks docs/simulator.md's table of sys services against
sim/SystemServices.def, the list the simulator and the runtime are built
from: the same numbers with the same names, none missing, none extra.
Prints each disagreement and exits 1 if there is one.

Usage: check_sys_services.py <source root>
"""
import os
import re
import sys


def main():
    root = sys.argv[1]
    with open(os.path.join(root, "sim", "SystemServices.def")) as f:
        defined = {int(n): name for n, name in re.findall(
            r"^SYS_(?:SERVICE|POSIX|BUILTIN)\((\d+), (\w+)\)", f.read(), re.M)}
    with open(os.path.join(root, "docs", "simulator.md")) as f:
        text = f.read()
    section = text.split("## System services", 1)[1].split("\n## ", 1)[0]
    documented = {int(n): name for n, name in re.findall(
        r"^\| (\d+) \| `(\w+)` \|", section, re.M)}
    problems = []
    for n in sorted(set(defined) | set(documented)):
        if n not in documented:
            problems.append("service %d (%s) is not documented" % (n, defined[n]))
        elif n not in defined:
            problems.append("documented service %d (%s) does not exist"
                            % (n, documented[n]))
        elif defined[n] != documented[n]:
            problems.append("service %d is %s, documented as %s"
                            % (n, defined[n], documented[n]))
    for p in problems:
        print(p)
    print("%d services, %d problems" % (len(defined), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
