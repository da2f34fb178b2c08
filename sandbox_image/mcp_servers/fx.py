"""Currency rates from a fixed, dated table bundled with the server (daily for 2024)."""

from __future__ import annotations

import csv
import datetime as dt
import statistics as st
from typing import Annotated, Any

from pydantic import Field

from mcp_servers._common import DATA_DIR, bad_arg, make_server, parse_date, suggest

mcp = make_server("fx", "Daily 2024 reference exchange rates for 30 currencies from a fixed bundled table "
                        "(synthetic but plausible; not live market data).")

NAMES = {
    "USD": "US dollar", "EUR": "Euro", "GBP": "Pound sterling", "JPY": "Japanese yen", "CHF": "Swiss franc",
    "CAD": "Canadian dollar", "AUD": "Australian dollar", "NZD": "New Zealand dollar", "CNY": "Chinese yuan",
    "HKD": "Hong Kong dollar", "SGD": "Singapore dollar", "INR": "Indian rupee", "KRW": "South Korean won",
    "THB": "Thai baht", "AED": "UAE dirham", "BRL": "Brazilian real", "MXN": "Mexican peso",
    "ARS": "Argentine peso", "CLP": "Chilean peso", "SEK": "Swedish krona", "NOK": "Norwegian krone",
    "DKK": "Danish krone", "ISK": "Icelandic krona", "PLN": "Polish zloty", "CZK": "Czech koruna",
    "HUF": "Hungarian forint", "TRY": "Turkish lira", "EGP": "Egyptian pound", "ZAR": "South African rand",
    "KES": "Kenyan shilling",
}
SYMBOLS = {"$": "USD", "US$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "円": "JPY", "₹": "INR", "₩": "KRW",
           "฿": "THB", "R$": "BRL", "zł": "PLN", "kč": "CZK", "₺": "TRY", "kr": None}
ZERO_DECIMALS = {"JPY", "KRW", "ISK", "CLP", "HUF"}

with open(DATA_DIR / "fx.csv", newline="", encoding="utf-8") as _fh:
    _reader = csv.reader(_fh)
    _CODES = next(_reader)[1:]
    _TABLE: dict[dt.date, dict[str, float]] = {
        dt.date.fromisoformat(r[0]): dict(zip(_CODES, map(float, r[1:]), strict=True)) for r in _reader}
FIRST, LAST = min(_TABLE), max(_TABLE)

Code = Annotated[str, Field(description="ISO 4217 code such as 'EUR', 'JPY' or 'GBP' (see currencies)")]
OptDate = Annotated[str | None, Field(description="YYYY-MM-DD in 2024; omit for the latest rate "
                                                  f"({LAST.isoformat()})")]


def _code(value: str, arg: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise bad_arg(arg, "must be a currency code such as 'EUR'")
    text = value.strip()
    key = SYMBOLS.get(text.lower() if text.lower() in SYMBOLS else text, text.upper())
    if key is None:
        raise bad_arg(arg, f"{value!r} is ambiguous (SEK, NOK, DKK and ISK all use 'kr'); give the ISO code")
    if key not in _TABLE[FIRST]:
        raise bad_arg(arg, f"unknown currency {value!r}{suggest(key, _CODES)}; call currencies for the list")
    return key


def _date(value: str | None, arg: str = "date") -> dt.date:
    if value is None:
        return LAST
    day = parse_date(value, arg)
    if day not in _TABLE:
        raise bad_arg(arg, f"no rates for {value}; the table covers {FIRST} to {LAST}")
    return day


def _rate(base: str, quote: str, day: dt.date) -> float:
    row = _TABLE[day]
    return row[quote] / row[base]


def _money(amount: float, code: str) -> float:
    return round(amount, 0 if code in ZERO_DECIMALS else 2)


@mcp.tool()
def currencies() -> dict[str, Any]:
    """The supported currencies (ISO code and name) and the dates the rate table covers."""
    return {"currencies": [{"code": c, "name": NAMES[c]} for c in _CODES],
            "first_date": FIRST.isoformat(), "last_date": LAST.isoformat()}


@mcp.tool()
def rate(base: Code, quote: Code, date: OptDate = None) -> dict[str, Any]:
    """The exchange rate on a date: how many units of `quote` one unit of `base` buys (and the inverse)."""
    b, q, day = _code(base, "base"), _code(quote, "quote"), _date(date)
    value = _rate(b, q, day)
    return {"base": b, "quote": q, "date": day.isoformat(), "rate": float(f"{value:.6g}"),
            "inverse": float(f"{1 / value:.6g}")}


@mcp.tool()
def convert(
    amount: Annotated[float, Field(description="The amount of `base` currency to convert (>= 0)")],
    base: Code,
    quote: Code,
    date: OptDate = None,
) -> dict[str, Any]:
    """Convert an amount from `base` to `quote` at the table's rate on a date. The result is rounded to the
    quote currency's minor unit (whole units for JPY, KRW, ISK, CLP and HUF); `exact` is unrounded."""
    if not 0 <= amount <= 1e15:
        raise bad_arg("amount", "must be between 0 and 1e15")
    b, q, day = _code(base, "base"), _code(quote, "quote"), _date(date)
    value = _rate(b, q, day)
    return {"amount": amount, "base": b, "quote": q, "date": day.isoformat(), "rate": float(f"{value:.6g}"),
            "result": _money(amount * value, q), "exact": float(f"{amount * value:.10g}")}


@mcp.tool()
def history(
    base: Code,
    quote: Code,
    start: Annotated[str, Field(description="First day, YYYY-MM-DD (inclusive)")],
    end: Annotated[str, Field(description="Last day, YYYY-MM-DD (inclusive)")],
    include_series: Annotated[bool, Field(description="Include every daily rate, not only the summary")] = True,
) -> dict[str, Any]:
    """Daily rates of `base` in `quote` over an inclusive date range, with minimum, maximum, mean and the
    percent change from the first to the last day."""
    b, q = _code(base, "base"), _code(quote, "quote")
    first, last = _date(start, "start"), _date(end, "end")
    if last < first:
        raise bad_arg("end", f"{end} is before start {start}")
    series: list[dict[str, Any]] = [{"date": d.isoformat(), "rate": float(f"{_rate(b, q, d):.6g}")}
              for d in (first + dt.timedelta(days=i) for i in range((last - first).days + 1))]
    values = [s["rate"] for s in series]
    low, high = min(series, key=lambda s: s["rate"]), max(series, key=lambda s: s["rate"])
    return {"base": b, "quote": q, "start": first.isoformat(), "end": last.isoformat(), "days": len(series),
            "min": low, "max": high, "mean": float(f"{st.fmean(values):.6g}"),
            "change_pct": round((values[-1] - values[0]) / values[0] * 100, 4),
            "series": series if include_series else None}


def main() -> None:
    mcp.run()


if __name__ == "__main__":
    main()
