#!/usr/bin/env python3
"""Helpers for derive-goldens.sh (selection, statistics, checks). Layout is never done
here: every number comes from the pango_lines C oracle or from hb-shape.

  goldens.py sample-ids CORPUS INTER_COMPACT           -> ids of the sample, one per line
  goldens.py stats INTER_COMPACT [DEJAVU_COMPACT]      -> markdown table for README.md
  goldens.py crosscheck-hb HB_WIDTHS FONT_DIR          -> Pango width vs hb-shape width1024
  goldens.py sanity FONT                               -> the sanity checks (exit 1 on failure)
  goldens.py slice EVERY PANGO [--covered]             -> a test fixture: every EVERY-th row of
                                                          pango_lines output (run with --with-text),
                                                          only covered rows with --covered
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
WRAPPER = os.path.join(HERE, "pango_lines.py")


def load(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def sample_ids(corpus, compact):
    """Deterministic ~300-row sample of covered rows: every 36th corpus row, plus every
    18th multi-paragraph row, every 40th row with a long unbreakable token (>= 30
    non-space characters, URLs, hashes), and every 12th row ending in a newline."""
    rows = load(corpus)
    covered = {r["id"]: r["covered"] for r in load(compact)}
    cov = [r for r in rows if covered[r["id"]]]
    multi = [r for r in cov if "\n\n" in r["text"]]
    longtok = [r for r in cov if any(len(t) >= 30 for t in r["text"].split())]
    endnl = [r for r in cov if r["text"].endswith("\n")]
    ids = {r["id"] for i, r in enumerate(rows) if i % 36 == 0 and covered[r["id"]]}
    ids |= {r["id"] for r in multi[::18]}
    ids |= {r["id"] for r in longtok[::40]}
    ids |= {r["id"] for r in endnl[::12]}
    for i in sorted(ids):
        print(i)


def stats(*paths):
    widths = [200, 343, 600]
    print("| fixture | rows | covered | " + " | ".join(
        f"mean lines @{w} | max lines @{w}" for w in widths) + " |")
    print("|---|---|---|" + "---|---|" * len(widths))
    for p in paths:
        rows = load(p)
        for label, subset in ((os.path.basename(p), rows),
                              (os.path.basename(p) + " (covered rows only)",
                               [r for r in rows if r["covered"]])):
            cells = []
            for k in range(len(widths)):
                vals = [r["lines"][k] for r in subset]
                cells.append(f"{sum(vals) / len(vals):.3f} | {max(vals)}")
            ncov = sum(1 for r in subset if r["covered"])
            print(f"| {label} | {len(subset)} | {ncov} | " + " | ".join(cells) + " |")


def slice_fixture(every, pango, *flags):
    """Every `every`-th row of pango_lines output (`--with-text`, with breaks), compact: id,
    text, and lines and breaks per width, so a test needs nothing but the repository.
    `--covered` keeps only the rows whose glyphs the oracle's fonts all have."""
    widths = (200, 343, 600)
    for n, r in enumerate(load(pango)):
        if n % int(every) or ("--covered" in flags and not r["covered"]):
            continue
        print(json.dumps({"id": r["id"], "text": r["text"],
                          "lines": [r["w%d" % w]["lines"] for w in widths],
                          "breaks": [r["w%d" % w]["breaks"] for w in widths]},
                         ensure_ascii=False, separators=(",", ":")))


def run_oracle(args, texts):
    out = subprocess.run([sys.executable, WRAPPER] + args + sum((["--text", t] for t in texts), []),
                         check=True, capture_output=True, text=True).stdout
    return [json.loads(l) for l in out.splitlines()]


def crosscheck_hb(hb_path, font_dir):
    rows = load(hb_path)
    worst = 0.0
    for r in rows:
        res = run_oracle(["--font", os.path.join(font_dir, r["file"]), "--family", "Inter",
                          "--weight", str(r["weight"]), "--size", str(r["size"]),
                          "--widths", "100000"], [r["text"]])[0]["w100000"]
        d = abs(res["width"] - r["width1024"])
        worst = max(worst, d)
        flag = "" if d <= 0.0015 else "   <-- differs"
        print(f'{r["file"]:20} {r["size"]:>3} {r["text"][:30]!r:34} pango {res["width"]:10.3f} '
              f'hb {r["width"]:10.4f} hb1024 {r["width1024"]:10.4f}{flag}')
    print(f"max |pango - width1024| = {worst:.4f} over {len(rows)} strings")
    return 0 if worst <= 0.0015 else 1


def sanity(font):
    url = "https://www.thisisaverylongdomainname.io"
    assert len(url) == 40, len(url)
    cases = ["a\n", "", "\n\nX", url, "Hello"]
    res = run_oracle(["--font", font, "--widths", "200,343,600"], cases)
    ok = True

    def check(name, cond, detail):
        nonlocal ok
        ok &= bool(cond)
        print(("PASS " if cond else "FAIL ") + name + ": " + detail)

    check('"a\\n" -> 1 line', res[0]["w200"]["lines"] == 1,
          f'lines {res[0]["w200"]["lines"]}, pangoLines {res[0]["w200"]["pangoLines"]}')
    check('"" -> 0 lines', res[1]["w200"]["lines"] == 0,
          f'lines {res[1]["w200"]["lines"]}, pangoLines {res[1]["w200"]["pangoLines"]}')
    check('"\\n\\nX" -> 3 lines', res[2]["w200"]["lines"] == 3,
          f'lines {res[2]["w200"]["lines"]}, breaks {res[2]["w200"]["breaks"]}')
    b = res[3]["w200"]["breaks"]
    inside = [k for k in b if url[k - 1].isalnum() and url[k].isalnum()]
    check("40-char URL at 200 broken between characters", res[3]["w200"]["lines"] >= 2 and inside,
          f'{url!r}: lines {res[3]["w200"]["lines"]}, pieces '
          f'{[url[i:j] for i, j in zip([0] + b, b + [len(url)])]}')
    hb = subprocess.run(["hb-shape", "--font-file=" + font, "--font-size=upem", "--language=en",
                         "--output-format=json", "--text=Hello"],
                        check=True, capture_output=True, text=True).stdout
    units = sum(g["ax"] for g in json.loads(hb))
    sys.path.insert(0, HERE)
    from hb_widths import upem_of
    hbw = units * 17 / upem_of(font)
    pw = res[4]["w600"]["width"]
    check("Pango width of 'Hello' == hb-shape width (±0.01)", abs(pw - hbw) <= 0.01,
          f"pango {pw:.3f}, hb-shape {hbw:.4f} ({units} units)")
    return 0 if ok else 1


if __name__ == "__main__":
    cmd, args = sys.argv[1], sys.argv[2:]
    if cmd == "sample-ids":
        sample_ids(*args)
    elif cmd == "stats":
        stats(*args)
    elif cmd == "crosscheck-hb":
        sys.exit(crosscheck_hb(*args))
    elif cmd == "slice":
        slice_fixture(*args)
    elif cmd == "sanity":
        sys.exit(sanity(*args))
    else:
        sys.exit("unknown command " + cmd)
