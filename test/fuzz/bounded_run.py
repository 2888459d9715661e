"""Runs one child of the fuzzing suites so that it cannot get away: in its
own process group (a timeout kills whatever it started too), with a file
size limit (a runaway output cannot fill the disk) and a 4 GiB address
space limit."""
import os
import resource
import subprocess


def run_bounded(cmd, timeout, file_limit, capture_stdout=True, cwd=None):
    """(returncode or 'timeout', stdout, stderr) of cmd, decoded; stdout is
    '' when not captured."""
    def limits():
        resource.setrlimit(resource.RLIMIT_FSIZE, (file_limit, file_limit))
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))

    # No child reads its input from the terminal (a fuzzed program's read of
    # descriptor 0 sees the end).
    proc = subprocess.Popen(
        cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE if capture_stdout else subprocess.DEVNULL,
        stderr=subprocess.PIPE, start_new_session=True, preexec_fn=limits,
        cwd=cwd)
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, 9)
        proc.communicate()
        return "timeout", "", ""
    return (proc.returncode, (out or b"").decode(errors="replace"),
            err.decode(errors="replace"))
