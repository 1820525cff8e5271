"""User-perceived characters (Unicode extended grapheme clusters, UAX #29), as Terraform
counts them in length(), substr(), strrev(), format() widths and flush heredocs."""

from __future__ import annotations

import unicodedata

_CONTROL_CATEGORIES = frozenset({"Cc", "Zl", "Zp"})


def _kind(char: str) -> str:
    code = ord(char)
    if char == "\r":
        return "CR"
    if char == "\n":
        return "LF"
    if code == 0x200D:
        return "ZWJ"
    if 0x1F1E6 <= code <= 0x1F1FF:
        return "RI"
    if 0x1100 <= code <= 0x115F or 0xA960 <= code <= 0xA97C:
        return "L"
    if 0x1160 <= code <= 0x11A7 or 0xD7B0 <= code <= 0xD7C6:
        return "V"
    if 0x11A8 <= code <= 0x11FF or 0xD7CB <= code <= 0xD7FB:
        return "T"
    if 0xAC00 <= code <= 0xD7A3:
        return "LV" if (code - 0xAC00) % 28 == 0 else "LVT"
    category = unicodedata.category(char)
    if (
        category in ("Mn", "Me")
        or 0xFE00 <= code <= 0xFE0F
        or 0x1F3FB <= code <= 0x1F3FF
        or 0xE0020 <= code <= 0xE007F
        or code in (0x200C,)
    ):
        return "Extend"
    if category == "Mc":
        return "SpacingMark"
    if category in _CONTROL_CATEGORIES or (category == "Cf" and code not in (0x200C, 0x200D)):
        return "Control"
    if _pictographic(code):
        return "Pict"
    return "Other"


def _pictographic(code: int) -> bool:
    return (
        0x1F000 <= code <= 0x1FAFF
        or 0x2600 <= code <= 0x27BF
        or 0x2300 <= code <= 0x23FF
        or code in (0x00A9, 0x00AE, 0x203C, 0x2049, 0x2122, 0x2139, 0x3030, 0x303D, 0x3297, 0x3299)
        or 0x2190 <= code <= 0x21FF
        or 0x2B00 <= code <= 0x2BFF
    )


def _breaks(prev: str, kind: str, state: dict[str, int]) -> bool:
    if prev == "CR" and kind == "LF":
        return False
    if prev in ("Control", "CR", "LF") or kind in ("Control", "CR", "LF"):
        return True
    if prev == "L" and kind in ("L", "V", "LV", "LVT"):
        return False
    if prev in ("LV", "V") and kind in ("V", "T"):
        return False
    if prev in ("LVT", "T") and kind == "T":
        return False
    if kind in ("Extend", "ZWJ", "SpacingMark"):
        return False
    if prev == "ZWJ" and kind == "Pict" and state["pict"]:
        return False
    if prev == "RI" and kind == "RI":
        return state["ri"] % 2 == 0
    return True


def graphemes(text: str) -> list[str]:
    """text split into extended grapheme clusters."""
    if text.isascii() and "\r\n" not in text:
        return list(text)
    clusters: list[str] = []
    prev = ""
    state = {"ri": 0, "pict": 0}
    for char in text:
        kind = _kind(char)
        if clusters and not _breaks(prev, kind, state):
            clusters[-1] += char
        else:
            clusters.append(char)
            state["ri"] = 0
            state["pict"] = 0
        if kind == "RI":
            state["ri"] += 1
        if kind == "Pict":
            state["pict"] = 1
        elif kind not in ("Extend", "ZWJ"):
            state["pict"] = 0 if kind != "Pict" else 1
        prev = kind
    return clusters


def count(text: str) -> int:
    if text.isascii() and "\r\n" not in text:
        return len(text)
    return len(graphemes(text))
