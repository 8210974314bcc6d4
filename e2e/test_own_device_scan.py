"""Joining at one table by two scans, on the game's own pages (issue 39): the phone opens the
host's invitation, shows its answer as a QR code, and the host's camera reads that code in the
devices panel; the phone is seated with nothing typed, and the camera is off again.

The host runs in a browser of its own whose fake camera plays a file (Chromium reads it when
the camera starts): the picture of the phone's answer, drawn by the same QR library, is written
there once the phone has made its answer.
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, BrowserType

from .access import SHOTS, violations
from .conftest import CHROMIUM, TEST_ARGS, close_clean, open_page
from .peer import bench
from .test_peer_qr import SIZE, draw, y4m

TABLET = {"width": 768, "height": 1024}
PHONE = {"width": 360, "height": 740}


def test_the_host_seats_a_phone_by_scanning_its_answer(
    browser: Browser, browser_type: BrowserType, server: str, tmp_path: Path
) -> None:
    video = y4m([255] * SIZE * SIZE, SIZE, tmp_path / "answer.y4m")  # a blank camera till then
    camera = [
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]
    other = browser_type.launch(executable_path=CHROMIUM, args=[*TEST_ARGS, *camera])
    try:
        host, host_guard = open_page(other, server, viewport=TABLET)
        host.context.grant_permissions(["camera"])
        host.goto(f"{server}/index.html?players=2&seed=8&seats=human,device")
        host.wait_for_selector("body[data-ready]", state="attached", timeout=90_000)
        host.click('[data-cmd="devices"]')
        host.click('[data-cmd="invite"][data-arg="1"]')
        link = host.locator('[data-key="link:1"]')
        link.wait_for(timeout=20_000)

        phone, phone_guard = open_page(
            browser, server, viewport=PHONE, has_touch=True, is_mobile=True
        )
        phone.goto(str(link.input_value()))
        phone.wait_for_selector("#joining [data-qr] svg", timeout=90_000)
        answer = str(phone.locator("textarea.answer-code").input_value())

        # the phone's answer, as its screen draws it, is what the host's camera sees
        drawing, drawing_guard = bench(browser, server)
        y4m(draw(drawing, answer)["grey"], SIZE, video)  # type: ignore[arg-type]
        close_clean(drawing, drawing_guard)

        host.click('[data-cmd="scan"][data-arg="1"]')
        phone.wait_for_selector("#seat:not([hidden]) #side button", timeout=60_000)
        # nothing was typed at the host: the scanned answer seated the phone, and the camera
        # is off (its picture gone from the panel)
        assert host.locator('textarea[name="answer-1"]').count() == 0
        host.wait_for_selector("#devices video", state="detached", timeout=10_000)
        assert host.evaluate(
            "() => [...document.querySelectorAll('video')].every((v) => !v.srcObject)"
        )
        assert host.inner_text(".device-rows .device-state") == "connected"
        SHOTS.mkdir(parents=True, exist_ok=True)
        host.screenshot(path=str(SHOTS / "own-device-scanned-768x1024.png"))
        assert violations(host) == []
        close_clean(phone, phone_guard)
        close_clean(host, host_guard)
    finally:
        other.close()
