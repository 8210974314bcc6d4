"""The position editor in Chromium: a teacher builds a position by taps, records the answer
by playing it, exports the file; the file plays in an embed, solved by the recorded answer
and not by a wrong move; a malformed import names its field; a reload keeps the work, right
or not yet; several drafts; a full storage neither stops the page nor loses a change
silently; a shipped scenario pasted opens; axe finds nothing at three sizes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from .access import SHOTS, audit
from .conftest import READY_MS, ROOT

#: Fills localStorage until the browser refuses more (what a full storage looks like).
FILL_STORAGE = """() => {
    let chunk = 'x'.repeat(1 << 20), n = 0;
    while (chunk.length > 0) {
        try { localStorage.setItem('e2e.filler.' + n++, chunk); }
        catch (e) { chunk = chunk.slice(0, chunk.length >> 1); }
    }
    return n;
}"""


def open_editor(page: Page, server: str) -> None:
    page.goto(f"{server}/editor.html")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)


def box_data(page: Page) -> dict[str, Any]:
    """The lesson in *The file* box, without the board's picture it carries a moment after
    each change (drawn from the position: e2e/test_lesson_gaps.py checks it)."""
    data = json.loads(page.locator("textarea[name=import]").input_value())
    data.pop("still", None)
    return data


def type_text(page: Page, name: str, words: str) -> None:
    """Type into a text field and leave it: the change is taken when the field is left."""
    box = page.locator(f"[name='{name}']")
    box.fill(words)
    box.press("Tab")


def test_a_lesson_is_built_by_taps_exported_and_played_in_an_embed(
    game_page: Page, server: str
) -> None:
    page = game_page
    open_editor(page, server)

    def tap(selector: str) -> None:
        page.click(selector)

    tap("[data-cmd=tool][data-arg=hill]")
    tap('[data-hex="0,0"]')
    tap("[data-cmd=tool][data-arg=mountain]")
    tap('[data-hex="1,0"]')
    tap("[data-cmd=tool][data-arg=shrine]")
    tap('[data-hex="2,-1"]')
    page.select_option("select[name=stored-building]", "fortress")  # the counter's own choice
    tap("[data-cmd=stored][data-arg='+']")
    for _ in range(3):
        tap("[data-cmd=hand][data-arg='mountain +']")
    tap("[data-cmd=hand][data-arg='hill +']")
    task = page.locator("textarea[name='text task en']")
    task.fill("Build the fortress on the hill and pay only what is left.")
    task.press("Tab")  # the change is taken when the field is left
    expect(page.locator(".editor-boardwrap [role=status]")).to_contain_text("record the task")

    # the answer, recorded by playing it on the live position
    tap("[data-cmd=record]")
    board = page.locator(".recording-board")
    board.locator("[data-cmd=select][data-arg=fortress]").click()
    board.locator('[data-hex="0,0"]').click()
    board.locator(".payment [data-cmd=confirm]").click()
    expect(page.locator(".editor-answer")).to_contain_text("build fortress 0,0")
    tap("[data-cmd=keep]")
    expect(page.locator(".editor-boardwrap [role=status]")).to_contain_text("The position is right")
    data = box_data(page)
    assert data["task"]["answer"]["steps"][0].startswith("build fortress 0,0")
    for width, height in ((360, 740), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=f"test-results/screens/editor-{width}x{height}.png")
    found: dict[str, list[str]] = {}
    audit(page, "editor", found)
    assert found == {}, found

    # a reload keeps the work
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    assert box_data(page) == data

    # a malformed file is refused, naming the field, and nothing changes
    bad = dict(data, players=[{"city_state": "athens", "hand": {"hill": -1}}, data["players"][1]])
    page.locator("textarea[name=import]").fill(json.dumps(bad))
    tap("[data-cmd=import-text]")
    expect(page.locator(".editor-file .message.error")).to_contain_text("players[0].hand.hill")
    assert box_data(page) == data

    # the downloaded file carries its board as a picture, for the page to show before Python
    with page.expect_download() as got:
        tap("[data-cmd=download]")
    downloaded = Path(got.value.path()).read_text("utf-8")
    assert json.loads(downloaded)["still"]["en"].startswith("<svg")
    assert {k: v for k, v in json.loads(downloaded).items() if k != "still"} == data

    # the exported file in an embed: solved by the recorded answer, a wrong move refused
    page.route(
        f"{server}/lessons/e2e.json",
        lambda route: route.fulfill(status=200, content_type="application/json", body=downloaded),
    )
    page.goto(f"{server}/embed.html?scenario=lessons/e2e.json")
    still = page.locator(".pos.preview img.board-svg")
    assert still.evaluate("(img) => img.decode().then(() => img.naturalWidth > 50, () => false)")
    page.locator("[data-try]").click()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    page.click("[data-cmd=select][data-arg=fortress]")
    page.click('[data-hex="1,0"]')
    page.click(".payment [data-cmd=confirm]")
    expect(page.locator(".feedback.wrong")).to_be_visible()
    page.click('.feedback [data-cmd="again"]')
    page.click("[data-cmd=select][data-arg=fortress]")
    page.click('[data-hex="0,0"]')
    page.click(".payment [data-cmd=confirm]")
    expect(page.locator(".feedback.solved")).to_be_visible()


def test_make_a_lesson_from_a_games_position_opens_it_in_the_editor(
    game_page: Page, server: str
) -> None:
    page = game_page
    open_editor(page, server)  # unsaved work of the teacher's, not yet right
    type_text(page, "text task en", "My own task, its answer not yet recorded.")
    page.goto(f"{server}/index.html?players=2&seed=3")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    page.click("[data-cmd=continue]")
    page.click("[data-cmd=draw][data-arg='1']")
    page.click("[data-cmd=log]")
    with page.expect_navigation():
        page.click("#log [data-cmd=lesson]")
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    data = box_data(page)
    assert data["turn"]["mode"] == "draw" and data["turn"]["used"] == 1
    hands = [p.get("hand") for p in data["players"]]
    assert sum(h is not None for h in hands) <= 1  # only the hand of the one looking
    expect(page.locator(".editor-boardwrap [role=status]")).to_contain_text("The position is right")
    assert page.locator(".editor-board [data-hex]").count() > 20
    # opened as a new draft: the teacher's own one is still there to switch back to
    drafts = page.locator("select[name=draft] option")
    expect(drafts).to_have_count(2)
    mine = drafts.filter(has_not_text="Turn").first.get_attribute("value")
    page.select_option("select[name=draft]", mine)
    expect(page.locator("textarea[name='text task en']")).to_have_value(
        "My own task, its answer not yet recorded."
    )


def test_a_reload_keeps_a_draft_that_is_not_yet_right(game_page: Page, server: str) -> None:
    page = game_page
    open_editor(page, server)
    page.click("[data-cmd=tool][data-arg=mountain]")
    page.click('[data-hex="1,0"]')
    type_text(page, "text task en", "Build the tower on the mountain.")
    check = page.locator(".editor-boardwrap [role=status]")
    expect(check).to_contain_text("record the task")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    expect(page.locator("textarea[name='text task en']")).to_have_value(
        "Build the tower on the mountain."
    )
    expect(check).to_contain_text("record the task")  # still said, not thrown away
    assert "mountain" in (page.locator('[data-hex="1,0"]').get_attribute("class") or "")


def test_with_storage_full_the_editor_starts_and_a_refused_save_offers_a_download(
    game_page: Page, server: str
) -> None:
    page = game_page
    open_editor(page, server)
    type_text(page, "text title en", "Kept before the storage filled")
    assert page.evaluate(FILL_STORAGE) > 0
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)  # it starts
    expect(page.locator("input[name='text title en']")).to_have_value(
        "Kept before the storage filled"
    )
    expect(page.locator(".editor-unsaved")).to_have_count(0)
    type_text(page, "text title en", "Changed with no room left: a longer title than before")
    unsaved = page.locator(".editor-unsaved")
    expect(unsaved).to_be_visible()  # at once, over the page
    expect(unsaved).to_contain_text("not kept in this browser")
    expect(unsaved).to_contain_text("storage is full")
    expect(page.locator(".editor-boardwrap [role=status]")).to_contain_text("The position is right")
    page.set_viewport_size({"width": 360, "height": 740})
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "editor-not-kept-360x740.png"))
    with page.expect_download() as got:
        unsaved.locator("[data-cmd=draft-download]").click()
    saved = json.loads(got.value.path().read_text(encoding="utf-8"))
    assert saved["title"]["en"] == "Changed with no room left: a longer title than before"
    page.click("[data-cmd=draft-new]")  # leaving unkept work is asked first
    expect(page.locator(".editor-drafts .confirm")).to_contain_text("not kept")
    found: dict[str, list[str]] = {}
    audit(page, "editor-not-kept", found)
    assert found == {}, found
    page.click(".confirm [data-cmd=no]")
    expect(page.locator("input[name='text title en']")).to_have_value(
        "Changed with no room left: a longer title than before"
    )


def test_several_drafts_are_kept_named_switched_and_deleted(game_page: Page, server: str) -> None:
    page = game_page
    open_editor(page, server)
    type_text(page, "text title en", "Roads lesson")
    type_text(page, "draft-name", "For Monday")
    page.click("[data-cmd=draft-new]")
    type_text(page, "text title en", "Shrines lesson")
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    choose = page.locator("select[name=draft]")
    expect(choose.locator("option")).to_have_count(2)
    expect(page.locator("input[name='text title en']")).to_have_value("Shrines lesson")
    page.select_option("select[name=draft]", label="For Monday")
    expect(page.locator("input[name='text title en']")).to_have_value("Roads lesson")
    # the drafts control by keyboard: the first stop after the top bar; a finger's size
    page.focus("#language")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    expect(choose).to_be_focused()
    for selector in ("select[name=draft]", "input[name=draft-name]", ".editor-drafts button"):
        box = page.locator(selector).first.bounding_box()
        assert box is not None and box["height"] >= 44 and box["width"] >= 44, selector
    page.locator("[data-cmd=draft-delete]").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".editor-drafts .confirm")).to_contain_text("For Monday")
    expect(page.locator(".confirm [data-cmd=no]")).to_be_focused()  # the safe answer
    for width, height in ((360, 740), (1280, 800)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(SHOTS / f"editor-drafts-{width}x{height}.png"))
    found: dict[str, list[str]] = {}
    audit(page, "editor-drafts", found)
    assert found == {}, found
    page.click(".confirm [data-cmd=yes]")
    expect(choose.locator("option")).to_have_count(1)
    expect(page.locator("input[name='text title en']")).to_have_value("Shrines lesson")


def test_a_shipped_scenario_pasted_opens_and_a_deep_paste_is_refused(
    game_page: Page, server: str
) -> None:
    page = game_page
    open_editor(page, server)
    area = page.locator("textarea[name=import]")
    area.fill("[" * 200_000)
    page.click("[data-cmd=import-text]")
    refused = page.locator(".editor-file .message.error")
    expect(refused).to_contain_text("nested more than 24 levels deep")
    text = (ROOT / "scenarios" / "free-build.json").read_text(encoding="utf-8")
    area.fill(text)
    page.click("[data-cmd=import-text]")
    expect(refused).to_have_count(0)
    expect(page.locator(".editor-boardwrap [role=status]")).to_contain_text("The position is right")
    expect(page.locator(".editor-answer")).to_contain_text("Answer:")
    assert box_data(page) == json.loads(text)


def test_stored_entries_of_any_shape_never_stop_the_editor(game_page: Page, server: str) -> None:
    """Nesting deep enough to stop Python, cut JSON, the wrong shape, a huge entry: the
    editor starts, lists each with why, and offers it for download; nothing is removed."""
    page = game_page
    open_editor(page, server)
    page.evaluate(
        """() => {
            localStorage.setItem('attika.editor.draft.deep', '['.repeat(200000));
            localStorage.setItem('attika.editor.draft.cut', '{"name": "x", "data": {"boa');
            localStorage.setItem('attika.editor.draft.shape', '{"data": {"players": 7}}');
            localStorage.setItem('attika.editor.draft.huge', '"' + 'x'.repeat(1500000) + '"');
        }"""
    )
    page.reload()
    page.wait_for_selector("body[data-ready='1']", timeout=READY_MS)
    listed = page.locator(".editor-drafts .unreadable .entry")
    expect(listed).to_have_count(4)
    expect(listed.filter(has_text="nested more than 24 levels deep")).to_have_count(1)
    expect(listed.filter(has_text="too long")).to_have_count(1)
    assert all(len(text) < 400 for text in listed.all_inner_texts())  # never echoed whole
    with page.expect_download() as got:
        listed.filter(has_text="nested").locator("[data-cmd=unreadable-download]").click()
    assert got.value.path().read_text(encoding="utf-8") == "[" * 200_000
    page.click("[data-cmd=tool][data-arg=mountain]")
    page.click('[data-hex="0,0"]')  # the editor works on beside them
    expect(page.locator('[data-hex="0,0"]')).to_have_class("hex l-mountain")
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('attika.editor'))")
    assert {"attika.editor.draft.deep", "attika.editor.draft.huge"} <= set(kept)
    page.evaluate("window.scrollTo(0, 0)")  # nothing under the sticky top bar
    found: dict[str, list[str]] = {}
    audit(page, "editor-unreadable", found)
    assert found == {}, found


def test_a_draft_edited_in_two_tabs_loses_neither_tabs_work(game_page: Page, server: str) -> None:
    page = game_page
    open_editor(page, server)
    page.click("[data-cmd=tool][data-arg=hill]")
    page.click('[data-hex="0,0"]')
    other = page.context.new_page()
    open_editor(other, server)  # the same draft, open in a second tab
    type_text(page, "text title en", "Hills first")
    expect(other.locator("[name='text title en']")).to_have_value("Hills first")
    expect(other.get_by_role("status").filter(has_text="another tab")).to_have_count(1)
    other.click("[data-cmd=tool][data-arg=mountain]")
    other.click('[data-hex="1,0"]')  # built on the first tab's work, not over it
    expect(page.locator('[data-hex="1,0"]')).to_have_class(re.compile("l-mountain"))
    expect(page.locator("[name='text title en']")).to_have_value("Hills first")
    other.close()


def test_a_lesson_of_two_steps_is_recorded_in_the_editor_and_tried_as_its_reader_meets_it(
    game_page: Page, server: str
) -> None:
    """The shipped road lesson's first step pasted; a second step added; Athens's reply and
    then the reader's answer played in one recording; tried before export, both steps."""
    page = game_page
    open_editor(page, server)
    data = json.loads((ROOT / "scenarios" / "road-turn-after-turn.json").read_text("utf-8"))
    first = {k: v for k, v in data.items() if k not in ("then", "still")}
    page.locator("textarea[name=import]").fill(json.dumps(first))
    page.click("[data-cmd=import-text]")
    expect(page.locator(".editor-steps [data-cmd=step]")).to_have_count(1)

    page.click("[data-cmd=add-step]")
    expect(page.locator('.editor-steps [data-cmd=step][data-arg="1"]')).to_have_attribute(
        "aria-pressed", "true"
    )
    type_text(page, "text task en", "Athens built beside your road. Build the next one free.")
    page.click("[data-cmd=record]")
    said = page.locator(".editor-answer .message.info")
    expect(said).to_contain_text("Athens moves now")
    board = page.locator(".recording-board")
    board.locator('[data-cmd=draw][data-arg="1"]').click()
    board.locator('[data-hex="0,1"]').click()
    board.locator(".payment [data-cmd=confirm]").click()
    board.locator('[data-cmd="end"]').first.click()
    sure = board.locator('[data-cmd="end"][data-arg="sure"]')
    if sure.count():
        sure.click()
    expect(said).to_contain_text("Corinth moves now: these moves are the reader's answer")
    board.locator("[data-cmd=select][data-arg=road]").click()
    board.locator('[data-hex="1,0"]').click()
    board.locator(".payment [data-cmd=confirm]").click()
    page.click("[data-cmd=keep]")
    expect(page.locator(".editor-boardwrap [role=status]")).to_contain_text("The position is right")
    exported = box_data(page)
    step = exported["then"][0]
    assert step["reply"][0] == "draw 1" and step["reply"][-1] == "end"
    assert step["played"] == ["build road 1,0 -"]
    # any free place is as right as the teacher's: the road at the least price anywhere
    page.select_option("select[name=reach]", "0:least")
    expect(page.locator(".editor-boardwrap [role=status]")).to_contain_text("The position is right")
    page.screenshot(path=str(SHOTS / "editor-steps-1280x800.png"), full_page=True)

    # tried as its reader meets it: step 1, go on, Athens's moves, step 2
    page.click("[data-cmd=preview]")
    live = page.locator(".recording-board")
    live.locator("[data-cmd=select][data-arg=road]").click()
    live.locator('[data-hex="0,0"]').click()
    live.locator(".payment [data-cmd=confirm]").click()
    live.locator('[data-cmd="end"]').first.click()
    if live.locator('[data-cmd="end"][data-arg="sure"]').count():
        live.locator('[data-cmd="end"][data-arg="sure"]').click()
    live.locator('.feedback [data-cmd="next"]').click()
    expect(live.locator(".task")).to_contain_text("Step 2 of 2: Athens built beside your road")
    live.locator(".replies summary").click()
    expect(live.locator(".replies")).to_contain_text("Athens")
    live.locator("[data-cmd=select][data-arg=road]").click()
    live.locator('[data-hex="-1,0"]').click()  # another free place than the teacher's
    live.locator(".payment [data-cmd=confirm]").click()
    expect(live.locator(".feedback.solved")).to_contain_text("Every step solved.")
    found: dict[str, list[str]] = {}
    audit(page, "editor two steps", found)
    assert found == {}, found


