#!/usr/bin/env python3
"""Issue 19: the widths of texts in a variable font at named instances, from HarfBuzz's own
`hb-shape --variations` (libharfbuzz-bin 6.0.0), written to
Tests/CellLayoutTests/Fixtures/hb-shape-variable.jsonl for `VariableFontTests`.

Each case names what the engine is asked for (size, weight or explicit variations, or the
font standing for "system") and the axis values CoreText would set for it, derived by hand
here, not by the engine:
  - opsz = the point size, clamped to the axis (8...144 in Roboto Flex);
  - wght = the weight class of the named weight (regular 400, semibold 600, bold 700), or
    for the system font file the value UIKit gives San Francisco's (medium 510, semibold 590,
    heavy 860: WebKit's table); the default instance's value is left out;
  - explicit variations are passed as given.
hb-shape runs at --font-size = size x 1024, the engine's scale (layout units of 1/1024 pt),
so the sum of the advances over 1024 is the width in points, rounding included.

    python3 Tests/Oracles/variable_widths.py
"""
import json
import pathlib
import subprocess

HERE = pathlib.Path(__file__).resolve().parent
FIXTURES = HERE.parent / "CellLayoutTests" / "Fixtures"
FONT = FIXTURES / "Fonts" / "RobotoFlex-Subset.ttf"
TEXTS = ["Hamburgefonstiv", "The quick brown fox jumps over 13 lazy dogs."]

# (case, size, request as the engine takes it, axis values CoreText sets)
CASES = [
    ("regular 17: opsz 17", 17, {"weight": "regular"}, "opsz=17"),
    ("semibold 17: wght 600, opsz 17", 17, {"weight": "semibold"}, "opsz=17,wght=600"),
    ("bold 40: wght 700, opsz 40", 40, {"weight": "bold"}, "opsz=40,wght=700"),
    ("regular 6: opsz clamped to 8", 6, {"weight": "regular"}, "opsz=8"),
    ("regular 200: opsz clamped to 144", 200, {"weight": "regular"}, "opsz=144"),
    ("regular 14: the default instance (opsz 14, wght 400)", 14, {"weight": "regular"}, ""),
    ("explicit wght 650, wdth 90 at 17", 17, {"weight": "regular", "variations": {"wght": 650, "wdth": 90}},
     "opsz=17,wght=650,wdth=90"),
    ("explicit opsz 30 wins over the size, 17", 17, {"weight": "regular", "variations": {"opsz": 30}}, "opsz=30"),
    ("system font file, medium 17: wght 510 (SF's)", 17, {"weight": "medium", "system": True}, "opsz=17,wght=510"),
    ("system font file, heavy 22: wght 860 (SF's)", 22, {"weight": "heavy", "system": True}, "opsz=22,wght=860"),
]


def advances(text: str, size: float, variations: str) -> int:
    args = ["hb-shape", str(FONT), text, f"--font-size={int(round(size * 1024))}", "--output-format=json",
            "--no-glyph-names"]
    if variations:
        args.append(f"--variations={variations}")
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    return sum(glyph["ax"] for glyph in json.loads(out))


def main() -> None:
    rows = []
    for case, size, request, variations in CASES:
        for text in TEXTS:
            total = advances(text, size, variations)
            rows.append({"case": case, "size": size, **request, "hbVariations": variations, "text": text,
                         "advances1024": total, "width": round(total / 1024, 6)})
    path = FIXTURES / "hb-shape-variable.jsonl"
    path.write_text("".join(json.dumps(row, sort_keys=True) + "\n" for row in rows))
    print(path.relative_to(HERE.parent.parent), len(rows), "rows")


if __name__ == "__main__":
    main()
