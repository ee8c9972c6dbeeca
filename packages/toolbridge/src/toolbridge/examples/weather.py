"""A small weather service as tools: forecasts, current conditions, unit conversion, alerts.

The data is fake and deterministic (derived from the arguments, never fetched), so
the tools can be called anywhere, in tests and documentation included. Together
they show what ``@tool`` reads from a function: sync and async functions, a
pydantic model parameter, ``Literal`` and enum choices, ``Annotated`` constraints,
parameter docs from the docstring, structured returns and behaviour annotations.
"""

from __future__ import annotations

import asyncio
import zlib
from datetime import date, timedelta
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from toolbridge import tool

__all__ = [
    "CurrentConditions",
    "DailyForecast",
    "Forecast",
    "Location",
    "Subscription",
    "TemperatureUnit",
    "convert_temperature",
    "get_current_conditions",
    "get_forecast",
    "subscribe_to_alerts",
]

_CONDITIONS = ("sunny", "partly cloudy", "cloudy", "light rain", "showers", "windy")
_FIRST_DAY = date(2025, 6, 1)
"""Forecasts start here unless asked otherwise, so that every answer is reproducible."""


class TemperatureUnit(StrEnum):
    """A temperature scale."""

    CELSIUS = "celsius"
    FAHRENHEIT = "fahrenheit"
    KELVIN = "kelvin"


class Location(BaseModel):
    """A place on Earth, by name."""

    city: Annotated[str, Field(min_length=1, description="The city, such as 'Lisbon'.")]
    country: Annotated[
        str | None,
        Field(pattern=r"^[A-Z]{2}$", description="ISO 3166-1 alpha-2 country code, such as 'PT'."),
    ] = None


class DailyForecast(BaseModel):
    """One day of a forecast."""

    day: date
    condition: str
    high: float
    low: float
    precipitation_chance: Annotated[int, Field(ge=0, le=100)]


class Forecast(BaseModel):
    """A forecast for one city, day by day."""

    city: str
    units: Literal["metric", "imperial"]
    days: list[DailyForecast]


class CurrentConditions(BaseModel):
    """The weather at a place right now."""

    location: Location
    condition: str
    temperature_celsius: float
    humidity: Annotated[int, Field(ge=0, le=100)]
    wind_kph: float


class Subscription(BaseModel):
    """A standing request for weather alerts."""

    subscription_id: str
    city: str
    min_severity: Literal["minor", "moderate", "severe"]
    hours: int


def _seed(*parts: object) -> int:
    """A stable number from the arguments (``hash()`` changes between runs)."""
    return zlib.crc32("|".join(str(part).casefold() for part in parts).encode())


def _to_fahrenheit(celsius: float) -> float:
    return round(celsius * 9 / 5 + 32, 1)


@tool(title="Weather forecast", annotations={"read_only": True}, tags={"weather"})
def get_forecast(
    city: str,
    days: Annotated[int, Field(ge=1, le=7)] = 3,
    units: Literal["metric", "imperial"] = "metric",
    start: date | None = None,
) -> Forecast:
    """Get the daily weather forecast for a city.

    Args:
        city: The city, such as "Lisbon" or "Osaka".
        days: How many days to forecast, from 1 to 7.
        units: "metric" for degrees Celsius, "imperial" for degrees Fahrenheit.
        start: The first day of the forecast; 1 June 2025 when omitted.
    """
    first = start or _FIRST_DAY
    daily: list[DailyForecast] = []
    for offset in range(days):
        seed = _seed(city, offset)
        high = 14 + seed % 17 + (seed >> 8) % 10 / 10
        low = high - 4 - (seed >> 12) % 6
        if units == "imperial":
            high, low = _to_fahrenheit(high), _to_fahrenheit(low)
        daily.append(
            DailyForecast(
                day=first + timedelta(days=offset),
                condition=_CONDITIONS[(seed >> 4) % len(_CONDITIONS)],
                high=round(high, 1),
                low=round(low, 1),
                precipitation_chance=(seed >> 16) % 101,
            )
        )
    return Forecast(city=city, units=units, days=daily)


@tool(title="Current conditions", annotations={"read_only": True}, tags={"weather"})
async def get_current_conditions(location: Location) -> CurrentConditions:
    """Get the weather at a place right now.

    Args:
        location: Where to look; add the country code when the city name is ambiguous.
    """
    await asyncio.sleep(0)  # where a real service would be awaited
    seed = _seed(location.city, location.country)
    return CurrentConditions(
        location=location,
        condition=_CONDITIONS[seed % len(_CONDITIONS)],
        temperature_celsius=round(8 + seed % 25 + (seed >> 8) % 10 / 10, 1),
        humidity=30 + (seed >> 12) % 66,
        wind_kph=round((seed >> 16) % 400 / 10, 1),
    )


@tool(
    title="Convert a temperature",
    annotations={"read_only": True, "open_world": False},
    tags={"weather", "units"},
)
def convert_temperature(
    value: float, from_unit: TemperatureUnit, to_unit: TemperatureUnit
) -> float:
    """Convert a temperature from one scale to another.

    Args:
        value: The temperature to convert.
        from_unit: The scale `value` is in.
        to_unit: The scale to convert to.

    Returns:
        The converted temperature, rounded to two decimals.
    """
    celsius = {
        TemperatureUnit.CELSIUS: value,
        TemperatureUnit.FAHRENHEIT: (value - 32) * 5 / 9,
        TemperatureUnit.KELVIN: value - 273.15,
    }[from_unit]
    result = {
        TemperatureUnit.CELSIUS: celsius,
        TemperatureUnit.FAHRENHEIT: celsius * 9 / 5 + 32,
        TemperatureUnit.KELVIN: celsius + 273.15,
    }[to_unit]
    return round(result, 2)


@tool(
    title="Subscribe to weather alerts",
    annotations={"read_only": False, "destructive": False, "idempotent": True},
    tags={"weather", "alerts"},
)
async def subscribe_to_alerts(
    location: Location,
    min_severity: Literal["minor", "moderate", "severe"] = "moderate",
    hours: Annotated[int, Field(ge=1, le=168)] = 24,
) -> Subscription:
    """Subscribe to weather alerts for a place; subscribing twice changes nothing.

    Args:
        location: The place to watch.
        min_severity: The least severe alert worth sending.
        hours: How long to watch, in hours (at most a week).
    """
    await asyncio.sleep(0)
    seed = _seed(location.city, location.country, min_severity, hours)
    return Subscription(
        subscription_id=f"sub_{seed:08x}",
        city=location.city,
        min_severity=min_severity,
        hours=hours,
    )
