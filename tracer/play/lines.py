"""Reading a person's input a line at a time, when the input may not be lines of text.

A pipe may hold anything (``trace play < /dev/zero``), so a line is read only up to a limit, the
rest skipped in bounded chunks, and a line with no end in sight ends the session.
"""

from __future__ import annotations

from collections.abc import Callable

#: Longest line read (a move is a digit or a word, an answer a few); a longer one is skipped.
MAX_LINE = 256
#: Longest line skipped on the way to the next one; a longer one is not text at all.
MAX_SKIP = 1 << 20


def skip_rest_of_line(read: Callable[[int], str], length: int) -> bool:
    """Read on to the end of a line of which ``length`` characters were read already."""
    while chunk := read(1 << 16):  # the chunk's size changes only the speed
        length += len(chunk.rstrip("\n"))
        if length > MAX_SKIP:
            return False
        if chunk.endswith("\n"):
            break
    return True
