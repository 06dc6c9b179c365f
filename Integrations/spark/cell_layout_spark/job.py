"""The Spark job: JSON Lines in, every row laid out at every width, rows and bad rows out.

    python -m cell_layout_spark INPUT... --output OUT --widths 320,375,390,414,768 \\
        [--errors ERRORS] [--format jsonl|parquet] [--command measure|layout] \\
        [--cli .build/release/layout-cli] [--installed] [--master local[2]] \\
        [--max-partition-bytes N] [--no-preflight] [-- LAYOUT-CLI OPTIONS…]

INPUT is anything `spark.read.text` reads (local paths, hdfs://, s3a://, globs). Options
after `--` go to layout-cli as they are (`--font Inter --size 17 --detail
--no-system-fonts`, `--metrics '{"scale": 2}'` for layout). Exit codes: 0 when every row
was laid out, 1 when some rows went to the side output (they are all there), or when the
job failed (one line on stderr naming the partition and the executor), 2 for usage errors.
"""
import argparse
import math
import os
import re
import subprocess
import sys
import time

from .rows import jsonl_row, parquet_row, parquet_schema
from .runner import LayoutStageError, run_partition
from .shipping import ship

# layout-cli options the stage sets itself.
RESERVED = {"--width", "--widths", "--keep-going", "--jsonl", "--text", "--check"}


class UsageError(ValueError):
    """A bad command line: exit 2."""


def parse_widths(text):
    """`320,375,…` as floats; errors name the entry as layout-cli does."""
    widths = []
    for i, entry in enumerate(text.split(","), start=1):
        if not entry.strip():
            raise UsageError(f'--widths: entry {i} is empty, in "{text}"')
        try:
            value = float(entry)
        except ValueError:
            value = math.nan
        if not math.isfinite(value) or value <= 0:
            raise UsageError(f"--widths entry {i}: must be a positive number, got {entry}")
        widths.append(value)
    return widths


