"""Pausing Python's cyclic garbage collector while a file's value tree is built and checked.

Loading a definition allocates many small objects that stay alive until the file is done; the cyclic
collector would walk them again and again, for nothing: the trees hold no reference cycles (children
never point back at parents, and the JavaScript loader drops its closures once evaluated), so
reference counting frees each file's objects and memory stays flat while the collector is paused.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["gc_paused"]


@contextmanager
def gc_paused(pause: bool = True) -> Iterator[None]:
    """Run the block with the cyclic collector paused (when `pause`); nested pauses are fine: the
    outermost one turns it back on, and only when it was on before."""
    was_enabled = pause and gc.isenabled()
    if was_enabled:
        gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
