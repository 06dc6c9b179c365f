"""One long-lived layout-cli process per partition, rows streamed through it.

`run_partition` starts `layout-cli measure --widths … --keep-going` (or `layout --jsonl -`)
once, feeds the partition's lines to its stdin from a thread (so that a full stdout pipe
can never block the feeding, nor a full stdin pipe the reading), reads its output lines as
they come, and drains stderr on a third thread. The CLI writes one output line per good
row, in order, and one `<stdin>:LINE: what` line on stderr per bad row (--keep-going),
then `<stdin>: N bad rows skipped, M written` and exit code 1; a layout warning
(`<stdin>:LINE …: warning: …`, a row laid out all the same) is passed on to the
executor's stderr. The feeding thread keeps a
copy of the lines in a temporary spill file, so a bad row's own text goes to the side
output without holding the partition in memory.

Every good row comes out as ("row", line), every bad row as ("error", record); anything
else — the CLI missing, its fonts missing, a crash, a usage error, counts that do not add
up — raises `LayoutStageError` naming the partition and the executor, so that nothing is
dropped silently.
"""
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading

ROW_ERROR = re.compile(r"^<stdin>:(\d+): (.*)$")
SUMMARY = re.compile(r"^<stdin>: (\d+) bad rows? skipped, (\d+) written$")
# A layout warning (a label left no width): the row is laid out and written all the same.
WARNING = re.compile(r"^<stdin>:\d+(?: \(id .*\))?(?: at width [0-9.e+-]+)?: warning: ")
# SwiftPM puts a target's resources in PACKAGE_TARGET.resources next to the executable.
FONTS_BUNDLE = "cell-layout_CellLayoutFonts.resources"


class LayoutStageError(RuntimeError):
    """A partition could not be laid out; the message names the partition and the executor."""


def executor_name():
    """How errors name this executor: host and process id."""
    return f"{socket.gethostname()} (pid {os.getpid()})"


def where(partition):
    return f"partition {partition} on executor {executor_name()}"


def check_install(cli, partition):
    """The binary and its bundled fonts, as shipped; raises LayoutStageError otherwise."""
    if not os.path.isfile(cli):
        raise LayoutStageError(f"{where(partition)}: layout-cli not found at {cli}")
    if not os.access(cli, os.X_OK):
        raise LayoutStageError(f"{where(partition)}: layout-cli at {cli} is not executable")
    fonts = os.path.join(os.path.dirname(cli), FONTS_BUNDLE)
    if not os.path.isdir(fonts) or not os.access(fonts, os.R_OK | os.X_OK):
        raise LayoutStageError(
            f"{where(partition)}: the bundled fonts are missing or unreadable: {fonts} "
            f"(layout-cli looks for them next to itself)")


def command_line(cli, command, widths, options):
    """The layout-cli command for one partition."""
    width_list = ",".join(format_width(w) for w in widths)
    if command == "measure":
        head = [cli, "measure", "--widths", width_list]
    elif command == "layout":
        head = [cli, "layout", "--jsonl", "-", "--widths", width_list]
    else:
        raise ValueError(f"unknown command {command!r} (expected measure or layout)")
    return head + ["--keep-going", "--quiet"] + list(options)


def format_width(width):
    """A width as layout-cli writes numbers: at most 3 decimals, no trailing zeros."""
    text = f"{float(width):.3f}".rstrip("0").rstrip(".")
    return text if text not in ("", "-0") else "0"


def is_blank(line):
    """layout-cli skips lines of only spaces and tabs; so does the stage (they are not rows)."""
    return line.strip(b" \t") == b""


