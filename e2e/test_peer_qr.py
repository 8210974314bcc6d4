"""QR codes of own-device play (web/peer/qr.js): an invitation drawn on the host's screen reads
back as the same text, drawing builds no markup from its text, and the scanner reads the camera
(Chromium's fake camera playing a picture of a code) and turns it off when done or cancelled."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserType, Page

from .conftest import CHROMIUM, TEST_ARGS, close_clean
from .peer import bench

INVITATION = "https://example.org/attika/#join=" + "AbC-_09xyz" * 11
SIZE = 320  # pixels of the picture; a camera frame


def draw(page: Page, text: str) -> dict[str, object]:
    """Draw `text` into the page's #qr and say what the container holds and what reads back."""
    result: dict[str, object] = page.evaluate(
        """async (text) => {
            const box = document.getElementById("qr");
            const svg = attikaPeer.drawQr(text, box, "Invitation for seat 2");
            const { image, grey } = await harness.pixels(svg, 320);
            return {
                elements: [...box.querySelectorAll("*")].map((e) => e.localName),
                words: box.textContent,
                label: svg.getAttribute("aria-label"),
                modules: Number(svg.dataset.modules),
                read: (await import("/web/peer/qr.js")).readQr(image),
                grey,
            };
        }""",
        text,
    )
    return result


def test_an_invitation_drawn_as_a_qr_code_reads_back_as_the_same_text(
    browser: Browser, server: str
) -> None:
    page, guard = bench(browser, server)
    try:
        drawn = draw(page, INVITATION)
        assert drawn["read"] == INVITATION
        assert drawn["label"] == "Invitation for seat 2"
        assert 25 <= drawn["modules"] <= 77  # type: ignore[operator]
        hostile = draw(page, '<img src=x onerror="window.hit=1"><script>window.hit=2</script>')
        assert hostile["elements"] == ["svg", "rect", "path"], "only the code's own shapes"
        assert hostile["words"] == ""
        assert page.evaluate("window.hit === undefined")
        error = page.evaluate(
            "(t) => { try { attikaPeer.drawQr(t, document.getElementById('qr')); }"
            " catch (e) { return e.message; } }",
            "x" * 1001,
        )
        assert "1 to 1000 characters" in error
    finally:
        close_clean(page, guard)


def y4m(grey: list[int], size: int, path: Path) -> Path:
    """A one-frame YUV4MPEG2 video of a grey picture, for Chromium's fake camera."""
    half = (size // 2) * (size // 2)
    header = f"YUV4MPEG2 W{size} H{size} F10:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + b"FRAME\n" + bytes(grey) + bytes([128]) * (2 * half))
    return path


@pytest.fixture
def camera_page(
    browser: Browser, browser_type: BrowserType, server: str, tmp_path: Path
) -> Iterator[Page]:
    """A page of its own browser whose fake camera shows the invitation's QR code."""
    page, guard = bench(browser, server)
    try:
        grey = draw(page, INVITATION)["grey"]
    finally:
        close_clean(page, guard)
    video = y4m(grey, SIZE, tmp_path / "invitation.y4m")  # type: ignore[arg-type]
    camera = [
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]
    other = browser_type.launch(executable_path=CHROMIUM, args=[*TEST_ARGS, *camera])
    try:
        scanning, scanning_guard = bench(other, server)
        scanning.context.grant_permissions(["camera"])
        yield scanning
        close_clean(scanning, scanning_guard)
    finally:
        other.close()


def test_the_scanner_reads_the_code_from_the_camera_and_turns_the_camera_off(
    camera_page: Page,
) -> None:
    read = camera_page.evaluate("harness.scan()")
    assert read == {"text": INVITATION, "error": None, "tracks": 1, "live": 0, "shown": False}


def test_a_cancelled_scan_turns_the_camera_off(camera_page: Page) -> None:
    # every code read is turned down (not the one wanted), then the person cancels
    read = camera_page.evaluate("harness.scan(1500, true)")
    assert read == {"text": None, "error": "cancelled", "tracks": 1, "live": 0, "shown": False}
