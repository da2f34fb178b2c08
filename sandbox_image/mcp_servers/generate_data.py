"""Regenerate the synthetic bundled data (seeded, so byte-for-byte reproducible).

    python3 -m mcp_servers.generate_data            # rewrite data/weather.csv and data/fx.csv
    python3 -m mcp_servers.generate_data --out DIR  # write them to DIR instead (the tests compare)

Both tables are plausible but NOT real observations or market rates: the weather follows each
city's climate normals (annual cycle, day-to-day persistence, wet-day frequency) and the rates are
a seeded random walk from early-2024 levels. Only the standard library is used (random.Random with
a fixed seed is stable across Python versions), so the output never depends on numpy's version.
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import random
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "data"
YEAR = 2024
SEED = 20240101

# city: (annual mean degC, half the Jan-Jul swing (negative: southern hemisphere), diurnal range degC,
#        anomaly sd degC, monthly wet-day probability x12, mean wet-day rain mm)
CLIMATE: dict[str, tuple[float, float, float, float, list[float], float]] = {
    "London": (11.8, 6.8, 7.5, 2.2, [.50, .42, .40, .38, .36, .34, .32, .34, .36, .45, .50, .50], 4.2),
    "Paris": (12.6, 7.8, 8.5, 2.4, [.40, .36, .36, .36, .38, .32, .28, .28, .30, .38, .42, .42], 4.4),
    "Berlin": (10.4, 9.5, 8.0, 2.8, [.40, .34, .34, .30, .34, .34, .34, .32, .30, .32, .36, .40], 3.9),
    "Madrid": (15.2, 10.2, 12.0, 2.3, [.22, .20, .18, .26, .22, .12, .05, .06, .12, .24, .24, .24], 5.5),
    "Rome": (16.0, 8.4, 10.5, 2.0, [.28, .26, .26, .26, .18, .12, .06, .08, .18, .26, .32, .30], 8.0),
    "New York": (13.2, 12.4, 8.2, 3.2, [.32, .30, .33, .34, .34, .32, .32, .30, .28, .28, .30, .33], 8.8),
    "Tokyo": (16.4, 10.6, 7.4, 2.1, [.16, .20, .30, .32, .34, .42, .40, .30, .40, .36, .26, .16], 11.0),
    "Sydney": (18.6, -5.4, 7.8, 2.2, [.38, .40, .42, .38, .36, .38, .30, .26, .28, .30, .34, .34], 8.5),
    "Singapore": (27.9, 0.8, 6.8, 0.7, [.42, .30, .38, .44, .42, .40, .40, .42, .40, .44, .55, .55], 13.5),
    "Cairo": (22.4, 7.4, 12.0, 1.8, [.04, .03, .03, .01, .01, .0, .0, .0, .0, .01, .02, .03], 3.0),
}
COLDEST_DAY = 20  # day of year of the coldest point of the northern-hemisphere annual cycle

# Units of each currency per 1 USD on 2024-01-01, and the daily log-return volatility.
FX_START: dict[str, tuple[float, float]] = {
    "USD": (1.0, 0.0), "EUR": (0.9050, 0.0040), "GBP": (0.7855, 0.0038), "JPY": (141.00, 0.0055),
    "CHF": (0.8420, 0.0045), "CAD": (1.3250, 0.0032), "AUD": (1.4670, 0.0055), "NZD": (1.5810, 0.0058),
    "CNY": (7.1000, 0.0012), "HKD": (7.8100, 0.0002), "SGD": (1.3200, 0.0025), "INR": (83.20, 0.0015),
    "KRW": (1300.0, 0.0045), "THB": (34.30, 0.0040), "AED": (3.6725, 0.0), "BRL": (4.8500, 0.0070),
    "MXN": (16.970, 0.0065), "ARS": (808.00, 0.0030), "CLP": (880.00, 0.0060), "SEK": (10.080, 0.0060),
    "NOK": (10.170, 0.0062), "DKK": (6.7500, 0.0040), "ISK": (137.00, 0.0045), "PLN": (3.9300, 0.0050),
    "CZK": (22.400, 0.0048), "HUF": (346.00, 0.0058), "TRY": (29.500, 0.0030), "EGP": (30.900, 0.0020),
    "ZAR": (18.400, 0.0075), "KES": (160.00, 0.0030),
}
ARS_CRAWL = 0.00065  # the peso's managed daily depreciation (log), on top of its noise


def _days() -> list[dt.date]:
    start = dt.date(YEAR, 1, 1)
    return [start + dt.timedelta(days=i) for i in range((dt.date(YEAR + 1, 1, 1) - start).days)]


def weather_csv() -> str:
    lines = ["city,date,tmin_c,tmax_c,tmean_c,precip_mm"]
    for index, (city, (mean, amp, diurnal, sd, wet, rain_mm)) in enumerate(CLIMATE.items()):
        rng = random.Random(SEED * 100 + index)
        anomaly, wet_yesterday = 0.0, False
        for day in _days():
            doy = day.timetuple().tm_yday
            seasonal = mean - amp * math.cos(2 * math.pi * (doy - COLDEST_DAY) / 366)
            anomaly = 0.75 * anomaly + rng.gauss(0, sd * math.sqrt(1 - 0.75 ** 2))
            p_wet = wet[day.month - 1] * (1.35 if wet_yesterday else 0.85)
            wet_today = rng.random() < min(p_wet, 0.95)
            precip = round(rng.expovariate(1 / rain_mm), 1) if wet_today else 0.0
            wet_yesterday = precip >= 0.1
            spread = diurnal * (0.75 if wet_yesterday else 1.0) * (0.9 + 0.2 * rng.random())
            tmean = seasonal + anomaly - (0.8 if wet_yesterday else 0.0)
            tmin, tmax = round(tmean - spread / 2, 1), round(tmean + spread / 2, 1)
            lines.append(f"{city},{day.isoformat()},{tmin:.1f},{tmax:.1f},{(tmin + tmax) / 2:.2f},{precip:.1f}")
    return "\n".join(lines) + "\n"


def fx_csv() -> str:
    codes = list(FX_START)
    rng = random.Random(SEED)
    logs = {c: math.log(FX_START[c][0]) for c in codes}
    lines = ["date," + ",".join(codes)]
    for n, day in enumerate(_days()):
        if n:
            market = rng.gauss(0, 0.0025)  # a common USD factor keeps crosses realistic
            for c in codes:
                vol = FX_START[c][1]
                if vol:
                    logs[c] += vol * (0.6 * market / 0.0025 + 0.8 * rng.gauss(0, 1)) + (ARS_CRAWL if c == "ARS" else 0)
        lines.append(day.isoformat() + "," + ",".join(f"{math.exp(logs[c]):.6g}" for c in codes))
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DATA_DIR, help="directory to write into")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "weather.csv").write_text(weather_csv(), encoding="utf-8")
    (args.out / "fx.csv").write_text(fx_csv(), encoding="utf-8")
    print(f"wrote {args.out / 'weather.csv'} and {args.out / 'fx.csv'}")


if __name__ == "__main__":
    main()
