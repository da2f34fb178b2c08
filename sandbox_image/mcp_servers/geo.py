"""Offline gazetteer: look places up, measure great-circle distances, plan routes, convert times."""

from __future__ import annotations

import datetime as dt
import difflib
import itertools
import math
from typing import Annotated, Any
from zoneinfo import ZoneInfo

from pydantic import Field

from mcp_servers._common import bad_arg, make_server, norm_key, read_csv

mcp = make_server("geo", "An offline gazetteer of 74 world cities and landmarks (bundled data, no network).")

EARTH_RADIUS_KM = 6371.0088  # IUGG mean Earth radius
_PLACES: list[dict[str, Any]] = []
_INDEX: dict[str, dict[str, Any]] = {}
for _row in read_csv("places.csv"):
    _place: dict[str, Any] = {
        "name": _row["name"], "kind": _row["kind"], "country": _row["country"],
        "country_code": _row["country_code"], "lat": float(_row["lat"]), "lon": float(_row["lon"]),
        "population": int(_row["population"]) or None, "timezone": _row["timezone"],
        "aliases": [a for a in _row["aliases"].split("|") if a],
    }
    _PLACES.append(_place)
    for _key in [_place["name"], *_place["aliases"]]:
        _INDEX.setdefault(norm_key(_key), _place)

PlaceName = Annotated[str, Field(description="A place name from the gazetteer, e.g. 'Paris', 'München', "
                                             "'NYC', 'Eiffel Tower' (case and accents are ignored)")]


def find_place(name: str, arg: str = "name") -> dict[str, Any]:
    """The gazetteer entry for `name`; a bad-argument error naming `arg` if there is none."""
    if not isinstance(name, str) or not name.strip():
        raise bad_arg(arg, "must be a non-empty place name")
    key = norm_key(name)
    if key in _INDEX:
        return _INDEX[key]
    # "Paris, France" or "Paris (FR)": try the part before the first separator
    head = norm_key(name.replace("(", ",").split(",")[0])
    if head in _INDEX:
        return _INDEX[head]
    close = list(dict.fromkeys(_INDEX[k]["name"] for k in difflib.get_close_matches(key, list(_INDEX), 3, 0.6)))
    hint = f" (did you mean: {', '.join(close)}?)" if close else ""
    raise bad_arg(arg, f"unknown place {name!r}{hint}; call list_places to see them")


def haversine_km(a: dict[str, Any], b: dict[str, Any]) -> float:
    p1, p2 = math.radians(a["lat"]), math.radians(b["lat"])
    dp, dl = p2 - p1, math.radians(b["lon"] - a["lon"])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1.0, math.sqrt(h)))


def _check_latlon(lat: float, lon: float) -> None:
    if not -90 <= lat <= 90:
        raise bad_arg("lat", f"{lat} is not a latitude in [-90, 90]")
    if not -180 <= lon <= 180:
        raise bad_arg("lon", f"{lon} is not a longitude in [-180, 180]")


@mcp.tool()
def lookup(name: PlaceName) -> dict[str, Any]:
    """Look a place up: canonical name, kind (city or landmark), country, ISO country code, latitude,
    longitude, population (cities only) and IANA timezone."""
    return dict(find_place(name, "name"))


@mcp.tool()
def list_places(
    country: Annotated[str | None, Field(description="Optional filter: country name or ISO code, e.g. 'JP'")] = None,
    kind: Annotated[str | None, Field(description="Optional filter: 'city' or 'landmark'")] = None,
) -> dict[str, Any]:
    """List gazetteer places (name, country code, kind), optionally filtered by country and/or kind."""
    rows = _PLACES
    if kind is not None:
        if kind.strip().lower() not in ("city", "landmark"):
            raise bad_arg("kind", "must be 'city' or 'landmark'")
        rows = [p for p in rows if p["kind"] == kind.strip().lower()]
    if country is not None:
        key = norm_key(country)
        rows = [p for p in rows if key in (norm_key(p["country"]), p["country_code"].lower())]
        if not rows:
            raise bad_arg("country", f"no places in {country!r}")
    return {"count": len(rows),
            "places": [{"name": p["name"], "country_code": p["country_code"], "kind": p["kind"]} for p in rows]}


@mcp.tool()
def distance(origin: PlaceName, destination: PlaceName) -> dict[str, Any]:
    """Great-circle (haversine) distance between two places in kilometres, miles and nautical miles."""
    a, b = find_place(origin, "origin"), find_place(destination, "destination")
    km = haversine_km(a, b)
    return {"origin": a["name"], "destination": b["name"], "km": round(km, 1),
            "miles": round(km / 1.609344, 1), "nautical_miles": round(km / 1.852, 1)}


