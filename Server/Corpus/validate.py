#!/usr/bin/env python3
"""Validate the Bugle facts corpus in this folder.

Checks categories.json, content_types.json and facts/<language>.jsonl against
the corpus contract (see README.md), prints a summary table and exits with
status 1 if anything is wrong, 0 otherwise.

Usage:
    python3 Server/Corpus/validate.py            # all eight languages
    python3 Server/Corpus/validate.py en de      # only some languages (while writing)

Standard library only.
"""

import json
import os
import re
import sys
from collections import Counter, defaultdict

LANGUAGES = ["en", "de", "es", "fr", "ja", "ko", "tr", "zh"]
DIFFICULTIES = ["beginner", "intermediate", "advanced"]

MIN_CATEGORIES = 12
MIN_FACTS_PER_LANGUAGE = 160
MIN_FACTS_PER_CATEGORY = 10
MIN_FACTS_PER_DIFFICULTY = 40
EN_MIN_WORDS, EN_MAX_WORDS = 15, 60

REQUIRED_TEXT_FIELDS = ["key", "title", "content", "summary", "difficulty", "content_type", "category"]
ALLOWED_FIELDS = set(REQUIRED_TEXT_FIELDS) | {"tags", "source_url", "image_url"}
# Fields that describe the fact rather than its wording: equal in every language.
SHARED_FIELDS = ["difficulty", "content_type", "category", "tags", "source_url", "image_url"]

SLUG_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
COLOR_RE = re.compile(r"^#[0-9A-Fa-f]{6}$")
KEY_RE = re.compile(r"^([a-z0-9]+(?:-[a-z0-9]+)*)-(\d{3,})$")

HERE = os.path.dirname(os.path.abspath(__file__))


class Report:
    def __init__(self):
        self.errors = []

    def error(self, where, message):
        self.errors.append(f"{where}: {message}")


def load_json(path, report):
    try:
        with open(path, "rb") as f:
            raw = f.read()
        return json.loads(raw.decode("utf-8"))
    except FileNotFoundError:
        report.error(os.path.relpath(path, HERE), "file is missing")
    except UnicodeDecodeError as e:
        report.error(os.path.relpath(path, HERE), f"not valid UTF-8 ({e})")
    except json.JSONDecodeError as e:
        report.error(os.path.relpath(path, HERE), f"not valid JSON ({e})")
    return None


def check_localized(where, field, value, report):
    if not isinstance(value, dict):
        report.error(where, f"'{field}' must be an object with all {len(LANGUAGES)} languages")
        return
    for lang in LANGUAGES:
        text = value.get(lang)
        if not isinstance(text, str) or not text.strip():
            report.error(where, f"'{field}' has no text for '{lang}'")
    for lang in value:
        if lang not in LANGUAGES:
            report.error(where, f"'{field}' has unknown language '{lang}'")


def check_categories(report):
    data = load_json(os.path.join(HERE, "categories.json"), report)
    slugs = []
    if data is None:
        return slugs
    if not isinstance(data, list):
        report.error("categories.json", "must be a JSON array")
        return slugs
    for i, cat in enumerate(data):
        where = f"categories.json[{i}]"
        if not isinstance(cat, dict):
            report.error(where, "must be an object")
            continue
        slug = cat.get("slug")
        if not isinstance(slug, str) or not SLUG_RE.match(slug):
            report.error(where, f"bad slug {slug!r}")
            continue
        where = f"categories.json '{slug}'"
        if slug in slugs:
            report.error(where, "duplicate slug")
        slugs.append(slug)
        icon = cat.get("icon")
        if not isinstance(icon, str) or not icon.strip():
            report.error(where, "missing icon")
        color = cat.get("color_hex")
        if not isinstance(color, str) or not COLOR_RE.match(color):
            report.error(where, f"color_hex must look like #3B5BDB, got {color!r}")
        check_localized(where, "name", cat.get("name"), report)
        check_localized(where, "description", cat.get("description"), report)
    if len(slugs) < MIN_CATEGORIES:
        report.error("categories.json", f"{len(slugs)} categories, need at least {MIN_CATEGORIES}")
    return slugs


def check_content_types(report):
    data = load_json(os.path.join(HERE, "content_types.json"), report)
    slugs = []
    if data is None:
        return slugs
    if not isinstance(data, list):
        report.error("content_types.json", "must be a JSON array")
        return slugs
    for i, ct in enumerate(data):
        where = f"content_types.json[{i}]"
        if not isinstance(ct, dict):
            report.error(where, "must be an object")
            continue
        slug = ct.get("slug")
        if not isinstance(slug, str) or not SLUG_RE.match(slug):
            report.error(where, f"bad slug {slug!r}")
            continue
        where = f"content_types.json '{slug}'"
        if slug in slugs:
            report.error(where, "duplicate slug")
        slugs.append(slug)
        check_localized(where, "name", ct.get("name"), report)
        check_localized(where, "description", ct.get("description"), report)
    if "fact" not in slugs:
        report.error("content_types.json", "the content type 'fact' is required")
    return slugs


