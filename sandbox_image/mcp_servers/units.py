"""Units and maths: conversions, safe arithmetic, percent change and descriptive statistics."""

from __future__ import annotations

import ast
import math
import operator
import statistics as st
from collections.abc import Callable
from typing import Annotated, Any

from pydantic import Field

from mcp_servers._common import bad_arg, make_server, suggest

mcp = make_server("units", "Convert between units, evaluate arithmetic safely and summarise numbers.")

# Factor to the category's base unit (m, m2, kg, m3, J, m/s). Temperature is affine: see _TEMP.
_UNITS: dict[str, dict[str, float]] = {
    "length": {"m": 1.0, "km": 1e3, "cm": 1e-2, "mm": 1e-3, "um": 1e-6, "mi": 1609.344, "yd": 0.9144,
               "ft": 0.3048, "in": 0.0254, "nmi": 1852.0},
    "area": {"m2": 1.0, "km2": 1e6, "cm2": 1e-4, "mm2": 1e-6, "ha": 1e4, "acre": 4046.8564224,
             "ft2": 0.09290304, "in2": 0.00064516, "yd2": 0.83612736, "mi2": 2589988.110336},
    "mass": {"kg": 1.0, "g": 1e-3, "mg": 1e-6, "t": 1e3, "lb": 0.45359237, "oz": 0.028349523125,
             "st": 6.35029318},
    "volume": {"m3": 1.0, "l": 1e-3, "ml": 1e-6, "cl": 1e-5, "dl": 1e-4, "cm3": 1e-6, "gal": 0.003785411784,
               "qt": 0.000946352946, "pt": 0.000473176473, "cup": 0.0002365882365, "floz": 2.95735295625e-5,
               "imp_gal": 0.00454609, "ft3": 0.028316846592, "in3": 1.6387064e-5},
    "energy": {"j": 1.0, "kj": 1e3, "mj": 1e6, "cal": 4.184, "kcal": 4184.0, "wh": 3600.0, "kwh": 3.6e6,
               "btu": 1055.05585262, "ev": 1.602176634e-19, "therm": 105480400.0},
    "speed": {"m/s": 1.0, "km/h": 1 / 3.6, "mph": 0.44704, "kn": 0.514444444444, "ft/s": 0.3048},
    "temperature": {"c": 1.0, "f": 1.0, "k": 1.0},
}
_ALIASES = {
    "meter": "m", "meters": "m", "metre": "m", "metres": "m", "kilometer": "km", "kilometers": "km",
    "kilometre": "km", "kilometres": "km", "centimeter": "cm", "centimeters": "cm", "millimeter": "mm",
    "millimeters": "mm", "µm": "um", "micrometer": "um", "mile": "mi", "miles": "mi", "yard": "yd", "yards": "yd",
    "foot": "ft", "feet": "ft", "inch": "in", "inches": "in", "nautical mile": "nmi", "nautical miles": "nmi",
    "m²": "m2", "sq m": "m2", "km²": "km2", "sq km": "km2", "cm²": "cm2", "hectare": "ha", "hectares": "ha",
    "acres": "acre", "ft²": "ft2", "sq ft": "ft2", "sq in": "in2", "mi²": "mi2", "sq mi": "mi2",
    "kilogram": "kg", "kilograms": "kg", "gram": "g", "grams": "g", "milligram": "mg", "tonne": "t",
    "tonnes": "t", "pound": "lb", "pounds": "lb", "lbs": "lb", "ounce": "oz", "ounces": "oz", "stone": "st",
    "m³": "m3", "liter": "l", "liters": "l", "litre": "l", "litres": "l", "milliliter": "ml", "millilitre": "ml",
    "cc": "cm3", "cm³": "cm3", "gallon": "gal", "gallons": "gal", "us gal": "gal", "quart": "qt", "pint": "pt",
    "cups": "cup", "fl oz": "floz", "imperial gallon": "imp_gal", "ft³": "ft3", "in³": "in3",
    "joule": "j", "joules": "j", "kilojoule": "kj", "megajoule": "mj", "calorie": "cal", "calories": "cal",
    "kilocalorie": "kcal", "kilocalories": "kcal", "watt hour": "wh", "kilowatt hour": "kwh",
    "electronvolt": "ev", "therms": "therm",
    "mps": "m/s", "m s": "m/s", "kph": "km/h", "kmh": "km/h", "km/hr": "km/h", "miles per hour": "mph",
    "knot": "kn", "knots": "kn", "kt": "kn", "fps": "ft/s",
    "°c": "c", "celsius": "c", "degc": "c", "°f": "f", "fahrenheit": "f", "degf": "f", "kelvin": "k",
}
_DISPLAY = {"c": "degC", "f": "degF", "k": "K", "j": "J", "kj": "kJ", "mj": "MJ", "wh": "Wh", "kwh": "kWh",
            "btu": "BTU", "ev": "eV", "l": "L"}
