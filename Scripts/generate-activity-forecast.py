#!/usr/bin/env python3
"""Writes the synthetic two-week Tel Aviv forecast that Examples/activity-windows.yaml reads.

The data is SYNTHETIC: plausible values for the Tel Aviv beach in late March and early
April (air 13-25 °C, a spring hamsin with dust and 30+ °C, sea 17.5-19 °C, UV up to about
7, an afternoon sea breeze, a day of westerly swell), made from smooth daily curves and a
few per-day parameters. It is not a measurement or a real forecast.

It is deterministic: no randomness, no clock, no network. Run it from the package root:

    python3 Scripts/generate-activity-forecast.py > Examples/activity-windows/forecast-2026-03-22.json

Hours run from 2026-03-22 00:00 to 2026-04-04 23:00 in Asia/Jerusalem, across the spring
forward of Friday 2026-03-27 (02:00 +02:00 becomes 03:00 +03:00), so that local day has 23
hours. Times are written with the local offset of each hour.
"""
import json
import math
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

ZONE = ZoneInfo("Asia/Jerusalem")
START = datetime(2026, 3, 22, 0, 0, tzinfo=ZONE)
DAYS = 14
# Tel Aviv's solar noon is about 09:40 UTC.
SOLAR_NOON_UTC = 9 + 40 / 60

# Per local day: air min/max (°C), UV at solar noon, base wind and afternoon sea breeze
# (km/h), base wave height (m), AQI, and the humidity feel (°C added at the warmest hour).
DAYS_PLAN = [
    # date         tmin tmax  uv  wind breeze wave  aqi  humid
    ("2026-03-22", 13.0, 21.0, 6.8,  7.0, 10.0, 0.30,  38, 0.5),  # calm, clear
    ("2026-03-23", 14.0, 22.0, 6.9,  8.0, 12.0, 0.40,  41, 0.5),  # calm, a little warmer
    ("2026-03-24", 15.0, 19.5, 4.5, 24.0,  8.0, 1.50,  30, 0.0),  # westerly swell, windy, clouds
    ("2026-03-25", 13.5, 20.5, 6.2, 14.0,  9.0, 0.85,  33, 0.3),  # swell easing
    ("2026-03-26", 14.5, 22.5, 7.0,  8.0, 11.0, 0.35,  44, 0.6),  # calm
    ("2026-03-27", 15.5, 24.0, 7.1,  7.0, 12.0, 0.30,  47, 0.8),  # warm, calm (spring forward)
    ("2026-03-28", 16.0, 23.5, 7.1,  9.0, 13.0, 0.45,  45, 0.8),  # warm, breezy afternoon
    ("2026-03-29", 15.0, 21.5, 6.0, 12.0, 10.0, 0.70,  36, 0.4),  # some swell
    ("2026-03-30", 17.0, 26.5, 7.2,  9.0, 10.0, 0.35,  62, 1.0),  # warming ahead of the hamsin
    ("2026-03-31", 22.0, 32.5, 6.5, 16.0,  0.0, 0.20, 138, 0.0),  # hamsin: hot, dry, dusty, offshore wind
    ("2026-04-01", 17.5, 24.0, 7.2, 11.0, 12.0, 0.40,  70, 0.6),  # after the hamsin
    ("2026-04-02", 16.0, 22.0, 7.3,  8.0, 11.0, 0.35,  42, 0.5),  # calm
    ("2026-04-03", 15.5, 21.5, 7.0, 10.0, 12.0, 0.50,  39, 0.4),
    ("2026-04-04", 16.0, 22.5, 7.4,  8.0, 12.0, 0.40,  40, 0.5),
]


def jitter(n, scale):
    """A fixed, repeatable wobble in [-scale, scale] for the n-th hour."""
    return scale * math.sin(n * 12.9898 + 78.233) * 0.5 + scale * math.sin(n * 4.1414) * 0.5


def hour_entry(n, moment):
    local = moment.astimezone(ZONE)
    plan = DAYS_PLAN[(local.date() - START.date()).days]
    _, tmin, tmax, uv_max, wind, breeze, wave, aqi, humid = plan
    utc_hour = moment.astimezone(timezone.utc).hour + moment.astimezone(timezone.utc).minute / 60
    solar = (utc_hour - SOLAR_NOON_UTC + 12) % 24  # 12 = solar noon
    # Coldest near sunrise (solar 6), warmest at solar 14.5.
    phase = math.cos(math.pi * (solar - 14.5) / 12) if solar >= 6 else math.cos(math.pi * (solar + 24 - 14.5) / 12)
    warmth = (phase + 1) / 2
    temp = tmin + (tmax - tmin) * warmth + jitter(n, 0.3)
    # Sea breeze from late morning, strongest mid-afternoon (solar 15), none at night.
    breeze_now = breeze * max(0.0, math.sin(math.pi * (solar - 10) / 10)) if 10 <= solar <= 20 else 0.0
    wind_now = max(2.0, wind + breeze_now + jitter(n + 7, 1.5))
    chill = 0.12 * max(0.0, wind_now - 12) if temp < 22 else 0.0
    feels = temp - chill + humid * warmth
    day_fraction = (solar - 12) / 6.3
    uv = uv_max * max(0.0, 1 - day_fraction ** 2) ** 1.5 if abs(day_fraction) < 1 else 0.0
    waves = max(0.1, wave + 0.02 * breeze_now + jitter(n + 3, 0.05))
    day_index = (local.date() - START.date()).days
    water = 17.6 + 0.09 * day_index + 0.3 * warmth
    air_quality = max(15.0, aqi + (20 if aqi > 100 else 6) * math.sin(math.pi * (solar - 8) / 12) + jitter(n + 11, 3))
    return {
        "time": local.isoformat(),
        "sea": {"wave_height_m": round(waves, 2), "water_temp_c": round(water, 1)},
        "air": {
            "temp_c": round(temp, 1),
            "feels_like_c": round(feels, 1),
            "uv_index": round(uv, 1),
            "wind_kph": round(wind_now, 1),
            "aqi": round(air_quality),
        },
    }


def main():
    first = START.astimezone(timezone.utc)
    end = datetime(2026, 4, 5, 0, 0, tzinfo=ZONE).astimezone(timezone.utc)
    hours = []
    moment = first
    while moment < end:
        hours.append(hour_entry(len(hours), moment))
        moment += timedelta(hours=1)
    forecast = {
        "location": {"id": "tel-aviv", "name": "Tel Aviv", "latitude": 32.08, "longitude": 34.77, "timezone": "Asia/Jerusalem"},
        "fetched_at": datetime(2026, 3, 22, 5, 40, tzinfo=ZONE).isoformat(),
        "source": "synthetic: Scripts/generate-activity-forecast.py (plausible values, not a measurement)",
        "hourly": hours,
    }
    print(json.dumps(forecast, indent=1))


if __name__ == "__main__":
    main()
