#!/usr/bin/env python3
"""An independent reading of the ActivityWindows scoring spec v1, for checking the Swift code.

Written from the DocC article Sources/Recipes/ActivityWindows/ActivityWindows.docc/Scoring.md,
not from the Swift sources: presets, bands, weights, gates, chips, windows, timing and
templates. It prints, for each day of a forecast, every mode's hourly scores, its windows and
the notifications the timing rules call for on that day (before any policy: caps, quiet-hours
suppression, staleness). The expected deliveries in Tests/ActivityWindowsTests/ExampleTests.swift
were taken from this output, day by day, following the example's timeline by hand.

    python3 Scripts/activity-windows-oracle.py Examples/activity-windows/forecast-2026-03-22.json [balanced|cautious|hardy] [22:00-07:00]

The optional last argument is the quiet hours, which move the 06:30 slot.
"""
import json, math, sys
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo
Z = ZoneInfo("Asia/Jerusalem")

def preset(name, mode):
    step = {"cautious": -1, "balanced": 0, "hardy": 1}[name]
    aqi = dict(ideal_max=50, zero_at=150+25*step, gate_at=150+25*step)
    uv = dict(ideal_max=2+step, zero_at=9+step)
    dog = mode.endswith("dog")
    if mode.startswith("swim"):
        return dict(active=(7, 18), waves=dict(ideal_max=0.5+0.2*step, zero_at=1.4+0.3*step, gate_at=1.6+0.3*step),
                    water=dict(ideal_min=20-step, zero_at=15-step),
                    air=dict(ideal_min=20-2*step, ideal_max=(26+step) if dog else (30+step), zero_below=12-2*step,
                             zero_above=(33+step) if dog else (38+step), gate_above=(31+2*step) if dog else None),
                    uv=uv, wind=dict(ideal_max=12+3*step, zero_at=35+5*step), aqi=aqi)
    return dict(active=(7, 21), waves=None, water=None,
                air=dict(ideal_min=8-2*step, ideal_max=(16+step) if dog else (18+step), zero_below=-2-2*step,
                         zero_above=(25+step) if dog else (28+2*step), gate_above=(24+2*step) if dog else None),
                uv=uv, wind=dict(ideal_max=15+3*step, zero_at=45+5*step), aqi=aqi)

W = {"swim_solo": dict(waves=35, water=25, air=15, uv=15, wind=10),
     "swim_dog": dict(waves=35, water=15, air=25, uv=15, wind=10),
     "run_solo": dict(air=40, uv=25, wind=15, aqi=20),
     "run_dog": dict(air=45, uv=25, wind=10, aqi=20)}
ORDER = ["waves", "water", "air", "uv", "wind", "aqi"]

def upper(b, v):
    if v <= b["ideal_max"]: return 1.0
    if v >= b["zero_at"]: return 0.0
    return (b["zero_at"] - v) / (b["zero_at"] - b["ideal_max"])
def lower(lo, zero, v):
    if v >= lo: return 1.0
    if v <= zero: return 0.0
    return (v - zero) / (lo - zero)
def comfort(b, v):
    if v < b["ideal_min"]: return lower(b["ideal_min"], b["zero_below"], v)
    if v > b["ideal_max"]: return upper(dict(ideal_max=b["ideal_max"], zero_at=b["zero_above"]), v)
    return 1.0

def score(mode, th, h):
    subs = {}
    if th["waves"]: subs["waves"] = upper(th["waves"], h["sea"]["wave_height_m"])
    if th["water"]: subs["water"] = lower(th["water"]["ideal_min"], th["water"]["zero_at"], h["sea"]["water_temp_c"])
    subs["air"] = comfort(th["air"], h["air"]["feels_like_c"])
    subs["uv"] = upper(th["uv"], h["air"]["uv_index"])
    subs["wind"] = upper(th["wind"], h["air"]["wind_kph"])
    subs["aqi"] = upper(th["aqi"], h["air"]["aqi"])
    w = W[mode]
    tot = sum(w[f] * subs[f] for f in subs if f in w); ws = sum(w[f] for f in subs if f in w)
    mean = 100 * tot / ws
    gate = None
    if th["air"]["gate_above"] is not None and h["air"]["feels_like_c"] >= th["air"]["gate_above"]: gate = "heat"
    elif th["waves"] and h["sea"]["wave_height_m"] >= th["waves"]["gate_at"]: gate = "waves"
    elif h["air"]["aqi"] >= th["aqi"]["gate_at"]: gate = "aqi"
    s = 0 if gate else math.floor(mean + 0.5)
    return s, gate, subs