def english_words(text):
    return len(text.split())


def check_facts(lang, categories, content_types, report):
    """Return {key: fact} for one language (only facts that parsed)."""
    path = os.path.join(HERE, "facts", f"{lang}.jsonl")
    rel = f"facts/{lang}.jsonl"
    facts = {}
    try:
        with open(path, "rb") as f:
            raw_lines = f.read().split(b"\n")
    except FileNotFoundError:
        report.error(rel, "file is missing")
        return facts
    if raw_lines and raw_lines[-1] == b"":
        raw_lines.pop()
    for number, raw in enumerate(raw_lines, start=1):
        where = f"{rel}:{number}"
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            report.error(where, f"not valid UTF-8 ({e})")
            continue
        if not line.strip():
            report.error(where, "empty line")
            continue
        try:
            fact = json.loads(line)
        except json.JSONDecodeError as e:
            report.error(where, f"not valid JSON ({e})")
            continue
        if not isinstance(fact, dict):
            report.error(where, "must be a JSON object")
            continue
        key = fact.get("key")
        if isinstance(key, str) and key:
            where = f"{rel} '{key}'"
        for field in REQUIRED_TEXT_FIELDS:
            value = fact.get(field)
            if not isinstance(value, str) or not value.strip():
                report.error(where, f"'{field}' is missing or empty")
            elif value != value.strip():
                report.error(where, f"'{field}' has leading or trailing whitespace")
        for field in fact:
            if field not in ALLOWED_FIELDS:
                report.error(where, f"unknown field '{field}'")
        if not isinstance(key, str) or not key:
            continue
        if key in facts:
            report.error(where, "duplicate key")
            continue
        match = KEY_RE.match(key)
        if not match:
            report.error(where, "key must look like '<category>-001'")
        elif match.group(1) != fact.get("category"):
            report.error(where, f"key prefix does not match category {fact.get('category')!r}")
        if fact.get("difficulty") not in DIFFICULTIES:
            report.error(where, f"difficulty must be one of {DIFFICULTIES}, got {fact.get('difficulty')!r}")
        if fact.get("category") not in categories:
            report.error(where, f"unknown category {fact.get('category')!r}")
        if fact.get("content_type") not in content_types:
            report.error(where, f"unknown content_type {fact.get('content_type')!r}")
        tags = fact.get("tags")
        if not isinstance(tags, list) or not tags or not all(isinstance(t, str) and t.strip() for t in tags):
            report.error(where, "'tags' must be a non-empty list of non-empty strings")
        elif len(set(tags)) != len(tags):
            report.error(where, "'tags' has duplicates")
        if "source_url" in fact:
            url = fact["source_url"]
            if not isinstance(url, str) or not re.match(r"^https://[^\s/]+\.[^\s/]+/\S*$", url):
                report.error(where, f"source_url must be an https URL, got {url!r}")
        if "image_url" in fact:
            url = fact["image_url"]
            if url is not None and (not isinstance(url, str) or not url.startswith("https://")):
                report.error(where, f"image_url must be null or an https URL, got {url!r}")
        title = fact.get("title") or ""
        summary = fact.get("summary") or ""
        content = fact.get("content") or ""
        if len(title) > 80:
            report.error(where, f"title is {len(title)} characters long (at most 80)")
        if len(summary) >= len(content):
            report.error(where, "summary is not shorter than content")
        if lang == "en":
            words = english_words(content)
            if not EN_MIN_WORDS <= words <= EN_MAX_WORDS:
                report.error(where, f"content has {words} words, must be {EN_MIN_WORDS}-{EN_MAX_WORDS}")
        facts[key] = fact
    return facts


def check_counts(lang, facts, categories, report):
    rel = f"facts/{lang}.jsonl"
    if len(facts) < MIN_FACTS_PER_LANGUAGE:
        report.error(rel, f"{len(facts)} facts, need at least {MIN_FACTS_PER_LANGUAGE}")
    by_category = Counter(f.get("category") for f in facts.values())
    by_difficulty = Counter(f.get("difficulty") for f in facts.values())
    cells = Counter((f.get("category"), f.get("difficulty")) for f in facts.values())
    for slug in categories:
        if by_category[slug] < MIN_FACTS_PER_CATEGORY:
            report.error(rel, f"category '{slug}' has {by_category[slug]} facts, need at least {MIN_FACTS_PER_CATEGORY}")
        for d in DIFFICULTIES:
            if cells[(slug, d)] == 0:
                report.error(rel, f"category '{slug}' has no {d} fact")
    for d in DIFFICULTIES:
        if by_difficulty[d] < MIN_FACTS_PER_DIFFICULTY:
            report.error(rel, f"difficulty '{d}' has {by_difficulty[d]} facts, need at least {MIN_FACTS_PER_DIFFICULTY}")


