"""Runs a command and checks its exit status.

Usage: expect_exit.py STATUS COMMAND [ARGS...]

Standard output and error pass through, so the command's output can be
FileChecked. Exits 0 when the command exited with STATUS, 1 otherwise.
"""
import subprocess
import sys

expected = int(sys.argv[1])
status = subprocess.call(sys.argv[2:])
if status != expected:
    sys.stderr.write(
        "expect_exit: %s exited with %d, expected %d\n"
        % (sys.argv[2], status, expected)
    )
    sys.exit(1)
