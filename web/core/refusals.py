"""Why not: the rules' refusals put into the player's words.

The rules decide (``attika.placeable``, ``site_refusal``, ``can_draw``, ``Game.apply``) and
answer with a code and its parameters; this module only chooses the sentence for a code.
"""

from __future__ import annotations

from attika import SITE_CODES, IllegalAction, Refusal, shorten

from .text import building_name, has_text, language, t

#: The turn's refusals the page says in its own words (code -> text key).
TURN_TEXTS = {
    "tile-first": "error.tile-first",
    "draw-turn": "error.draw-turn",
    "no-actions": "error.no-actions",
    "cards-taken": "error.no-actions",
}


def rule_message(exc: IllegalAction) -> str:
    """Why the rules refused an action: their own detailed English, or the rule's text in
    the player's language (keys ``rule.<code>``)."""
    key = "rule." + exc.rule
    if language() == "en" or not has_text(key):
        return str(exc)
    return t(key)


def refusal_text(refusal: Refusal) -> str:
    """Why a building cannot be chosen (or a draw made) now, in the player's language."""
    code, params = refusal.code, refusal.params
    if code in ("place-drawn-first", "not-stored"):
        return t("error." + code, building=building_name(str(params["building"])))
    if code in TURN_TEXTS:
        return t(TURN_TEXTS[code])
    key = "rule." + code
    if language() != "en" and has_text(key):
        return t(key)
    return refusal.message or t("rule.unknown-action")


def site_text(kind: str, refusal: Refusal) -> str:
    """Why ``kind`` cannot go on a tapped hex: the site's reason, or 'not now'."""
    name = building_name(kind)
    if refusal.code not in SITE_CODES:
        return t("error.not-now", building=name)
    if refusal.code == "cannot-pay":
        reason = t("why.cannot-pay", cards=refusal.params["cards"])
    else:
        reason = t("why." + refusal.code)
    return t("error.not-here", building=name, reason=reason)


def file_refusal(exc: ValueError) -> str:
    """Why a game file or a lesson was refused: a size, depth or JSON problem found before it
    was read is said in the player's language (``input.<code>``); the rules' own reason (a
    field, an action that breaks a rule) as they give it, cut short."""
    code = str(getattr(exc, "code", ""))
    if code:
        return input_words(code, getattr(exc, "params", {}))
    return shorten(str(exc), 300)


def input_words(code: str, params: dict[str, object]) -> str:
    """A refusal of :mod:`attika.inputs` (``too-long``, ``too-deep``, ``not-json``,
    ``bad-number``, ``not-text``) in the player's language, counts written with separators."""
    facts = {k: f"{v:,}" if type(v) is int else v for k, v in params.items()}
    return t(f"input.{code}", **facts)