def check_translations(all_facts, report):
    """Same keys in every language, same shared fields, plausible lengths."""
    langs = list(all_facts)
    if not langs:
        return
    reference = "en" if "en" in all_facts else langs[0]
    ref = all_facts[reference]
    for lang in langs:
        if lang == reference:
            continue
        facts = all_facts[lang]
        missing = sorted(set(ref) - set(facts))
        extra = sorted(set(facts) - set(ref))
        if missing:
            report.error(f"facts/{lang}.jsonl", f"missing keys present in {reference}: {', '.join(missing[:10])}"
                         + (" …" if len(missing) > 10 else ""))
        if extra:
            report.error(f"facts/{lang}.jsonl", f"keys absent from {reference}: {', '.join(extra[:10])}"
                         + (" …" if len(extra) > 10 else ""))
        for key in sorted(set(ref) & set(facts)):
            a, b = ref[key], facts[key]
            for field in SHARED_FIELDS:
                if a.get(field) != b.get(field):
                    report.error(f"facts/{lang}.jsonl '{key}'",
                                 f"'{field}' differs from {reference}: {b.get(field)!r} vs {a.get(field)!r}")
            # A translation far shorter or longer than the original is probably cut off or pasted twice.
            ratio = len(b.get("content", "")) / max(1, len(a.get("content", "")))
            if not 0.2 <= ratio <= 3.0:
                report.error(f"facts/{lang}.jsonl '{key}'", f"content length is {ratio:.2f}× the {reference} text")


def print_table(title, header, rows):
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    print(title)
    line = "  ".join(str(h).ljust(w) if i == 0 else str(h).rjust(w) for i, (h, w) in enumerate(zip(header, widths)))
    print("  " + line)
    print("  " + "  ".join("-" * w for w in widths))
    for row in rows:
        print("  " + "  ".join(str(x).ljust(w) if i == 0 else str(x).rjust(w) for i, (x, w) in enumerate(zip(row, widths))))
    print()


def main(argv):
    langs = argv[1:] or LANGUAGES
    for lang in langs:
        if lang not in LANGUAGES:
            print(f"unknown language {lang!r}; choose from {' '.join(LANGUAGES)}")
            return 2
    report = Report()
    categories = check_categories(report)
    content_types = check_content_types(report)

    all_facts = {}
    for lang in langs:
        facts = check_facts(lang, categories, content_types, report)
        check_counts(lang, facts, categories, report)
        all_facts[lang] = facts
    check_translations(all_facts, report)

    print(f"Corpus: {len(categories)} categories ({', '.join(categories)})")
    print(f"Content types: {', '.join(content_types)}")
    print()

    rows = []
    for lang in langs:
        facts = all_facts[lang].values()
        d = Counter(f.get("difficulty") for f in facts)
        t = Counter(f.get("content_type") for f in facts)
        rows.append([lang, len(all_facts[lang])] + [d[x] for x in DIFFICULTIES] + [t[x] for x in content_types])
    print_table("Facts per language", ["lang", "facts"] + DIFFICULTIES + content_types, rows)

    # Per category × difficulty, shown for the first language; flagged if any language differs.
    first = langs[0]
    cells = defaultdict(Counter)
    for lang in langs:
        for f in all_facts[lang].values():
            cells[lang][(f.get("category"), f.get("difficulty"))] += 1
    rows = []
    for slug in categories:
        counts = [cells[first][(slug, d)] for d in DIFFICULTIES]
        same = all(cells[lang][(slug, d)] == cells[first][(slug, d)] for lang in langs for d in DIFFICULTIES)
        rows.append([slug, sum(counts)] + counts + ["yes" if same else "NO"])
    totals = [sum(r[i] for r in rows) for i in range(1, 5)]
    rows.append(["total"] + totals + [""])
    print_table(f"Facts per category and difficulty ({first})", ["category", "facts"] + DIFFICULTIES
                + ["same in all languages"], rows)

    if "en" in all_facts and all_facts["en"]:
        words = [english_words(f.get("content", "")) for f in all_facts["en"].values()]
        print(f"English content words: min {min(words)}, max {max(words)}, mean {sum(words) / len(words):.1f}")
        print()

    if report.errors:
        print(f"FAILED: {len(report.errors)} problem(s)")
        for e in report.errors:
            print("  - " + e)
        return 1
    print(f"OK: {len(langs)} language(s) checked, no problems found")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