@mcp.tool()
def bearing(origin: PlaceName, destination: PlaceName) -> dict[str, Any]:
    """Initial compass bearing (degrees clockwise from true north, and a 16-point compass label)
    for travelling from `origin` to `destination` along the great circle."""
    a, b = find_place(origin, "origin"), find_place(destination, "destination")
    p1, p2 = math.radians(a["lat"]), math.radians(b["lat"])
    dl = math.radians(b["lon"] - a["lon"])
    y = math.sin(dl) * math.cos(p2)
    x = math.cos(p1) * math.sin(p2) - math.sin(p1) * math.cos(p2) * math.cos(dl)
    deg = (math.degrees(math.atan2(y, x)) + 360) % 360
    points = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
    return {"origin": a["name"], "destination": b["name"], "bearing_deg": round(deg, 1),
            "compass": points[int((deg + 11.25) // 22.5) % 16]}


@mcp.tool()
def nearest(
    lat: Annotated[float, Field(description="Latitude in decimal degrees (-90..90)")],
    lon: Annotated[float, Field(description="Longitude in decimal degrees (-180..180)")],
    k: Annotated[int, Field(description="How many places to return (1-20)")] = 5,
    kind: Annotated[str | None, Field(description="Optional filter: 'city' or 'landmark'")] = None,
) -> dict[str, Any]:
    """The k gazetteer places nearest to a coordinate, closest first, with distances in km."""
    _check_latlon(lat, lon)
    if not 1 <= k <= 20:
        raise bad_arg("k", "must be between 1 and 20")
    if kind is not None and kind not in ("city", "landmark"):
        raise bad_arg("kind", "must be 'city' or 'landmark'")
    here = {"lat": lat, "lon": lon}
    ranked = sorted((haversine_km(here, p), p["name"]) for p in _PLACES if kind in (None, p["kind"]))
    return {"lat": lat, "lon": lon,
            "results": [{"name": n, "km": round(d, 1)} for d, n in ranked[:k]]}


@mcp.tool()
def route(
    stops: Annotated[list[str], Field(description="Two or more place names, visited in the given order")],
) -> dict[str, Any]:
    """Total great-circle distance of a route visiting `stops` in order, with each leg's distance
    (km and miles) and the running total."""
    if len(stops) < 2:
        raise bad_arg("stops", "needs at least two places")
    if len(stops) > 50:
        raise bad_arg("stops", "at most 50 places")
    places = [find_place(s, f"stops[{i}]") for i, s in enumerate(stops)]
    legs, total = [], 0.0
    for a, b in itertools.pairwise(places):
        km = haversine_km(a, b)
        total += km
        legs.append({"from": a["name"], "to": b["name"], "km": round(km, 1), "cumulative_km": round(total, 1)})
    return {"stops": [p["name"] for p in places], "legs": legs, "total_km": round(total, 1),
            "total_miles": round(total / 1.609344, 1)}


@mcp.tool()
def within_radius(
    name: PlaceName,
    km: Annotated[float, Field(description="Search radius in kilometres (> 0, at most 20000)")],
) -> dict[str, Any]:
    """All other gazetteer places within `km` kilometres of a place, closest first."""
    if not 0 < km <= 20_000:
        raise bad_arg("km", "must be > 0 and at most 20000")
    centre = find_place(name, "name")
    found = sorted((haversine_km(centre, p), p["name"]) for p in _PLACES if p is not centre)
    hits = [{"name": n, "km": round(d, 1)} for d, n in found if d <= km]
    return {"centre": centre["name"], "radius_km": km, "count": len(hits), "results": hits}


@mcp.tool()
def local_time(
    name: PlaceName,
    utc_datetime: Annotated[str, Field(description="A UTC instant in ISO 8601, e.g. '2024-07-01T09:30:00'")],
) -> dict[str, Any]:
    """Convert a UTC date-time to the local time at a place (using its IANA timezone, with daylight
    saving), giving the local ISO time, the UTC offset and the timezone abbreviation."""
    place = find_place(name, "name")
    try:
        when = dt.datetime.fromisoformat(utc_datetime.strip().replace("Z", "+00:00"))
    except ValueError:
        raise bad_arg("utc_datetime", f"{utc_datetime!r} is not an ISO 8601 date-time") from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.UTC)
    local = when.astimezone(ZoneInfo(place["timezone"]))
    offset = local.utcoffset() or dt.timedelta(0)
    minutes = int(offset.total_seconds() // 60)
    return {"name": place["name"], "timezone": place["timezone"], "utc": when.astimezone(dt.UTC)
            .isoformat(), "local": local.isoformat(), "utc_offset": f"{'+' if minutes >= 0 else '-'}"
            f"{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}", "abbreviation": local.tzname()}


def main() -> None:
    mcp.run()


if __name__ == "__main__":
    main()
