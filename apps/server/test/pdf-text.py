#!/usr/bin/env python3
"""Prints the text of a PDF's pages with Python's standard library only (zlib, re), not the
product's PDF library: a second reading of the statements' PDF (modules/statements). It reads
what simple writers (pdf-lib, standard fonts) produce: FlateDecode content streams whose text is
shown with Tj / TJ as hex or literal strings in a single-byte encoding.

    python3 pdf-text.py FILE

Exits 1 when the file is not a PDF.
"""
import re
import sys
import zlib

STREAM = re.compile(rb"stream\r?\n(.*?)\r?\nendstream", re.S)
SHOWN = re.compile(rb"(<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))\s*Tj|\[(.*?)\]\s*TJ", re.S)
STRING = re.compile(rb"<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)", re.S)
ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f", b"(": b"(", b")": b")", b"\\": b"\\"}


def decode(token: bytes) -> str:
    if token.startswith(b"<"):
        digits = re.sub(rb"\s", b"", token[1:-1])
        if len(digits) % 2:
            digits += b"0"
        return bytes.fromhex(digits.decode()).decode("cp1252", "replace")
    body = re.sub(rb"\\(.)", lambda m: ESCAPES.get(m.group(1), m.group(1)), token[1:-1], flags=re.S)
    return body.decode("cp1252", "replace")


def main() -> int:
    data = open(sys.argv[1], "rb").read()
    if not data.startswith(b"%PDF-"):
        print("not a PDF", file=sys.stderr)
        return 1
    lines = []
    for match in STREAM.finditer(data):
        raw = match.group(1)
        try:
            content = zlib.decompress(raw)
        except zlib.error:
            content = raw
        for shown in SHOWN.finditer(content):
            if shown.group(1):
                lines.append(decode(shown.group(1)))
            else:
                lines.append("".join(decode(token) for token in STRING.findall(shown.group(2))))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
