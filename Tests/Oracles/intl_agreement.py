#!/usr/bin/env python3
"""Agreement of the engine with Pango on the international corpus, per width and per script.

Usage: intl_agreement.py CORPUS PANGO.jsonl OURS-200.jsonl OURS-343.jsonl OURS-600.jsonl [--examples N]

PANGO.jsonl is pango_lines output (with breaks) for CORPUS at 200,343,600; OURS-W.jsonl is
`layout-cli measure --detail --width W` output for the same rows. Prints, per width, the
share of rows whose line counts agree and whose break offsets agree, then the rows by
main script (the script of most of the row's letters) at 343, and N disagreeing rows
per script (id, width, both breaks). Glue only: no layout happens here.
"""
import json
import sys
import unicodedata

WIDTHS = (200, 343, 600)


def main_script(text):
    counts = {}
    emoji = 0
    for ch in text:
        o = ord(ch)
        if 0x1F000 <= o <= 0x1FAFF or 0x2600 <= o <= 0x27BF:
            emoji += 1
            continue
        if not ch.isalpha():
            continue
        name = unicodedata.name(ch, "")
        if o >= 0x4E00 and o <= 0x9FFF or 0x3040 <= o <= 0x30FF:
            key = "CJK+kana"
        elif 0xAC00 <= o <= 0xD7AF or 0x1100 <= o <= 0x11FF:
            key = "Hangul"
        else:
            key = name.split(" ")[0].capitalize() if name else "?"
        counts[key] = counts.get(key, 0) + 1
    if emoji >= 3:
        return "emoji-heavy"
    return max(counts, key=counts.get) if counts else "none"


def main(argv):
    examples = 0
    if "--examples" in argv:
        i = argv.index("--examples")
        examples = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    corpus, pango, *ours = argv
    texts = [json.loads(l)["text"] for l in open(corpus, encoding="utf-8") if l.strip()]
    golden = [json.loads(l) for l in open(pango, encoding="utf-8")]
    mine = [[json.loads(l) for l in open(p, encoding="utf-8")] for p in ours]
    n = len(golden)
    by_script = {}
    bad = {}
    for w_i, w in enumerate(WIDTHS):
        lines_ok = breaks_ok = 0
        for r in range(n):
            g = golden[r]["w%d" % w]
            m = mine[w_i][r]
            l_ok = g["lines"] == m["lines"]
            b_ok = g["breaks"] == m.get("breaks", [])
            lines_ok += l_ok
            breaks_ok += b_ok
            script = main_script(texts[r])
            if w == 343:
                s = by_script.setdefault(script, [0, 0, 0])
                s[0] += 1; s[1] += l_ok; s[2] += b_ok
            if not b_ok:
                bad.setdefault(script, []).append((r, w, g["breaks"], m.get("breaks", [])))
        print("width %d: lines %d/%d = %.2f %%, breaks %d/%d = %.2f %%" % (
            w, lines_ok, n, 100 * lines_ok / n, breaks_ok, n, 100 * breaks_ok / n))
    print("by main script at 343 (rows, lines equal, breaks equal):")
    for script, (rows, l, b) in sorted(by_script.items(), key=lambda kv: -kv[1][0]):
        print("  %-12s %5d %5d %5d" % (script, rows, l, b))
    for script, rows in sorted(bad.items()):
        for r, w, g, m in rows[:examples]:
            print("%s row %d @%d pango %s ours %s: %r" % (script, r, w, g[:6], m[:6], texts[r][:120]))


if __name__ == "__main__":
    main(sys.argv[1:])