def run_partition(partition, lines, cli, command, widths, options):
    """Lays out one partition's lines (bytes, without newline); yields ("row", bytes) for
    each good row in order and ("error", dict) for each bad one."""
    check_install(cli, partition)
    args = command_line(cli, command, widths, options)
    try:
        process = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as error:
        raise LayoutStageError(f"{where(partition)}: cannot start {cli}: {error}") from error

    spill = tempfile.TemporaryFile(prefix="cell-layout-partition-")
    fed = {"rows": 0, "error": None}

    def feed():
        # Lines go out in blocks of about 64 KB: one write per block to the CLI and to the
        # spill file, not one per row.
        block, size = [], 0

        def flush():
            data = b"\n".join(block) + b"\n"
            spill.write(data)
            process.stdin.write(data)
            block.clear()

        try:
            for line in lines:
                if isinstance(line, str):
                    line = line.encode("utf-8")
                if is_blank(line):
                    continue
                if b"\n" in line:
                    raise LayoutStageError(f"{where(partition)}: an input row holds a newline")
                block.append(line)
                size += len(line) + 1
                fed["rows"] += 1
                if size >= 1 << 16:
                    flush()
                    size = 0
            if block:
                flush()
        except BrokenPipeError:
            pass  # the CLI stopped early; its exit code and stderr say why
        except BaseException as error:  # the upstream iterator failed: report it, stop the CLI
            fed["error"] = error
        finally:
            try:
                process.stdin.close()
            except BrokenPipeError:
                pass

    errors = []

    def drain():
        errors.extend(process.stderr.read().decode("utf-8", "replace").splitlines())

    feeder = threading.Thread(target=feed, name=f"cell-layout-feed-{partition}", daemon=True)
    drainer = threading.Thread(target=drain, name=f"cell-layout-stderr-{partition}", daemon=True)
    feeder.start()
    drainer.start()
    written = 0
    try:
        for out in process.stdout:
            written += 1
            yield ("row", out.rstrip(b"\n"))
        feeder.join()
        drainer.join()
        status = process.wait()
        if fed["error"] is not None:
            raise LayoutStageError(f"{where(partition)}: reading the partition failed: {fed['error']!r}") \
                from fed["error"]
        bad = parse_stderr(partition, errors, status, written, fed["rows"], args)
        for record in bad_rows(partition, spill, bad):
            yield ("error", record)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        spill.close()


def parse_stderr(partition, errors, status, written, fed, args):
    """The bad rows the CLI reported, {line: message}; raises LayoutStageError when the
    run failed in any other way or the counts do not add up."""
    bad, summary, other = {}, None, []
    for text in errors:
        if WARNING.match(text):
            sys.stderr.write(f"{where(partition)}: {text}\n")
            continue
        m = ROW_ERROR.match(text)
        if m:
            bad[int(m.group(1))] = m.group(2)
            continue
        m = SUMMARY.match(text)
        if m:
            summary = (int(m.group(1)), int(m.group(2)))
            continue
        other.append(text)
    command = " ".join(os.path.basename(a) if i == 0 else a for i, a in enumerate(args))
    if status < 0:
        raise LayoutStageError(f"{where(partition)}: `{command}` was killed by signal {-status}"
                               + (f": {' / '.join(other + errors[-3:])}" if errors else ""))
    if other or status not in (0, 1) or (status == 1 and summary is None) or (status == 0 and bad):
        message = " / ".join(other or errors) or "no message"
        raise LayoutStageError(f"{where(partition)}: `{command}` failed (exit {status}): {message}")
    if summary is not None and summary != (len(bad), written):
        raise LayoutStageError(f"{where(partition)}: layout-cli reported {summary[0]} bad and {summary[1]} written "
                               f"rows, the stage saw {len(bad)} and {written}")
    if written + len(bad) != fed:
        raise LayoutStageError(f"{where(partition)}: {fed} rows in, {written} laid out and {len(bad)} bad: "
                               f"{fed - written - len(bad)} unaccounted for")
    return bad


def bad_rows(partition, spill, bad):
    """Side-output records for the bad rows, read back from the spill file in line order."""
    if not bad:
        return
    spill.seek(0)
    for number, raw in enumerate(spill, start=1):
        if number not in bad:
            continue
        text = raw.rstrip(b"\n").decode("utf-8", "replace")
        yield {
            "partition": partition,
            "line": number,
            "id": row_id(raw),
            "error": f"partition {partition}, row {number}: {bad[number]}",
            "input": text,
        }


def row_id(raw):
    """The row's id when the line is a JSON object that has one (invalid UTF-8 replaced),
    else None."""
    try:
        value = json.loads(raw.decode("utf-8", "replace"))
    except ValueError:
        return None
    return value.get("id") if isinstance(value, dict) else None
