#!/usr/bin/env python3
"""Builds the two variable-font fixtures of issue 19 from Roboto Flex (SIL OFL 1.1, no
Reserved Font Name) with fontTools, so that a clone can rebuild them byte for byte:

    pip install fonttools==4.68.0 fontpkg-roboto-flex==3.200
    python3 Tests/Oracles/make_test_fonts.py

1. `RobotoFlex-Subset.ttf`: printable ASCII (U+0020-U+007E), every layout feature, the
   axes opsz (8-14-144), wght (100-400-1000) and wdth (25-100-151) kept; the ten parametric
   axes (GRAD, slnt, XOPQ, YOPQ, XTRA, YTUC, YTLC, YTAS, YTDE, YTFI) pinned at their
   defaults (fontTools' instancer). The goldens of `VariableFontTests` come from
   `hb-shape --variations` on this file.
2. `TrakTest-Regular.ttf`: the same subset pinned at its default instance (a static font),
   renamed "Trak Test", with an AAT `trak` table whose normal track (track value 0) is
   +60 units at 8 pt, 0 at 12 pt, -40 at 17 pt and +20 at 28 pt (2048 units per em). The
   goldens of `TrackingTests` are derived by hand from these four numbers.

Nothing here runs the engine. The output is deterministic (fontTools writes the same bytes
for the same input; `head.modified` is pinned).
"""
import pathlib
import sys

from fontTools.ttLib import TTFont, newTable
from fontTools.ttLib.tables._t_r_a_k import TrackData, TrackTableEntry
from fontTools.varLib import instancer
from fontTools import subset

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE.parent / "CellLayoutTests" / "Fixtures" / "Fonts"
PARAMETRIC = ["GRAD", "slnt", "XOPQ", "YOPQ", "XTRA", "YTUC", "YTLC", "YTAS", "YTDE", "YTFI"]
# The normal track of TrakTest: point size -> tracking in font units.
TRACK = {8.0: 60, 12.0: 0, 17.0: -40, 28.0: 20}
PINNED_TIMESTAMP = 3_870_000_000  # head.created/modified, seconds since 1904


def source_font() -> pathlib.Path:
    import fontpkg_roboto_flex
    files = pathlib.Path(fontpkg_roboto_flex.__file__).parent / "files"
    return next(files.glob("RobotoFlex*.ttf"))


def ascii_subset(path: pathlib.Path) -> TTFont:
    font = TTFont(path)
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=range(0x20, 0x7F))
    subsetter.subset(font)
    return font


def pin(font: TTFont) -> None:
    font.recalcTimestamp = False
    font["head"].created = PINNED_TIMESTAMP
    font["head"].modified = PINNED_TIMESTAMP


def rename(font: TTFont, family: str, postscript: str) -> None:
    for record in font["name"].names:
        if record.nameID in (1, 16):
            record.string = family
        elif record.nameID == 4:
            record.string = f"{family} Regular"
        elif record.nameID == 6:
            record.string = postscript
        elif record.nameID == 3:
            record.string = f"{postscript};issue-19-fixture"


def add_trak(font: TTFont) -> None:
    trak = newTable("trak")
    trak.version = 1.0
    trak.format = 0
    horizontal = TrackData()
    horizontal[0.0] = TrackTableEntry(TRACK, nameIndex=256)
    trak.horizData = horizontal
    trak.vertData = TrackData()
    font["trak"] = trak
    name = font["name"]
    name.setName("Normal", 256, 3, 1, 0x409)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    subsetted = ascii_subset(source_font())
    variable = instancer.instantiateVariableFont(subsetted, {tag: None for tag in PARAMETRIC})
    pin(variable)
    variable.save(OUT / "RobotoFlex-Subset.ttf")

    static = instancer.instantiateVariableFont(TTFont(OUT / "RobotoFlex-Subset.ttf"),
                                               {"opsz": None, "wght": None, "wdth": None})
    rename(static, "Trak Test", "TrakTest-Regular")
    add_trak(static)
    pin(static)
    static.save(OUT / "TrakTest-Regular.ttf")
    for path in sorted(OUT.glob("*.ttf")):
        print(path.relative_to(HERE.parent.parent), path.stat().st_size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