_TEMP: dict[str, tuple[Callable[[float], float], Callable[[float], float]]] = {
    "c": (lambda v: v + 273.15, lambda k: k - 273.15),
    "f": (lambda v: (v - 32) * 5 / 9 + 273.15, lambda k: (k - 273.15) * 9 / 5 + 32),
    "k": (lambda v: v, lambda k: k),
}


def _unit(name: str, arg: str) -> tuple[str, str]:
    key = " ".join(name.strip().lower().split())
    key = _ALIASES.get(key, key)
    for category, table in _UNITS.items():
        if key in table:
            return category, key
    known = [u for table in _UNITS.values() for u in table] + list(_ALIASES)
    raise bad_arg(arg, f"unknown unit {name!r}{suggest(key, known)}; call list_units for the supported units")


@mcp.tool()
def convert(
    value: Annotated[float, Field(description="The quantity to convert")],
    from_unit: Annotated[str, Field(description="Unit of `value`, e.g. 'km', 'mi', 'degF', 'kWh', 'km/h'")],
    to_unit: Annotated[str, Field(description="Target unit in the same category")],
) -> dict[str, Any]:
    """Convert a quantity between units of length, area, mass, volume, temperature, energy or speed.

    Units are case-insensitive symbols or names (m, km, mi, ft, in, m2, ha, acre, kg, lb, oz, l, gal (US),
    imp_gal, C, F, K, J, kcal, kWh, BTU, m/s, km/h, mph, kn ...). Returns the converted value (rounded to
    10 significant digits) and the category."""
    if not math.isfinite(value):
        raise bad_arg("value", "must be a finite number")
    cat_from, src = _unit(from_unit, "from_unit")
    cat_to, dst = _unit(to_unit, "to_unit")
    if cat_from != cat_to:
        raise bad_arg("to_unit", f"cannot convert {cat_from} ({from_unit}) to {cat_to} ({to_unit})")
    if cat_from == "temperature":
        kelvin = _TEMP[src][0](value)
        if kelvin < 0:
            raise bad_arg("value", "is below absolute zero")
        result = _TEMP[dst][1](kelvin)
    else:
        result = value * _UNITS[cat_from][src] / _UNITS[cat_from][dst]
    return {"value": value, "from_unit": _DISPLAY.get(src, src), "to_unit": _DISPLAY.get(dst, dst),
            "result": float(f"{result:.10g}"), "category": cat_from}


@mcp.tool()
def list_units(
    category: Annotated[str | None, Field(description="Optional category: length, area, mass, volume, "
                                                      "temperature, energy or speed")] = None,
) -> dict[str, list[str]]:
    """List the unit symbols `convert` accepts, grouped by category (optionally only one category)."""
    if category is None:
        return {c: sorted(_DISPLAY.get(u, u) for u in t) for c, t in _UNITS.items()}
    key = category.strip().lower()
    if key not in _UNITS:
        raise bad_arg("category", f"unknown category {category!r}; one of {', '.join(_UNITS)}")
    return {key: sorted(_DISPLAY.get(u, u) for u in _UNITS[key])}


_BINOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow,
}
_FUNCS: dict[str, Callable[..., float]] = {
    "sqrt": math.sqrt, "abs": abs, "round": round, "min": min, "max": max, "floor": math.floor,
    "ceil": math.ceil, "exp": math.exp, "ln": math.log, "log": math.log, "log10": math.log10,
    "log2": math.log2, "sin": math.sin, "cos": math.cos, "tan": math.tan, "asin": math.asin,
    "acos": math.acos, "atan": math.atan, "atan2": math.atan2, "degrees": math.degrees,
    "radians": math.radians, "hypot": math.hypot, "factorial": math.factorial,
}
_CONSTS = {"pi": math.pi, "e": math.e, "tau": math.tau}


