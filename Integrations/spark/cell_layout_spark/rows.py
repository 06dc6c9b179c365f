"""The stage's output rows, made from layout-cli's output lines.

JSON Lines: the CLI's own line with `"widths"` spliced in after the id, so that every
byte of the CLI's output is kept (`measure`: `{"id":…,"widths":[…],"sizes":[…]}`).
`layout` rows lose their `"y"`: a running offset is a property of the whole stream, and a
partition's process only sees its own rows (`{"id":…,"widths":[…],"layouts":[…]}`, each
entry the laid-out row at that width without "y").

Parquet: `id` (the id's JSON text, as the CLI wrote it: ids are any JSON), `widths`
(array of double) and `sizes` (array of struct lines, width, height, breaks) for
`measure`, or `heights` (array of double) and `layouts` (array of the entries' JSON
text) for `layout`.
"""
import json

_decoder = json.JSONDecoder()
ID_PREFIX = '{"id":'


def split_id(line):
    """(id JSON text, the rest after the comma that follows it) of a CLI output line."""
    text = line.decode("utf-8") if isinstance(line, (bytes, bytearray)) else line
    if not text.startswith(ID_PREFIX):
        raise ValueError(f"not a layout-cli output row: {text[:80]!r}")
    _, end = _decoder.raw_decode(text, len(ID_PREFIX))
    if text[end] != ",":
        raise ValueError(f"not a layout-cli output row: {text[:80]!r}")
    return text[len(ID_PREFIX):end], text[end + 1:]


def widths_json(widths):
    from .runner import format_width
    return "[" + ",".join(format_width(w) for w in widths) + "]"


def jsonl_row(line, command, widths):
    """The output line (str) for one CLI output line."""
    ident, rest = split_id(line)
    if command == "layout":
        value = json.loads("{" + rest)
        for entry in value["layouts"]:
            entry.pop("y", None)
        rest = json.dumps(value, ensure_ascii=False, separators=(",", ":"))[1:]
    return f'{ID_PREFIX}{ident},"widths":{widths_json(widths)},{rest}'


def parquet_schema(command):
    from pyspark.sql.types import (ArrayType, DoubleType, LongType, StringType, StructField, StructType)
    fields = [StructField("id", StringType(), False), StructField("widths", ArrayType(DoubleType(), False), False)]
    if command == "measure":
        size = StructType([StructField("lines", LongType(), False), StructField("width", DoubleType(), False),
                           StructField("height", DoubleType(), False),
                           StructField("breaks", ArrayType(LongType(), False), True)])
        fields.append(StructField("sizes", ArrayType(size, False), False))
    else:
        fields.append(StructField("heights", ArrayType(DoubleType(), False), False))
        fields.append(StructField("layouts", ArrayType(StringType(), False), False))
    return StructType(fields)


def parquet_row(line, command, widths):
    """The output row (tuple in `parquet_schema` order) for one CLI output line."""
    ident, rest = split_id(line)
    value = json.loads("{" + rest)
    widths = [float(w) for w in widths]
    if command == "measure":
        return (ident, widths, [(s["lines"], float(s["width"]), float(s["height"]), s.get("breaks"))
                                for s in value["sizes"]])
    layouts = value["layouts"]
    for entry in layouts:
        entry.pop("y", None)
    return (ident, widths, [float(e["height"]) for e in layouts],
            [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in layouts])
