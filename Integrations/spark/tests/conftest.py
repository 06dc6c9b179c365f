"""Shared fixtures: one local[2] Spark session, the layout-cli under test, the corpora."""
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from cell_layout_spark.job import default_cli  # noqa: E402

ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
DATA = os.path.join(HERE, "data")
SHARED = os.path.join(ROOT, "..", "shared", "corpus")
WIDTHS = [320.0, 375.0, 390.0, 414.0, 768.0]
# Bundled fonts only: the same figures on every machine.
OPTIONS = ["--font", "Inter", "--size", "17", "--no-system-fonts"]


def corpora():
    """The shared corpus when the repository sits beside it, else the vendored sample
    (403 rows of both corpora): a clone alone still runs every test."""
    shared = [os.path.join(SHARED, n) for n in ("public-10k.jsonl", "public-intl-10k.jsonl")]
    if all(os.path.isfile(p) for p in shared):
        return shared
    return [os.path.join(DATA, "sample.jsonl")]


@pytest.fixture(scope="session")
def cli():
    path = os.environ.get("CELL_LAYOUT_CLI") or default_cli()
    assert os.path.isfile(path), f"no layout-cli at {path}: build it first (swift build)"
    return path


@pytest.fixture(scope="session")
def spark():
    from pyspark.sql import SparkSession
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    session = (SparkSession.builder.master("local[2]").appName("cell-layout-tests")
               .config("spark.ui.enabled", "false")
               .config("spark.ui.showConsoleProgress", "false")
               .config("spark.sql.shuffle.partitions", "2")
               .getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def single_process(cli, command, path, widths=WIDTHS, options=OPTIONS):
    """layout-cli on the whole file in one process: (stdout lines, stderr lines, exit code)."""
    args = [cli, command] + (["--jsonl", path] if command == "layout" else [path])
    args += ["--widths", ",".join(f"{w:g}" for w in widths), "--keep-going", "--quiet"] + options
    done = subprocess.run(args, capture_output=True)
    return done.stdout.splitlines(), done.stderr.decode().splitlines(), done.returncode


def read_parts(folder):
    """Every line of a Spark text output folder, part files in order."""
    lines = []
    for name in sorted(os.listdir(folder)):
        if name.startswith("part-"):
            with open(os.path.join(folder, name), "rb") as f:
                lines.extend(f.read().splitlines())
    return lines
