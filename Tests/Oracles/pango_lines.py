#!/usr/bin/env python3
"""JSON Lines front end for the pango_lines C oracle.

Reads rows {"id": .., "text": ..} (JSON Lines) from stdin or --input, feeds them
to the C program as a length-prefixed stream ("<id> <nbytes>\\n<utf8 bytes>\\n"),
and passes the C program's JSON output through.  Every option not listed below
is handed to the C program unchanged (--font, --family, --size, --weight,
--widths, --lang, --no-breaks, --compact, --bench, --list-families).

Own options:
  --bin PATH       the compiled oracle (default: .build-oracles/pango_lines next to this file)
  --input FILE     read JSON Lines from FILE instead of stdin
  --ids FILE       only rows whose id is listed (one per line) in FILE
  --with-text      add "text" to each output row (right after "id")
  --text STRING    lay out one literal string (id 0) instead of reading rows; may repeat
"""
import json
import os
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))


def main(argv):
    binary = os.environ.get("PANGO_LINES_BIN", os.path.join(HERE, ".build-oracles", "pango_lines"))
    inp, ids, with_text, texts, passthrough = None, None, False, [], []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--bin":
            binary = argv[i + 1]; i += 2
        elif a == "--input":
            inp = argv[i + 1]; i += 2
        elif a == "--ids":
            with open(argv[i + 1]) as f:
                ids = [int(x) for x in f.read().split()]
            i += 2
        elif a == "--with-text":
            with_text = True; i += 1
        elif a == "--text":
            texts.append(argv[i + 1]); i += 2
        else:
            passthrough.append(a); i += 1

    if texts:
        rows = [{"id": n, "text": t} for n, t in enumerate(texts)]
    else:
        src = open(inp, encoding="utf-8") if inp else sys.stdin
        rows = [json.loads(line) for line in src if line.strip()]
        if ids is not None:
            by_id = {r["id"]: r for r in rows}
            rows = [by_id[k] for k in ids]

    proc = subprocess.Popen([binary] + passthrough, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE if with_text else None)

    def feed():
        try:
            for r in rows:
                data = r["text"].encode("utf-8")
                proc.stdin.write(b"%s %d\n" % (json.dumps(r["id"]).encode(), len(data)))
                proc.stdin.write(data + b"\n")
        finally:
            proc.stdin.close()

    t = threading.Thread(target=feed)
    t.start()
    if with_text:
        out = sys.stdout
        for r, line in zip(rows, proc.stdout):
            o = json.loads(line)
            assert o["id"] == r["id"], (o["id"], r["id"])
            merged = {"id": o["id"], "text": r["text"]}
            merged.update((k, v) for k, v in o.items() if k != "id")
            out.write(json.dumps(merged, ensure_ascii=False, separators=(",", ":")) + "\n")
    t.join()
    return proc.wait()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
