#!/usr/bin/env python3
"""Which characters U+0020..U+024F a font leaves *plain*, derived with fontTools.

An independent check of the engine's `LayoutLookups` analysis (Swift, reading the
tables itself through HarfBuzz's blobs): a character is plain when the font maps it,
its glyph is no GDEF mark, and no lookup that HarfBuzz applies by default to Latin
text (the default language system of 'latn', else 'DFLT'/'dflt'; the required
feature and rvrn ltra ltrm rand trak abvm blwm ccmp locl mark mkmk rlig calt clig
curs dist kern liga rclt) can start to act at it in text made only of such glyphs.
Pair adjustments that move only the first glyph's advance are pairwise and allowed.

Prints the characters the font covers that are NOT plain, e.g.

    $ pip install fonttools
    $ Tests/Oracles/plain_chars.py fonts/Inter/Inter-Regular.otf
    ()*+-:<=>@[]x{}~±×÷

(`PlainShapingTests.interNotPlain` pins that answer.) When the lookups chosen for
Latin and for Common text differ, it says so: the engine then turns plain shaping
off for the font.
"""
import sys

from fontTools.ttLib import TTFont

FEATURES = {'rvrn', 'ltra', 'ltrm', 'rand', 'trak', 'Harf', 'HARF', 'Buzz', 'BUZZ',
            'abvm', 'blwm', 'ccmp', 'locl', 'mark', 'mkmk', 'rlig',
            'calt', 'clig', 'curs', 'dist', 'kern', 'liga', 'rclt'}


