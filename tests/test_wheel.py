"""The built wheel: one import package ``mtgcr``, the console script, the bundled sample.

Builds the wheel from this checkout (``pip wheel --no-deps --no-build-isolation``), installs it
without dependencies into a fresh virtual environment whose only other path is the
dependencies' folder of the running interpreter (added by a ``.pth`` line, so the editable
install of the checkout is *not* active there), and runs it from an empty folder.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# One worker builds the wheel for both tests: two workers building it at once collide in the
# checkout's build/ folder ("File exists: build/bdist…/mtgcr-0.1.0.dist-info").
pytestmark = [
    pytest.mark.xdist_group("wheel"),
    pytest.mark.slow,
]  # builds a wheel: not in make test-fast


@pytest.fixture(scope="module")
def wheel_env(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("wheel")
    # one build at a time (pytest-xdist workers): builds share ./build and break each other
    with open(tmp_path_factory.getbasetemp().parent / "mtgcr-wheel.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        out = subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--no-deps",
                "--no-build-isolation",
                "-q",
                "-w",
                str(tmp / "dist"),
                str(ROOT),
            ],
            capture_output=True,
            text=True,
        )
    assert out.returncode == 0, out.stderr
    [whl] = (tmp / "dist").glob("mtgcr-*.whl")
    env_dir = tmp / "venv"
    venv.create(env_dir, with_pip=False)
    py = env_dir / "bin" / "python"
    site = subprocess.run(
        [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (Path(site) / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    with zipfile.ZipFile(
        whl
    ) as z:  # install = unpack (a wheel is a zip laid out for site-packages)
        z.extractall(site)
        names = z.namelist()
    entry = [n for n in names if n.endswith("entry_points.txt")]
    return py, Path(site), names, entry, tmp


def _run(py, code, cwd):
    return subprocess.run(
        [str(py), "-c", code],
        capture_output=True,
        text=True,
        cwd=cwd,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
    )


def test_only_mtgcr_is_importable(wheel_env):
    py, site, names, _, tmp = wheel_env
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"mtgcr"}
    ok = _run(
        py,
        "import mtgcr, mtgcr.corpus, mtgcr.extract, mtgcr.crossref, mtgcr.cli.main;"
        "print(mtgcr.__file__)",
        tmp,
    )
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.strip().startswith(str(site))
    for name in ("corpus", "extract", "crossref", "reports"):
        r = _run(py, f"import {name}", tmp)
        assert r.returncode != 0 and "No module named" in r.stderr, name


def test_console_script_and_sample(wheel_env):
    py, site, names, entry, tmp = wheel_env
    assert any(n.startswith("mtgcr/corpus/sample/") and n.endswith(".txt") for n in names)
    ep = (site / entry[0]).read_text()
    assert "mtgcr = mtgcr.cli.main:main" in ep
    r = _run(py, "import sys; from mtgcr.cli.main import main; sys.exit(main(['--help']))", tmp)
    assert r.returncode == 0 and "ingest" in r.stdout, r.stderr
    r = _run(
        py,
        "import mtgcr.corpus.sample as s, pathlib; "
        "print(len(list(pathlib.Path(s.path()).glob('*.txt'))))",
        tmp,
    )
    assert r.returncode == 0 and int(r.stdout) == 2, r.stderr


def test_fixture_data_and_pytest_plugin_entry_point(wheel_env):
    py, site, names, entry, tmp = wheel_env
    assert any(
        n.startswith("mtgcr/conformance/suite/fixtures/704/") and n.endswith(".toml") for n in names
    )
    assert "mtgcr/conformance/suite/findings/506/cr_506_1_no_attackers.toml" in names
    assert "mtgcr/conformance/suite/plan.toml" in names
    assert "mtgcr/conformance/engines/pymtg_worker.py" in names  # run by python-mtg's Python
    assert "mtgcr/conformance/engines/cards/basic.json" in names
    ep = (site / entry[0]).read_text()
    assert "[pytest11]" in ep and "mtgcr = mtgcr.conformance.pytest_plugin" in ep
    assert "[mtgcr.engines]" in ep and "phase = mtgcr.conformance.engines.phase:PhaseAdapter" in ep
    assert "python-mtg = mtgcr.conformance.engines.pymtg:PyMtgAdapter" in ep