POS = {"waves": "Waves calm", "water": "Warm water", "uv": "Lower UV", "wind": "Light wind", "aqi": "Clean air"}
def reasons(mode, hours):
    w = W[mode]; out = []
    for f in ORDER:
        if f not in w or f not in hours[0][3]: continue
        m = sum(h[3][f] for h in hours) / len(hours)
        if m >= 0.75:
            text = POS.get(f) or ("Cooler temps" if mode.startswith("run") else "Pleasant air")
            out.append((-(w[f] / 100 * m), ORDER.index(f), text))
    out.sort()
    return [t for _, _, t in out]

def find_windows(hours, maxh=3, floor=50, avgmin=70):
    # hours: list of (time, score, gate, subs)
    found = []
    def search(st):
        if not st: return
        for L in range(min(maxh, len(st)), 0, -1):
            best = None
            for i in range(0, len(st) - L + 1):
                tot = sum(x[1] for x in st[i:i+L])
                if tot >= avgmin * L and (best is None or tot > best[1]): best = (i, tot)
            if best:
                i = best[0]; found.append(st[i:i+L])
                # the good hours next to it are its good stretch; the hour that ends them is the gap
                lo = i
                while lo > 0 and st[lo - 1][1] >= avgmin: lo -= 1
                hi = i + L
                while hi < len(st) and st[hi][1] >= avgmin: hi += 1
                search(st[:max(lo - 1, 0)]); search(st[hi + 1:]); return
    stretch = []
    for h in hours:
        usable = h[2] is None and h[1] >= floor
        if usable and stretch and (h[0] - stretch[-1][0]) == timedelta(hours=1): stretch.append(h)
        else:
            search(stretch); stretch = [h] if usable else []
    search(stretch)
    found.sort(key=lambda w: (-sum(x[1] for x in w) / len(w), w[0][0]))
    return found[:2]

def load(path):
    d = json.load(open(path))
    for h in d["hourly"]: h["t"] = datetime.fromisoformat(h["time"])
    return d

def outlook(fc, mode, presetname):
    th = preset(presetname, mode)
    days = {}
    for h in fc["hourly"]:
        loc = h["t"].astimezone(Z)
        if not (th["active"][0] <= loc.hour and loc.hour + 1 <= th["active"][1]): continue
        s, g, subs = score(mode, th, h)
        days.setdefault(loc.date(), []).append((h["t"], s, g, subs))
    end = fc["hourly"][-1]["t"] + timedelta(hours=1)
    res = {}
    for d, hs in days.items():
        nm = datetime(d.year, d.month, d.day, tzinfo=Z) + timedelta(days=1)
        res[d] = dict(windows=find_windows(hs), hours=hs, complete=end >= nm)
    return res

def hhmm(t): return t.astimezone(Z).strftime("%H:%M")
def span(w): return f"{hhmm(w[0][0])}-{hhmm(w[-1][0] + timedelta(hours=1))}"
def avg(w): return sum(x[1] for x in w) / len(w)
def part(w):
    h = w[0][0].astimezone(Z).hour
    return "morning" if h < 12 else "afternoon" if h < 18 else "evening"
def afternoon(w): return w[0][0].astimezone(Z).hour >= 12

def texts(mode, dog):
    Dog = dog[:1].upper() + dog[1:]  # at the start of a sentence
    def perfect(w):
        s = span(w)
        return {"swim_solo": f"The sea is calling. {s} looks perfect.",
                "swim_dog": f"{Dog} approved. {s} — calm waves, good temps.",
                "run_solo": f"Lace up. {s} is perfect — cool, calm, clean air.",
                "run_dog": (f"Morning run with {dog}? {s} before the heat kicks in." if part(w) == "morning" else f"{part(w).capitalize()} run with {dog}? {s} once the heat eases.")}[mode]
    def good(w):
        s = span(w); r = reasons(mode, w); top = r[0] if r else "Conditions look good"
        two = (r[:2] if r else [top]); two = [two[0]] + [x[0].lower() + x[1:] for x in two[1:]]
        return {"swim_solo": f"Best time: {s}. {top}.", "swim_dog": f"{s} looks good for a swim with {dog}. {top}.",
                "run_solo": f"{s}. {' + '.join(two)}.", "run_dog": f"{s} is safe for {dog}. {', '.join(two)}."}[mode]
    def backup(w, best):
        s = span(w)
        return {"swim_solo": f"Backup plan: {s} if {part(best)} doesn't work.", "run_solo": f"Backup plan: {s} if {part(best)} doesn't work.",
                "swim_dog": f"{part(w).capitalize()} backup: {s} works for {dog} too.", "run_dog": f"Backup option: {s}. Still comfortable for paws."}[mode]
    def tomorrow(w):
        s = span(w); p = part(w)
        return {"swim_solo": f"Tomorrow {p} looks good for a swim. {s}.", "swim_dog": f"Tomorrow's looking good for {dog}. {p.capitalize()} swim, calm sea.",
                "run_solo": f"Tomorrow {p} looks solid for a run. {s}.", "run_dog": f"{Dog} would approve of tomorrow {p}. {s}."}[mode]
    return perfect, good, backup, tomorrow