def main(path):
    font = TTFont(path)
    cmap = font.getBestCmap()
    gdef = font['GDEF'].table if 'GDEF' in font else None
    marks = set()
    if gdef is not None and gdef.GlyphClassDef is not None:
        marks = {g for g, c in gdef.GlyphClassDef.classDefs.items() if c == 3}
    candidates = [c for c in range(0x20, 0x250)
                  if c in cmap and c != 0xAD and not 0x7F <= c <= 0x9F]
    glyphs = {cmap[c] for c in candidates} - marks

    def meets(coverage):
        return bool(set(coverage.glyphs) & glyphs)

    def lookups(table, script_order):
        for want in script_order:
            for record in table.ScriptList.ScriptRecord:
                if record.ScriptTag != want:
                    continue
                langsys = record.Script.DefaultLangSys
                if langsys is None:
                    return set()
                chosen = set()
                for index in langsys.FeatureIndex:
                    feature = table.FeatureList.FeatureRecord[index]
                    if feature.FeatureTag in FEATURES:
                        chosen |= set(feature.Feature.LookupListIndex)
                if langsys.ReqFeatureIndex != 0xFFFF:
                    required = table.FeatureList.FeatureRecord[langsys.ReqFeatureIndex]
                    chosen |= set(required.Feature.LookupListIndex)
                return chosen
        return set()

    def rules(ruleset, names):
        return [r for n in names for r in (getattr(ruleset, n, None) or [])]

    def starts(sub, kind, is_gpos):
        if is_gpos and kind == 2:
            pairwise = sub.ValueFormat2 == 0 and sub.ValueFormat1 & ~0x44 == 0
            return set() if pairwise else set(sub.Coverage.glyphs) & glyphs
        if not is_gpos and kind in (1, 2):
            return set(sub.mapping) & glyphs
        if not is_gpos and kind == 3:
            return set(sub.alternates) & glyphs
        if not is_gpos and kind == 4:
            return {g for g, ligatures in sub.ligatures.items() if g in glyphs and
                    any(all(x in glyphs for x in lig.Component) for lig in ligatures)}
        if is_gpos and kind in (1, 3):
            return set(sub.Coverage.glyphs) & glyphs
        if is_gpos and kind in (4, 5, 6):
            coverage = sub.Mark1Coverage if kind == 6 else sub.MarkCoverage
            return set(coverage.glyphs) & glyphs
        contextual = (not is_gpos and kind in (5, 6)) or (is_gpos and kind in (7, 8))
        if contextual and sub.Format == 3:
            inputs = getattr(sub, 'InputCoverage', None) or sub.Coverage
            every = list(inputs) + list(getattr(sub, 'BacktrackCoverage', [])) \
                + list(getattr(sub, 'LookAheadCoverage', []))
            return set(inputs[0].glyphs) & glyphs if all(meets(c) for c in every) else set()
        if contextual and sub.Format == 1:
            sets = [getattr(sub, n) for n in ('ChainSubRuleSet', 'SubRuleSet', 'ChainPosRuleSet',
                                              'PosRuleSet') if hasattr(sub, n)][0]
            found = set()
            for first, ruleset in zip(sub.Coverage.glyphs, sets):
                if first not in glyphs or ruleset is None:
                    continue
                for rule in rules(ruleset, ('ChainSubRule', 'SubRule', 'ChainPosRule', 'PosRule')):
                    sequence = list(getattr(rule, 'Input', [])) + list(getattr(rule, 'Backtrack', [])) \
                        + list(getattr(rule, 'LookAhead', []))
                    if all(x in glyphs for x in sequence):
                        found.add(first)
                        break
            return found
        if contextual and sub.Format == 2:
            inputs = getattr(sub, 'InputClassDef', None) or sub.ClassDef
            backtrack = getattr(sub, 'BacktrackClassDef', None)
            lookahead = getattr(sub, 'LookAheadClassDef', None)

            def live(classdef, k):
                return k == 0 or (classdef is not None and
                                  any(g in glyphs for g, v in classdef.classDefs.items() if v == k))
            sets = [getattr(sub, n) for n in ('ChainSubClassSet', 'SubClassSet', 'ChainPosClassSet',
                                              'PosClassSet') if hasattr(sub, n)][0]
            found = set()
            for first in set(sub.Coverage.glyphs) & glyphs:
                k = inputs.classDefs.get(first, 0)
                if k >= len(sets) or sets[k] is None:
                    continue
                for rule in rules(sets[k], ('ChainSubClassRule', 'SubClassRule', 'ChainPosClassRule',
                                            'PosClassRule')):
                    if all(live(inputs, x) for x in getattr(rule, 'Input', None) or getattr(rule, 'Class', [])) \
                            and all(live(backtrack, x) for x in getattr(rule, 'Backtrack', [])) \
                            and all(live(lookahead, x) for x in getattr(rule, 'LookAhead', [])):
                        found.add(first)
                        break
            return found
        if not is_gpos and kind == 8:
            every = [sub.Coverage] + list(sub.BacktrackCoverage) + list(sub.LookAheadCoverage)
            return set(sub.Coverage.glyphs) & glyphs if all(meets(c) for c in every) else set()
        raise SystemExit(f'unknown subtable: {"GPOS" if is_gpos else "GSUB"} type {kind}')

    acting = set()
    for tag in ('GSUB', 'GPOS'):
        if tag not in font:
            continue
        table = font[tag].table
        latin = lookups(table, ['latn', 'DFLT', 'dflt'])
        common = lookups(table, ['DFLT', 'dflt', 'latn'])
        if latin != common:
            print(f'{tag}: Latin and Common text get different lookups {sorted(latin ^ common)}: '
                  'no plain shaping', file=sys.stderr)
        for index in sorted(latin):
            lookup = table.LookupList.Lookup[index]
            for sub in lookup.SubTable:
                kind = lookup.LookupType
                if kind == (9 if tag == 'GPOS' else 7):
                    kind, sub = sub.ExtensionLookupType, sub.ExtSubTable
                acting |= starts(sub, kind, tag == 'GPOS')
    print(''.join(chr(c) for c in candidates if cmap[c] in acting or cmap[c] not in glyphs))


if __name__ == '__main__':
    main(sys.argv[1])
