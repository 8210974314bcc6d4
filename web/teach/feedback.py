"""The words of a live position's verdict: what a screen reader hears, the verdict shown
with "Start again", and what the reader's build cost and why. Each reads a frozen
:class:`~web.teach.position_scene.PositionScene` (or a part of it) and nothing else."""

from __future__ import annotations

from collections.abc import Mapping

from attika import Round, format_hex

from ..core.html import Markup, el, join, raw
from ..core.text import building_name, language, plural, t
from ..core.widgets import button, icon, minicards
from ..play.computer_turn import hint_words
from ..play.payment import payment_words, quote_lines, verdict_note
from .position import Explanation
from .position_scene import PositionScene


def in_language(texts: Mapping[str, str]) -> str:
    """A scenario's text in the page's language, else in English."""
    return texts.get(language()) or texts.get("en", "")


def verdict_text(pos: PositionScene) -> str:
    """What a screen reader hears when the verdict changes (the page's live region), and
    the hint while the reader is at it (its box is drawn again with the panel)."""
    task = pos.task
    if pos.verdict == "going" and pos.table.hint is not None:
        return hint_words(pos.table)
    payment = pos.table.payment
    if pos.verdict == "going" and payment is not None:
        return payment_words(payment) or ""  # the payment as it reads now
    if task is None:
        return ""
    if pos.verdict == "going":
        if pos.replied and not pos.acted:  # a new step: what the others did, the task
            step = t("pos.step", step=pos.step + 1, steps=pos.steps)
            return " ".join([t("pos.replied"), *pos.replied, step, in_language(task.text)])
        return ""
    if pos.verdict == "solved":
        return " ".join([in_language(task.solved), *right_words(pos)])
    refused = pos.explained is not None and pos.explained.refused
    said = f"{t('pos.not-yet')} {t('pay.refused')}" if refused else t("pos.not-yet")
    return " ".join([said, in_language(task.hint), *least_words(pos)])


def least_words(pos: PositionScene) -> list[str]:
    """After a wrong answer: the least price the task asked for, as the rules count it."""
    return [
        plural("pos.least-was", cards, building=building_name(building))
        for building, cards in pos.least_was
    ]


def right_words(pos: PositionScene) -> list[str]:
    """Why an answer other than the one recorded is right as well (the rules judged it)."""
    return [
        plural(
            f"pos.right.{code}",
            int(str(values["cards"])),
            building=building_name(str(values["building"])),
        )
        for code, values in pos.right_because
    ]


def training_label(played: Round) -> str:
    """Which round of training this is and how its position differs from the lesson's
    ("Training 2, mirrored:")."""
    how = [t(f"pos.training.{played.mirror}")] if played.mirror is not None else []
    if played.dealt:
        how.append(t("pos.training.dealt"))
    return t("pos.training", n=played.number, how=", ".join(how))


def train_button(pos: PositionScene) -> Markup | None:
    """ "Train again" once the whole lesson is solved, where it may be trained; its name
    for a screen reader says what it does."""
    if not pos.trainable:
        return None
    return button(t("pos.train"), "train", cls="train", aria_label=t("pos.train-aria"))


def explain_html(ex: Explanation, hide: frozenset[str]) -> Markup:
    """What the build cost and why: the rules' breakdown, why it was (not) free, the
    payment put forward and how it reads against the price."""
    q = ex.quote
    why = None
    telling = ("main-building", "skips", "against-arrow", "not-yours")
    if ex.not_free is not None and (ex.not_free.code in telling or "free" in hide):
        params = dict(ex.not_free.params)
        words = {
            "building": building_name(q.building),
            "source": building_name(str(params["source"])) if "source" in params else "",
            "hex": format_hex(params["hex"]) if "hex" in params else "",  # type: ignore[arg-type]
        }
        why = el("p", {"class": "why"}, t("notfree." + ex.not_free.code, **words))
    paid = el(
        "p",
        {"class": "paid"},
        t("explain.offered" if ex.refused else "explain.paid"),
        " ",
        minicards(ex.paid),
        " ",
        raw("&ndash;"),
        " ",
        verdict_note(ex.verdict),
    )
    return el(
        "div",
        {"class": "explain"},
        el(
            "p",
            {"class": "what"},
            t("explain.title", building=building_name(q.building), hex=format_hex(q.hex)),
        ),
        quote_lines(q, ex.free_source),
        why,
        paid,
    )


def feedback_html(pos: PositionScene) -> Markup | None:
    """The verdict, explained, with "Start again" (first in a compact position, where the
    explanation may run long)."""
    task = pos.task
    if task is None:
        return None
    again = button(join(icon("ui-replay"), t("pos.again")), "again")
    whole = button(t("pos.restart"), "restart") if pos.step else None
    more = pos.step < pos.steps - 1
    first = None
    if pos.verdict == "solved" and more:
        first = button(t("pos.go-on"), "next", cls="primary")  # what the reader does next
    elif pos.trainable:
        first = train_button(pos)  # the lesson is solved: train on another position
    elif pos.compact and pos.verdict != "going":
        first = again
        again = Markup("")
    ex = pos.explained
    explained = None if ex is None else explain_html(ex, pos.hide)
    if explained is not None and pos.compact:
        # a low frame has no room for the whole explanation: there it folds under "Why?"
        # (embed.css picks one of the two by the frame's height)
        explained = join(
            el("div", {"class": "why-long"}, explained),
            el(
                "details",
                {"class": "why-short"},
                el("summary", None, t("pos.why")),
                explain_html(ex, pos.hide),  # type: ignore[arg-type]
            ),
        )
    if pos.verdict == "solved":
        return el(
            "div",
            {"class": "feedback solved"},
            first,
            icon("ui-check"),
            el("p", None, in_language(task.solved)),
            [el("p", {"class": "why-right"}, w) for w in right_words(pos)],
            None if more or pos.steps == 1 else el("p", None, t("pos.done-steps")),
            el("p", {"class": "untrained"}, t("pos.train-none")) if pos.untrained else None,
            explained,
            again,
            whole,
        )
    if pos.verdict == "wrong":
        refused = None
        if ex is not None and ex.refused:
            refused = join(el("strong", None, t("pay.refused")), " ")
        return el(
            "div",
            {"class": "feedback wrong"},
            first,
            el(
                "p",
                None,
                el("strong", None, t("pos.not-yet")),
                " ",
                refused,
                # a small frame has room for one explanation: a refused payment's price
                None if pos.compact and refused is not None else in_language(task.hint),
            ),
            [el("p", {"class": "least-was"}, w) for w in least_words(pos)],
            explained,
            again,
            whole,
        )
    if not pos.acted:  # a small frame keeps its room for the task's controls
        shown = whole is not None and not pos.compact
        return el("div", {"class": "feedback going"}, whole) if shown else None
    return el("div", {"class": "feedback going"}, again, whole)