TITLE = {"swim_solo": "Swim window", "swim_dog": "Swim with {d}", "run_solo": "Run window", "run_dog": "Run with {d}"}

def plan_day(fc, mode, presetname, day, dog, quiet=None):
    """Notifications firing on `day` (no policies). quiet = (start_h, start_m, end_h, end_m) or None."""
    o = outlook(fc, mode, presetname)
    perfect, good, backup, tomorrow = texts(mode, dog)
    out = []
    d = o.get(day)
    # the slot: 06:30, or the end of quiet hours holding 06:30 when they end the same day
    slot = (6, 30)
    if quiet and in_quiet(quiet, 6, 30) and not (quiet[0] * 60 + quiet[1] > quiet[2] * 60 + quiet[3] and 6 * 60 + 30 >= quiet[0] * 60 + quiet[1]):
        slot = (quiet[2], quiet[3])
    t = f"{slot[0]:02d}:{slot[1]:02d}"
    at = datetime(day.year, day.month, day.day, slot[0], slot[1], tzinfo=Z)
    if d and d["complete"]:
        ws = [w for w in d["windows"] if w[-1][0] + timedelta(hours=1) > at]
        def first(w): return perfect(w) if avg(w) >= 85 else good(w)
        if ws:
            best = ws[0]; second = ws[1] if len(ws) > 1 else None
            if second and afternoon(best) and afternoon(second) and slot < (12, 0):
                out.append((t, f"{mode}.{day}.0", first(best), avg(best)))
                out.append(("12:00", f"{mode}.{day}.1", backup(second, best), avg(second)))
            else:
                body = first(best) + ((" " + backup(second, best)) if second else "")
                out.append((t, f"{mode}.{day}.0", body, avg(best)))
        elif mode == "run_dog" and not d["windows"] and any(h[2] == "heat" for h in d["hours"]):
            out.append((t, f"{mode}.{day}.0", f"No good run windows for {dog} today. Too warm.", None))
        tm = o.get(day + timedelta(days=1))
        if len(out) < 2 and tm and tm["complete"] and tm["windows"]:
            out.append((t, f"{mode}.{day + timedelta(days=1)}.0.heads-up", tomorrow(tm["windows"][0]), avg(tm["windows"][0])))
    return [(t, i, TITLE[mode].format(d=dog), b, a) for t, i, b, a in out]

def in_quiet(q, h, m):
    s = q[0] * 60 + q[1]; e = q[2] * 60 + q[3]; x = h * 60 + m
    if s == e: return False
    return s <= x < e if s < e else (x >= s or x < e)

if __name__ == "__main__":
    fc = load(sys.argv[1]); presetname = sys.argv[2] if len(sys.argv) > 2 else "balanced"
    quiet = tuple(int(x) for x in sys.argv[3].replace("-", ":").split(":")) if len(sys.argv) > 3 else None
    from datetime import date
    for i in range(14):
        day = date(2026, 3, 22) + timedelta(days=i)
        print(day)
        for mode in ["swim_solo", "swim_dog", "run_solo", "run_dog"]:
            o = outlook(fc, mode, presetname)[day]
            print(f"  {mode:9} scores", " ".join(f"{h[0].astimezone(Z).hour:02d}:{h[1]}{'' if not h[2] else '!'+h[2][0]}" for h in o["hours"]))
            for w in o["windows"]: print(f"     window {span(w)} avg {avg(w):.2f} {reasons(mode, w)}")
            for n in plan_day(fc, mode, presetname, day, "Luna", quiet): print("     ", n)