def parse_args(argv):
    if "--" in argv:
        cut = argv.index("--")
        argv, options = argv[:cut], argv[cut + 1:]
    else:
        options = []
    parser = argparse.ArgumentParser(prog="cell-layout-spark", description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", help="JSON Lines files, folders or globs (any path Spark reads)")
    parser.add_argument("--output", required=True, help="output folder (must not exist)")
    parser.add_argument("--errors", help="bad rows' folder (default: OUTPUT-errors)")
    parser.add_argument("--widths", required=True, help="comma-separated widths, e.g. 320,375,390,414,768")
    parser.add_argument("--command", choices=["measure", "layout"], default="measure")
    parser.add_argument("--format", choices=["jsonl", "parquet"], default="jsonl")
    parser.add_argument("--cli", default=default_cli(), help="layout-cli to ship (default: %(default)s)")
    parser.add_argument("--installed", action="store_true",
                        help="do not ship: --cli is installed at that path on every node")
    parser.add_argument("--master", help="Spark master (default: spark-submit's, else local[*])")
    parser.add_argument("--max-partition-bytes", type=int,
                        help="spark.sql.files.maxPartitionBytes: smaller gives more partitions")
    parser.add_argument("--no-preflight", action="store_true",
                        help="do not run layout-cli once on the driver to check the options first")
    args = parser.parse_args(argv)
    try:
        args.width_list = parse_widths(args.widths)
    except UsageError as error:
        parser.error(str(error))
    taken = sorted(RESERVED.intersection(o.split("=", 1)[0] for o in options))
    if taken:
        parser.error(f"layout-cli options after --: {', '.join(taken)} are set by the stage")
    args.options = options
    args.errors = args.errors or args.output.rstrip("/") + "-errors"
    return args


def default_cli():
    """The release build of the repository this package sits in, else the debug build."""
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
    for config in ("release", "debug"):
        path = os.path.join(root, ".build", config, "layout-cli")
        if os.path.isfile(path):
            return path
    return os.path.join(root, ".build", "release", "layout-cli")


def preflight(cli, command, widths, options):
    """Runs layout-cli once on the driver with no rows, so that a bad option (an unknown
    font, an unreadable --font-dir) stops the job before it starts, with the CLI's words."""
    from .runner import command_line, format_width
    args = command_line(cli, command, widths, options)
    if command == "measure":
        args = args + ["--text", ""]
        args.remove("--keep-going")
    try:
        done = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
    except OSError as error:
        raise LayoutStageError(f"driver (preflight): cannot run {cli}: {error}") from error
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        raise LayoutStageError(f"driver (preflight): layout-cli {command} --widths "
                               f"{','.join(format_width(w) for w in widths)} "
                               f"{' '.join(options)}: {message[0] if message else f'exit {done.returncode}'}")


def tagged_rows(spark, inputs, shipped, command, widths, options):
    """An RDD of ("row", output line bytes) and ("error", record) for every row of `inputs`,
    one layout-cli process per partition."""
    from pyspark.sql.functions import col
    lines = spark.read.text(inputs).select(col("value").cast("binary")).rdd

    def partition(index, rows):
        cli = shipped.cli_on_executor()
        return run_partition(index, (bytes(r[0]) for r in rows), cli, command, widths, options)

    return lines.mapPartitionsWithIndex(partition)


def write(spark, tagged, args):
    """Writes the rows (JSON Lines or Parquet) and the bad rows (JSON Lines); returns the counts."""
    import json

    from pyspark import StorageLevel
    command, widths = args.command, args.width_list
    tagged.persist(StorageLevel.MEMORY_AND_DISK)
    try:
        good = tagged.filter(lambda t: t[0] == "row").map(lambda t: t[1])
        if args.format == "jsonl":
            good.map(lambda line: jsonl_row(line, command, widths)).saveAsTextFile(args.output)
        else:
            spark.createDataFrame(good.map(lambda line: parquet_row(line, command, widths)),
                                  parquet_schema(command)).write.parquet(args.output)
        bad = tagged.filter(lambda t: t[0] == "error").map(lambda t: t[1])
        bad.map(lambda r: json.dumps(r, ensure_ascii=False, separators=(",", ":"))).saveAsTextFile(args.errors)
        counts = dict(tagged.map(lambda t: (t[0], 1)).countByKey())
    finally:
        tagged.unpersist()
    return counts.get("row", 0), counts.get("error", 0)


def session(master, max_partition_bytes):
    from pyspark.sql import SparkSession
    # Local workers run this same Python (the one with pyspark), not whatever python3 is first on PATH.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    builder = SparkSession.builder.appName("cell-layout")
    if master:
        builder = builder.master(master)
    elif "PYSPARK_GATEWAY_PORT" not in os.environ:  # not under spark-submit, which sets the master
        builder = builder.master("local[*]")
    if max_partition_bytes:
        builder = builder.config("spark.sql.files.maxPartitionBytes", str(max_partition_bytes))
    builder = builder.config("spark.ui.showConsoleProgress", "false")
    return builder.getOrCreate()


def run(args, spark=None):
    """Runs the job; returns (rows, bad rows)."""
    if not args.no_preflight and not args.installed:
        preflight(args.cli, args.command, args.width_list, args.options)
    own = spark is None
    spark = spark or session(args.master, args.max_partition_bytes)
    try:
        start = time.monotonic()
        shipped = ship(spark.sparkContext, args.cli, installed=args.installed)
        tagged = tagged_rows(spark, args.inputs, shipped, args.command, args.width_list, args.options)
        counts = write(spark, tagged, args)
        args.stage_seconds = time.monotonic() - start
        return counts
    finally:
        if own:
            spark.stop()


def stage_error(error):
    """Our message out of a Spark failure (which wraps the executor's Python traceback)."""
    text = str(error)
    found = re.findall(r"LayoutStageError: (.*)", text)
    return found[-1].strip() if found else None


def main(argv=None, spark=None):
    """The command line; with `spark`, runs in that session (and leaves it running)."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    try:
        rows, bad = run(args, spark)
    except LayoutStageError as error:
        print(f"cell-layout-spark: {error}", file=sys.stderr)
        return 1
    except Exception as error:  # a Spark failure: find the stage's own message in it
        message = stage_error(error)
        if message is None:
            raise
        print(f"cell-layout-spark: {message}", file=sys.stderr)
        return 1
    print(f"cell-layout-spark: {rows} rows laid out at {len(args.width_list)} widths into {args.output}; "
          f"{bad} bad rows into {args.errors} (stage: {args.stage_seconds:.2f} s)", file=sys.stderr)
    return 1 if bad else 0
