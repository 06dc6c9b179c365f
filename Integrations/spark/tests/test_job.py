"""The Spark stage against the single process: the same rows, byte for byte; bad rows in the
side output, exactly those; failures named by partition and executor."""
import json
import os
import shutil

import pytest

from conftest import DATA, OPTIONS, WIDTHS, corpora, read_parts, single_process
from cell_layout_spark import LayoutStageError
from cell_layout_spark.job import main, parse_args, run, stage_error
from cell_layout_spark.rows import split_id


def job_args(tmp_path, cli, inputs, *extra, options=OPTIONS):
    return parse_args(list(inputs) + ["--output", str(tmp_path / "out"), "--widths", ",".join(f"{w:g}" for w in WIDTHS),
                                      "--cli", cli] + list(extra) + ["--"] + list(options))


def without_widths(line):
    """A stage output line back to the CLI's own: the spliced-in "widths" taken out."""
    ident, rest = split_id(line)
    widths = ',"widths":[' + ",".join(f"{w:g}" for w in WIDTHS) + "]"
    assert rest.startswith(widths[1:] + ","), line[:120]
    return ('{"id":' + ident + "," + rest[len(widths):]).encode()


def partitions(spark, path):
    return spark.read.text(path).rdd.getNumPartitions()


@pytest.mark.parametrize("corpus", corpora(), ids=os.path.basename)
def test_spark_gives_exactly_the_single_process_output(spark, cli, tmp_path, corpus):
    # Small input splits, so that several partitions (each its own layout-cli) share the work.
    spark.conf.set("spark.sql.files.maxPartitionBytes", str(max(32 << 10, os.path.getsize(corpus) // 6)))
    try:
        assert partitions(spark, corpus) >= 3
        rows, bad = run(job_args(tmp_path, cli, [corpus]), spark)
    finally:
        spark.conf.unset("spark.sql.files.maxPartitionBytes")
    expected, errors, status = single_process(cli, "measure", corpus)
    assert (status, errors) == (0, [])
    assert (rows, bad) == (len(expected), 0)
    got = [without_widths(line) for line in read_parts(tmp_path / "out")]
    # Same rows in the same order (one file, partitions in file order), so the same bytes.
    assert got == expected
    assert read_parts(tmp_path / "out-errors") == []


def test_bad_rows_go_to_the_side_output_exactly(spark, cli, tmp_path):
    path = os.path.join(DATA, "bad-rows.jsonl")
    rows, bad = run(job_args(tmp_path, cli, [path]), spark)
    expected, errors, status = single_process(cli, "measure", path)
    assert status == 1 and errors[-1] == f"{path}: 6 bad rows skipped, 5 written"
    assert (rows, bad) == (5, 6)
    assert sorted(without_widths(line) for line in read_parts(tmp_path / "out")) == sorted(expected)
    side = [json.loads(line) for line in read_parts(tmp_path / "out-errors")]
    # The single process names each bad row by its line in the file; the stage by partition
    # and row, with the same message, the row's own text and its id when it has one.
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    want = set()
    for error in errors[:-1]:
        number, message = error[len(path) + 1:].split(": ", 1)
        want.add((lines[int(number) - 1].decode("utf-8", "replace"), message))
    got = {(r["input"], r["error"].split(": ", 1)[1]) for r in side}
    assert got == want
    for record in side:
        assert record["error"].startswith(f"partition {record['partition']}, row {record['line']}: ")
    assert {json.dumps(r["id"]) for r in side} == {"null", "6", "7", "8"}


def test_a_partition_of_rows_that_are_not_json_is_all_side_output(spark, cli, tmp_path):
    path = tmp_path / "csv.jsonl"
    path.write_text("id,text\n1,hello\n2,world\n")
    rows, bad = run(job_args(tmp_path, cli, [str(path)]), spark)
    assert (rows, bad) == (0, 3)
    side = sorted((json.loads(line) for line in read_parts(tmp_path / "out-errors")), key=lambda r: r["line"])
    assert [r["error"] for r in side] == [
        "partition 0, row 1: invalid JSON: column 1: expected a value, found 'i'",
        "partition 0, row 2: invalid JSON: column 2: unexpected text after the JSON value",
        "partition 0, row 3: invalid JSON: column 2: unexpected text after the JSON value",
    ]
    assert [r["input"] for r in side] == ["id,text", "1,hello", "2,world"]


def test_parquet_holds_the_same_sizes(spark, cli, tmp_path):
    path = os.path.join(DATA, "sample.jsonl")
    rows, bad = run(job_args(tmp_path, cli, [path], "--format", "parquet"), spark)
    expected, _, _ = single_process(cli, "measure", path)
    assert (rows, bad) == (len(expected), 0)
    table = {r["id"]: r for r in spark.read.parquet(str(tmp_path / "out")).collect()}
    assert len(table) == len(expected)
    for line in expected:
        ident, _ = split_id(line)
        want = json.loads(line)
        row = table[ident]
        assert row["widths"] == WIDTHS
        assert [(s["lines"], s["width"], s["height"]) for s in row["sizes"]] == \
            [(s["lines"], s["width"], s["height"]) for s in want["sizes"]]


def test_layout_rows_are_the_single_process_rows_without_y(spark, cli, tmp_path):
    path = tmp_path / "cells.jsonl"
    with open(os.path.join(DATA, "sample.jsonl")) as f:
        texts = [json.loads(line) for line in f][:120]
    with open(path, "w") as f:
        for i, row in enumerate(texts):
            cell = {"id": row["id"], "text": row["text"][:300], "accessory": ["disclosureIndicator", "none"][i % 2]}
            if i % 3 == 0:
                cell.update(style="subtitle", detailText="Detail " * (i % 7))
            f.write(json.dumps(cell, ensure_ascii=False) + "\n")
    options = ["--no-system-fonts"]
    rows, bad = run(job_args(tmp_path, cli, [str(path)], "--command", "layout", options=options), spark)
    expected, errors, status = single_process(cli, "layout", str(path), options=options)
    assert (status, errors, rows, bad) == (0, [], len(expected), 0)
    got = [json.loads(line) for line in read_parts(tmp_path / "out")]
    for line, out in zip(expected, got):
        want = json.loads(line)
        for entry in want["layouts"]:
            del entry["y"]
        assert out == {"id": want["id"], "widths": WIDTHS, "layouts": want["layouts"]}


def failure(spark, tmp_path, cli, *extra, options=OPTIONS):
    """The one-line message of a job that must fail."""
    with pytest.raises(Exception) as caught:
        run(job_args(tmp_path, cli, [os.path.join(DATA, "bad-rows.jsonl")], *extra, options=options), spark)
    if isinstance(caught.value, LayoutStageError):
        return str(caught.value)
    message = stage_error(caught.value)
    assert message, f"no stage message in {caught.value!r}"[:2000]
    return message


def test_a_missing_binary_on_an_executor_names_partition_and_executor(spark, tmp_path):
    message = failure(spark, tmp_path, "/nonexistent/bin/layout-cli", "--installed")
    assert message.startswith("partition 0 on executor ")
    assert message.endswith(": layout-cli not found at /nonexistent/bin/layout-cli")


def test_missing_fonts_on_an_executor_are_named(spark, cli, tmp_path):
    alone = tmp_path / "bin"
    alone.mkdir()
    shutil.copy(cli, alone / "layout-cli")
    message = failure(spark, tmp_path, str(alone / "layout-cli"), "--installed")
    assert message.startswith("partition 0 on executor ")
    assert "the bundled fonts are missing or unreadable: " in message
    # Shipping it from the driver is refused before the job starts.
    assert failure(spark, tmp_path, str(alone / "layout-cli")).startswith(
        f"driver: the bundled fonts are not next to {alone / 'layout-cli'}")


def test_an_unreadable_font_directory_is_named(spark, cli, tmp_path):
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    (fonts / "Broken.ttf").write_bytes(b"\x00\x01\x00\x00 not a font at all" * 10)
    options = OPTIONS + ["--font-dir", str(fonts)]
    # The CLI's own error for a file whose table directory points past its end (FontFileCheck).
    damaged = (f'--font-dir: the font "{fonts / "Broken.ttf"}" is damaged: '
               "the table directory (8302 tables) runs past the end of the file (220 bytes)")
    # On the executors (preflight off, as when the driver cannot run the binary) …
    message = failure(spark, tmp_path, cli, "--no-preflight", options=options)
    assert message.startswith("partition 0 on executor ")
    assert message.endswith(f'failed (exit 1): {damaged}')
    # … and on the driver, before the job starts.
    message = failure(spark, tmp_path, cli, options=options)
    assert message.startswith("driver (preflight): layout-cli measure --widths 320,375,390,414,768 ")
    assert message.endswith(damaged)


def test_command_line_reports_and_exit_codes(spark, cli, tmp_path, capsys):
    path = os.path.join(DATA, "bad-rows.jsonl")
    out = tmp_path / "cli-out"
    assert main([path, "--output", str(out), "--widths", "320,375", "--cli", cli, "--"] + OPTIONS, spark) == 1
    assert capsys.readouterr().err.strip().startswith(
        f"cell-layout-spark: 5 rows laid out at 2 widths into {out}; 6 bad rows into {out}-errors (stage: ")
    assert main([path, "--output", str(tmp_path / "x"), "--widths", "1", "--cli", "/nonexistent", "--installed",
                 "--"] + OPTIONS, spark) == 1
    assert "layout-cli not found at /nonexistent" in capsys.readouterr().err
    for widths, message in (("320,-3", "--widths entry 2: must be a positive number, got -3"),
                            ("320,,375", '--widths: entry 2 is empty, in "320,,375"'),
                            ("inf", "--widths entry 1: must be a positive number, got inf")):
        with pytest.raises(SystemExit) as exited:
            main([path, "--output", str(tmp_path / "y"), "--widths", widths])
        assert exited.value.code == 2
        assert capsys.readouterr().err.strip().endswith(message)
    with pytest.raises(SystemExit) as exited:
        main([path, "--output", str(tmp_path / "y"), "--widths", "320", "--", "--width", "3"])
    assert exited.value.code == 2
    assert capsys.readouterr().err.strip().endswith("layout-cli options after --: --width are set by the stage")
