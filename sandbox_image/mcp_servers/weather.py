"""Offline daily weather for 2024 in ten cities (bundled, seeded synthetic data: see generate_data)."""

from __future__ import annotations

import calendar
import datetime as dt
import statistics as st
from typing import Annotated, Any

from pydantic import Field

from mcp_servers._common import ToolError, bad_arg, make_server, parse_date, read_csv
from mcp_servers.geo import find_place

mcp = make_server("weather", "Daily 2024 weather (min/max/mean temperature in degC, precipitation in mm) for "
                             "London, Paris, Berlin, Madrid, Rome, New York, Tokyo, Sydney, Singapore and "
                             "Cairo. Bundled synthetic data: plausible, not real observations.")

_DATA: dict[str, dict[dt.date, dict[str, Any]]] = {}
for _row in read_csv("weather.csv"):
    _day = dt.date.fromisoformat(_row["date"])
    _DATA.setdefault(_row["city"], {})[_day] = {
        "date": _row["date"], "tmin_c": float(_row["tmin_c"]), "tmax_c": float(_row["tmax_c"]),
        "tmean_c": float(_row["tmean_c"]), "precip_mm": float(_row["precip_mm"])}
FIRST, LAST = min(next(iter(_DATA.values()))), max(next(iter(_DATA.values())))
WET_DAY_MM = 1.0

City = Annotated[str, Field(description="A covered city, e.g. 'Tokyo' or 'NYC' (see list_cities)")]
Date = Annotated[str, Field(description="A date in 2024, YYYY-MM-DD")]


def _city(name: str, arg: str = "city") -> str:
    if not isinstance(name, str) or not name.strip():
        raise bad_arg(arg, "must be a non-empty city name")
    try:
        canonical = str(find_place(name, arg)["name"])
    except ToolError:
        canonical = name.strip()
    if canonical not in _DATA:
        raise bad_arg(arg, f"no weather data for {name!r}; covered cities: {', '.join(_DATA)}")
    return canonical


def _date(value: str, arg: str) -> dt.date:
    day = parse_date(value, arg)
    if not FIRST <= day <= LAST:
        raise bad_arg(arg, f"{value} is outside the data ({FIRST} to {LAST})")
    return day


def _summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    wettest = max(rows, key=lambda r: (r["precip_mm"], r["date"]))
    return {
        "days": len(rows),
        "mean_temp_c": round(st.fmean(r["tmean_c"] for r in rows), 2),
        "mean_tmax_c": round(st.fmean(r["tmax_c"] for r in rows), 2),
        "mean_tmin_c": round(st.fmean(r["tmin_c"] for r in rows), 2),
        "highest_tmax_c": max(r["tmax_c"] for r in rows),
        "lowest_tmin_c": min(r["tmin_c"] for r in rows),
        "total_precip_mm": round(sum(r["precip_mm"] for r in rows), 1),
        "wet_days": sum(r["precip_mm"] >= WET_DAY_MM for r in rows),
        "wettest_day": {"date": wettest["date"], "precip_mm": wettest["precip_mm"]},
    }


@mcp.tool()
def list_cities() -> dict[str, Any]:
    """The cities with weather data, and the date range covered."""
    return {"cities": list(_DATA), "first_date": FIRST.isoformat(), "last_date": LAST.isoformat(),
            "units": {"temperature": "degC", "precipitation": "mm"}, "wet_day_threshold_mm": WET_DAY_MM}


@mcp.tool()
def daily(city: City, date: Date) -> dict[str, Any]:
    """One day's weather in a city: minimum, maximum and mean temperature (degC) and precipitation (mm)."""
    name = _city(city)
    return {"city": name, **_DATA[name][_date(date, "date")]}


@mcp.tool()
def range_stats(
    city: City,
    start: Annotated[str, Field(description="First day, YYYY-MM-DD (inclusive)")],
    end: Annotated[str, Field(description="Last day, YYYY-MM-DD (inclusive)")],
) -> dict[str, Any]:
    """Statistics over an inclusive date range in one city: mean of daily mean/max/min temperatures,
    the extremes, total precipitation, number of wet days (>= 1 mm) and the wettest day."""
    name = _city(city)
    first, last = _date(start, "start"), _date(end, "end")
    if last < first:
        raise bad_arg("end", f"{end} is before start {start}")
    rows = [_DATA[name][first + dt.timedelta(days=i)] for i in range((last - first).days + 1)]
    return {"city": name, "start": first.isoformat(), "end": last.isoformat(), **_summary(rows)}


@mcp.tool()
def monthly_summary(
    city: City,
    month: Annotated[int, Field(description="Month number, 1 (January) to 12 (December)")],
) -> dict[str, Any]:
    """The same statistics as range_stats for one whole calendar month of 2024 in one city."""
    if not 1 <= month <= 12:
        raise bad_arg("month", "must be between 1 and 12")
    name = _city(city)
    rows = [r for d, r in _DATA[name].items() if d.month == month]
    return {"city": name, "month": calendar.month_name[month], "year": FIRST.year, **_summary(rows)}


@mcp.tool()
def hottest_day(
    city: City,
    month: Annotated[int | None, Field(description="Month 1-12; omit for the whole year")] = None,
) -> dict[str, Any]:
    """The day with the highest maximum temperature in a city, within one month or the whole year
    (ties go to the earliest date)."""
    if month is not None and not 1 <= month <= 12:
        raise bad_arg("month", "must be between 1 and 12")
    name = _city(city)
    rows = [r for d, r in _DATA[name].items() if month is None or d.month == month]
    best = max(rows, key=lambda r: (r["tmax_c"], [-int(p) for p in r["date"].split("-")]))
    return {"city": name, "month": month, **best}


@mcp.tool()
def compare(
    cities: Annotated[list[str], Field(description="One to ten covered cities")],
    date: Date,
) -> dict[str, Any]:
    """Compare several cities on one date: each city's weather, sorted warmest (highest max) first,
    plus which city was warmest, coldest (lowest min) and wettest (null if all were dry)."""
    if not 1 <= len(cities) <= 10:
        raise bad_arg("cities", "give between 1 and 10 cities")
    day = _date(date, "date")
    names = [_city(c, f"cities[{i}]") for i, c in enumerate(cities)]
    rows = sorted(({"city": n, **_DATA[n][day]} for n in dict.fromkeys(names)),
                  key=lambda r: (-r["tmax_c"], r["city"]))
    return {"date": day.isoformat(), "results": rows, "warmest": rows[0]["city"],
            "coldest": min(rows, key=lambda r: (r["tmin_c"], r["city"]))["city"],
            "wettest": min(rows, key=lambda r: (-r["precip_mm"], r["city"]))["city"]
            if any(r["precip_mm"] > 0 for r in rows) else None}


def main() -> None:
    mcp.run()


if __name__ == "__main__":
    main()