def _eval(node: ast.AST) -> Any:
    if isinstance(node, ast.Expression):
        return _eval(node.body)
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    if isinstance(node, ast.Name) and node.id in _CONSTS:
        return _CONSTS[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
        v = _eval(node.operand)
        return v if isinstance(node.op, ast.UAdd) else -v
    if isinstance(node, ast.BinOp) and type(node.op) in _BINOPS:
        left, right = _eval(node.left), _eval(node.right)
        if isinstance(node.op, ast.Pow) and (abs(right) > 1000 or abs(left) > 1e100):
            raise ValueError("exponent too large")
        return _BINOPS[type(node.op)](left, right)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _FUNCS \
            and not node.keywords:
        args = [_eval(a) for a in node.args]
        if node.func.id == "factorial" and (len(args) != 1 or args[0] > 170):
            raise ValueError("factorial argument too large")
        return _FUNCS[node.func.id](*args)
    raise ValueError(f"unsupported syntax {ast.unparse(node)!r}")


@mcp.tool()
def evaluate(
    expression: Annotated[str, Field(description="Arithmetic such as '(12.5 * 3 + 4) / 2' or 'sqrt(2) * pi'")],
) -> dict[str, Any]:
    """Safely evaluate an arithmetic expression (no code execution).

    Supports numbers, + - * / // % ** and parentheses, the constants pi, e and tau, and the functions
    sqrt, abs, round, min, max, floor, ceil, exp, ln/log, log10, log2, sin, cos, tan, asin, acos, atan,
    atan2, degrees, radians, hypot and factorial. Trigonometry uses radians."""
    text = expression.strip().replace("^", "**").replace("×", "*").replace("÷", "/")
    if not text or len(text) > 500:
        raise bad_arg("expression", "must be 1-500 characters")
    try:
        result = _eval(ast.parse(text, mode="eval"))
    except SyntaxError:
        raise bad_arg("expression", f"cannot parse {expression!r}") from None
    except ZeroDivisionError:
        raise bad_arg("expression", "division by zero") from None
    except (ValueError, TypeError, OverflowError) as exc:
        raise bad_arg("expression", str(exc)) from None
    if isinstance(result, float) and not math.isfinite(result):
        raise bad_arg("expression", "result is not finite")
    if isinstance(result, float):
        result = float(f"{result:.12g}")
    return {"expression": expression, "result": result}


@mcp.tool()
def percent_change(
    old: Annotated[float, Field(description="The starting value (must not be 0)")],
    new: Annotated[float, Field(description="The ending value")],
) -> dict[str, float]:
    """Percentage change from `old` to `new`: (new - old) / |old| * 100, rounded to 4 decimals."""
    if old == 0:
        raise bad_arg("old", "must not be zero (percent change from 0 is undefined)")
    if not (math.isfinite(old) and math.isfinite(new)):
        raise bad_arg("new" if math.isfinite(old) else "old", "must be a finite number")
    return {"old": old, "new": new, "difference": float(f"{new - old:.12g}"),
            "percent_change": round((new - old) / abs(old) * 100, 4), "ratio": round(new / old, 6)}


@mcp.tool()
def statistics(
    values: Annotated[list[float], Field(description="The numbers to summarise (1 to 100000 values)")],
) -> dict[str, Any]:
    """Descriptive statistics of a list of numbers: count, sum, mean, median, min, max, range,
    sample and population standard deviation, and quartiles (inclusive method). Rounded to 6 decimals."""
    if not values:
        raise bad_arg("values", "must contain at least one number")
    if len(values) > 100_000:
        raise bad_arg("values", "at most 100000 numbers")
    if not all(math.isfinite(v) for v in values):
        raise bad_arg("values", "every value must be a finite number")
    out: dict[str, Any] = {
        "count": len(values), "sum": math.fsum(values), "mean": st.fmean(values), "median": st.median(values),
        "min": min(values), "max": max(values), "range": max(values) - min(values),
        "stdev": st.stdev(values) if len(values) > 1 else 0.0, "pstdev": st.pstdev(values),
    }
    out["quartiles"] = st.quantiles(values, n=4, method="inclusive") if len(values) > 1 else [values[0]] * 3
    return {k: (round(v, 6) if isinstance(v, float) else [round(q, 6) for q in v] if isinstance(v, list) else v)
            for k, v in out.items()}


def main() -> None:
    mcp.run()


if __name__ == "__main__":
    main()
