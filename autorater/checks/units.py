"""Units of measure, with conversion inside a dimension (pint): 412.3 MWh is 412,300 kWh,
0.03 A is 30 mA, 139.9 sq m is 139.9 m².

A rubric states the unit its expected value is in (`unit: kWh`); a number written with a
unit of the same dimension is converted before the comparison, and a number written with a
unit of another dimension (11 rooms next to 139.90 m², July next to 412,300 kWh) is not a
candidate for it. Only a check that names a unit reads units: without one, a word after a
number stays a word ("13 in total" is not 13 inches).

The registry is built once per process, on first use (pint's default definitions plus the
few spellings models write that pint lacks: px, sqm, sq ft, m2)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

# Spellings pint does not know, mapped to ones it does (checked whole, case-sensitively first).
_SPELLINGS = {
    "sqm": "m**2", "sq m": "m**2", "sq. m": "m**2", "sq.m": "m**2", "sq. m.": "m**2", "m2": "m**2", "sq metres": "m**2",
    "sq meters": "m**2", "square metres": "m**2", "square meters": "m**2", "square metre": "m**2",
    "square meter": "m**2", "sq ft": "ft**2", "sqft": "ft**2", "sq. ft": "ft**2", "sq. ft.": "ft**2", "ft2": "ft**2",
    "square feet": "ft**2", "square foot": "ft**2",
    "px": "pixel", "pixels": "pixel", "pt": "point", "%": "percent", "pct": "percent", "per cent": "percent",
    "°C": "degC", "ºC": "degC", "C": "degC", "deg C": "degC", "degrees C": "degC", "degrees Celsius": "degC",
    "°F": "degF", "ºF": "degF", "F": "degF", "kwh": "kWh", "mwh": "MWh", "gwh": "GWh", "KWh": "kWh",
    "Ω": "ohm", "kΩ": "kiloohm", "MΩ": "megaohm", "µF": "microfarad", "uF": "microfarad", "μF": "microfarad",
    "nF": "nanofarad", "pF": "picofarad", "µA": "microampere", "uA": "microampere",
}
# A unit as written after a number: up to three short tokens of letters, symbols and exponents.
_UNIT_TEXT = re.compile(r"[ \t]?((?:[A-Za-zµμΩ°º%²³]+(?:[.^]?[0-9²³])?\.?)(?:[ \t/·*.]{1,2}[A-Za-zµμΩ°º²³]+(?:[.^]?[0-9²³])?){0,2})")
# Words that follow numbers and that pint would read as units (a = year, in = inch, h = hour...);
# compared case-sensitively, so "A" (ampere) and "H" (henry) stay units.
_WORDS_NOT_UNITS = frozenset({
    "a", "an", "at", "in", "on", "of", "or", "to", "and", "as", "by", "for", "per", "the", "is", "was", "be", "are",
    "from", "than", "with", "up", "down", "each", "yr", "year", "years", "month", "months", "day", "days", "week",
    "weeks", "h", "s", "min", "hour", "hours",
})


# Money is not a pint dimension: a currency unit is matched by the sign, code or name written
# with the number ("€412m", "EUR 412 mn", "412 million euros"), read from CLDR through babel;
# another currency, or a percentage, is not a candidate for it.
_LOCALES = ("en_US", "en_GB", "en_AU", "en_CA", "en_IN", "de_DE", "fr_FR", "ja_JP", "zh_CN", "de_CH")


@lru_cache(maxsize=1)
def _currency_names() -> dict[str, str]:
    """sign, code and English name (singular and plural, lower case) -> ISO code."""
    from babel.numbers import get_currency_name, get_currency_symbol, list_currencies  # noqa: PLC0415

    names: dict[str, str] = {}
    for code in sorted(list_currencies()):
        names[code.lower()] = code
        for count in (1, 2):
            name = get_currency_name(code, count=count, locale="en").lower()
            names.setdefault(name, code)  # "british pounds", "euros"
            if code in ("EUR", "GBP", "JPY", "INR", "CHF", "CNY"):  # the bare noun is unambiguous for these
                names.setdefault(name.split()[-1], code)
    for locale in _LOCALES:  # signs: the unambiguous ones first ("$" is the US dollar)
        for code in ("USD", "EUR", "GBP", "JPY", "INR", "CNY", "CHF", "CAD", "AUD"):
            names.setdefault(get_currency_symbol(code, locale).lower(), code)
    names.update({"sterling": "GBP", "rmb": "CNY", "yuan": "CNY", "a$": "AUD", "c$": "CAD"})
    return names


def currency_of(written: str | None) -> str | None:
    """The ISO code a sign, code or name stands for ("€" -> EUR, "pounds" -> GBP), or None."""
    if not written:
        return None
    return _currency_names().get(written.strip().lower())


@dataclass(frozen=True)
class Unit:
    """A unit a rubric names, resolved: its pint unit (None for a currency) and a readable
    name for evidence."""

    name: str
    pint_unit: Any
    currency: str | None = None

    def dimensionless(self) -> bool:
        return self.pint_unit is not None and bool(self.pint_unit.dimensionless)

    def is_percent(self) -> bool:
        return self.pint_unit is not None and str(self.pint_unit) == "percent"


@lru_cache(maxsize=1)
def registry() -> Any:
    import pint  # noqa: PLC0415 - heavy; only checks that name a unit load it

    # The grading image ships pint's parsed definitions (MKA_PINT_CACHE, warmed at build):
    # a registry then loads in ~20 ms instead of ~150-350 ms per grading container.
    cache = os.environ.get("MKA_PINT_CACHE")
    ureg = pint.UnitRegistry(autoconvert_offset_to_baseunit=True,
                             cache_folder=cache if cache and os.path.isdir(cache) else None)
    if "pixel" not in ureg:
        ureg.define("pixel = [pixel] = px")
    return ureg


def _parse(text: str) -> Any | None:
    ureg = registry()
    text = text.strip().rstrip(".")
    spelled = _SPELLINGS.get(text) or _SPELLINGS.get(text.lower())
    try:
        return ureg.parse_units(spelled or text)
    except Exception:  # noqa: BLE001 - pint raises several types for "not a unit"
        return None


def resolve(name: str) -> Unit:
    """The unit a rubric names; ValueError (for spec validation) when pint cannot read it."""
    money = currency_of(name)
    if money is not None:
        return Unit(name, None, money)
    parsed = _parse(name)
    if parsed is None:
        raise ValueError(f"unknown unit {name!r} (pint cannot read it; e.g. kWh, m^2, mm, mA, px, %)")
    return Unit(name, parsed)


def unit_after(text: str, end: int) -> tuple[Any, int] | None:
    """The unit written right after a number ending at `end` ((pint unit, end of the unit
    text)), or None. A known spelling of two or three words ("sq m", "square metres", "deg
    C") first, then the first token alone ("kWh" of "kWh in July": pint would read the
    whole as kWh·inch)."""
    m = _UNIT_TEXT.match(text, end)
    if m is None:
        return None
    raw = m.group(1)
    words = raw.split()
    for n in (3, 2):
        if len(words) >= n:
            piece = " ".join(words[:n])
            if piece in _SPELLINGS or piece.lower() in _SPELLINGS:
                parsed = _parse(piece)
                if parsed is not None:
                    return parsed, m.start(1) + raw.index(words[n - 1]) + len(words[n - 1])
    first = words[0] if words else ""
    if not first or first in _WORDS_NOT_UNITS:
        return None
    parsed = _parse(first)
    return (parsed, m.start(1) + len(first)) if parsed is not None else None


def convert(value: float, written: Any, wanted: Unit) -> float | None:
    """`value` in `written` units expressed in the rubric's unit, or None across dimensions."""
    if wanted.pint_unit is None:
        return None
    ureg = registry()
    try:
        return float(ureg.Quantity(value, written).to(wanted.pint_unit).magnitude)
    except Exception:  # noqa: BLE001 - DimensionalityError and offset-unit errors alike
        return None
