"""accel.AccelError: what the tools refused, in their words."""


class AccelError(Exception):
    """A tool of the Accel toolchain failed (or refused its input).

    str(error) is the tool's message: the first error line it printed
    (accel-graphc's names the node, its op type and the type). The whole
    of what it printed is in .stderr, the tool's name in .tool."""

    def __init__(self, message, tool=None, stderr=""):
        super().__init__(message)
        self.message = message
        self.tool = tool
        self.stderr = stderr
