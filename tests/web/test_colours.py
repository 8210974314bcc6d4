"""Players must be told apart by everyone: by colour under the common colour-blindness
types, and by a shape of their own whatever the colour.

Colour-blindness is simulated with the matrices of Machado, Oliveira & Fernandes (2009),
full severity, in linear RGB; the distance is CIE76 delta E in CIELAB. 20 is "clearly
different at a glance"; 2.3 is the smallest difference most people can see at all.
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CSS = (ROOT / "web" / "app.css").read_text(encoding="utf-8")
LOOK = json.loads((ROOT / "web" / "data" / "look.json").read_text(encoding="utf-8"))
ART = (ROOT / "web" / "svg" / "art.svg").read_text(encoding="utf-8")

Matrix = tuple[tuple[float, float, float], ...]
VISION: dict[str, Matrix] = {
    "typical": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
CLEARLY_DIFFERENT = 20.0


def seat_colours() -> dict[str, str]:
    found = dict(re.findall(r"\.cs-(\w+)\s*\{\s*--seat:\s*(#[0-9a-fA-F]{6})", CSS))
    assert set(found) == set(LOOK["city_states"]), "every city-state needs a colour in app.css"
    return found


def linear(hex_colour: str) -> tuple[float, ...]:
    def one(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return tuple(one(int(hex_colour[i : i + 2], 16) / 255) for i in (1, 3, 5))


def lab(rgb: tuple[float, ...]) -> tuple[float, float, float]:
    r, g, b = (min(1.0, max(0.0, c)) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(hex_colour: str, vision: str) -> tuple[float, float, float]:
    m = VISION[vision]
    c = linear(hex_colour)
    return lab(tuple(sum(m[i][j] * c[j] for j in range(3)) for i in range(3)))


def distance(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return float(sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5)


@pytest.mark.parametrize("vision", list(VISION))
def test_every_two_player_colours_stay_clearly_apart(vision: str) -> None:
    colours = seat_colours()
    for (a, ca), (b, cb) in itertools.combinations(sorted(colours.items()), 2):
        d = distance(seen(ca, vision), seen(cb, vision))
        assert d >= CLEARLY_DIFFERENT, f"{a} and {b} look alike with {vision}: delta E {d:.1f}"


def test_the_simulation_does_merge_the_colours_it_should() -> None:
    # the check above can fail: red and green, apart for most people, merge for a deuteranope
    red, green = "#d62728", "#2ca02c"
    assert distance(seen(red, "typical"), seen(green, "typical")) > 60
    assert distance(seen(red, "deuteranopia"), seen(green, "deuteranopia")) < CLEARLY_DIFFERENT


def test_every_player_has_a_shape_of_their_own_drawn_in_the_art() -> None:
    shapes = [look["shape"] for look in LOOK["city_states"].values()]
    assert len(set(shapes)) == len(shapes)
    for shape in shapes:
        assert f'id="seat-{shape}"' in ART, f"art.svg has no symbol seat-{shape}"
