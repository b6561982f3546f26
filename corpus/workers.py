"""The worker processes of mtgcr's pools (ingest's parsing, the alignments stored after an
ingest, build's reports): how many, and how each starts.

Results never depend on the number of workers (the main process alone writes, in order).
"""

from __future__ import annotations

import os
import signal
import sys

__all__ = ["WORKERS", "usable_cpus", "worker_start"]


def usable_cpus() -> int:
    """The processors this process may run on (its CPU affinity where the system tells it,
    else ``os.cpu_count()``), at least 1."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # not Linux
        return max(1, os.cpu_count() or 1)


#: Worker processes per pool: one per usable processor, at most 4 (each holds two releases
#: or a file's parse, 60–150 MB; more workers than that gain little beside the one writer).
WORKERS = min(4, usable_cpus())


def _die_with_parent() -> None:
    """Ask the kernel (Linux ``prctl(PR_SET_PDEATHSIG)``) to send this worker SIGTERM when the
    process that started it ends, however it ends (SIGTERM from ``timeout`` or systemd,
    SIGKILL): a worker never outlives the run holding the store open. Elsewhere nothing is
    done (the pool's own shutdown still stops the workers on Ctrl-C and on errors)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGTERM), 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
        if os.getppid() == 1:  # the parent ended before the request took effect
            os._exit(1)
    except (OSError, AttributeError):  # pragma: no cover - no libc prctl: rely on the pool
        pass


def worker_start() -> None:
    """The initializer of every worker process of mtgcr: Ctrl-C is the main process's to
    handle (it stops the run and says so, in one line); the worker yields the processor to
    the main process, whose writes are the critical path (on a busy machine the workers
    would otherwise slow it down)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the main process's handler (forked)
    _die_with_parent()
    try:
        os.nice(5)
    except OSError:  # pragma: no cover - not allowed here: run at the same priority
        pass