#: A button the page never drew (a hand-made or stale command), put on the editor page.
FORGE = """([cmd, arg]) => {
    const b = document.createElement('button');
    b.type = 'button'; b.id = 'forged'; b.dataset.cmd = cmd; b.dataset.arg = arg;
    b.textContent = 'forged';
    document.querySelector('.editor-side').prepend(b);
}"""


def test_a_hand_made_command_in_the_editor_is_said_and_changes_nothing(
    game_page: Page, server: str
) -> None:
    page = game_page
    printed: list[str] = []
    page.on("console", lambda msg: printed.append(msg.text))
    open_editor(page, server)
    page.locator("[data-cmd=hex][data-arg='0,0']").first.click()
    # the box's text carries the board's picture a moment after a change
    expect(page.locator("textarea[name=import][data-pictured]")).to_have_count(1)
    before = page.locator("textarea[name=import]").input_value()
    said = page.locator(".editor-boardwrap [role=alert]")
    for (cmd, arg), words in (
        (("laser", "1"), "unknown command: laser"),
        (("tool", "laser"), "cannot be read"),
        (("step", "7"), "cannot be read"),
    ):
        page.evaluate(FORGE, [cmd, arg])
        page.locator("#forged").click()
        expect(said).to_contain_text(words)
        assert page.locator("textarea[name=import]").input_value() == before
    assert not [line for line in printed if "Traceback" in line]
    page.locator("[data-cmd=tool][data-arg=forest]").click()  # the next tap clears the note
    expect(said).to_have_count(0)
