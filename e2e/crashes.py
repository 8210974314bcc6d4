"""Evidence for a dead Chromium renderer ("Page crashed", "Target crashed").

A renderer that dies says nothing to the test but the word "crashed". Chromium itself
writes its last words to stderr, which Playwright copies into a file when asked
(``DEBUG=pw:browser`` with ``DEBUG_FILE``); the kernel may have logged an out-of-memory
kill or a fault; memory and /dev/shm may have run low. This module gathers those, so a
crash on a machine nobody can log into (CI) explains itself in the test report.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

#: Where Playwright writes Chromium's stderr for this test run.
BROWSER_LOG = Path(tempfile.gettempdir()) / f"attika-chromium-{os.getpid()}.log"

#: Chromium's everyday complaints in a sandbox with no D-Bus, GPU or CPU frequency files.
_NOISE = re.compile(
    r"dbus|cpufreq|vkCreateInstance|VulkanError|CheckVkSuccessImpl|on_device_model"
    r"|<launching>|^\S+ pw:browser \[pid=\d+\]\[err\] ?$"
)
_KERNEL = re.compile(r"out of memory|oom-kill|killed process|segfault|traps:", re.IGNORECASE)
_STAMP = re.compile(r"^\[\s*(\d+\.\d+)\]")


def ask_playwright_for_the_browser_log() -> None:
    """Route Chromium's stderr into BROWSER_LOG; must run before Playwright starts. The file
    is this process's own: a test worker (pytest-xdist) inherits its parent's environment,
    and two workers' browsers in one file would mix their evidence."""
    os.environ.setdefault("DEBUG", "pw:browser")
    os.environ["DEBUG_FILE"] = str(BROWSER_LOG)


def mark() -> tuple[int, float]:
    """Where the browser log ends and the kernel clock stands: a test's evidence starts here."""
    try:
        size = BROWSER_LOG.stat().st_size
    except OSError:
        size = 0
    try:
        uptime = float(_read("/proc/uptime").split()[0])
    except (IndexError, ValueError):
        uptime = 0.0
    return size, uptime


def is_crash(error: BaseException | None) -> bool:
    return error is not None and "crashed" in str(error)


def evidence(since: tuple[int, float]) -> str:
    """What Chromium, the kernel and the machine said since ``mark()``, as report text."""
    parts = [
        "Chromium's stderr during the test:",
        *(f"  {line}" for line in _browser_lines(since[0])),
        "Kernel:",
        *(f"  {line}" for line in _kernel_lines(since[1])),
        f"Machine: {_machine()}",
    ]
    return "\n".join(parts)


def _browser_lines(since: int, keep: int = 25) -> list[str]:
    try:
        with BROWSER_LOG.open("rb") as log:
            log.seek(since)
            text = log.read().decode("utf-8", "replace")
    except OSError as error:
        return [f"(no browser log: {error})"]
    lines = [line for line in text.splitlines() if line.strip() and not _NOISE.search(line)]
    return lines[-keep:] or ["(nothing)"]


def _kernel_lines(since: float, keep: int = 8) -> list[str]:
    try:
        run = subprocess.run(["dmesg"], capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError) as error:
        return [f"(dmesg unavailable: {error})"]
    if run.returncode != 0:
        return [f"(dmesg unavailable: {run.stderr.strip()[:120]})"]
    lines = [
        line
        for line in run.stdout.splitlines()
        if _KERNEL.search(line) and float((_STAMP.match(line) or [0, "inf"])[1]) >= since
    ]
    return lines[-keep:] or ["(no out-of-memory kill or fault logged)"]


def _machine() -> str:
    facts = []
    try:
        meminfo = dict(
            line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines()
        )
        for key in ("MemAvailable", "Committed_AS"):
            facts.append(f"{key} {meminfo[key].strip()}")
    except (OSError, KeyError, ValueError):
        facts.append("meminfo unavailable")
    facts.append(_memory_limit())
    try:
        shm = shutil.disk_usage("/dev/shm")
        facts.append(f"/dev/shm free {shm.free // 2**20} of {shm.total // 2**20} MiB")
    except OSError:
        facts.append("no /dev/shm")
    with contextlib.suppress(OSError):
        facts.append(f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    facts.append(_cpu())
    return "; ".join(facts)


def _memory_limit() -> str:
    """This process's memory cgroup limit: a renderer killed at a limit looks like a crash."""
    for line in _read("/proc/self/cgroup").splitlines():
        number, controllers, path = [*line.split(":", 2), "", ""][:3]
        if controllers == "memory":  # cgroup v1
            base = Path("/sys/fs/cgroup/memory") / path.lstrip("/")
            limit = _read(base / "memory.limit_in_bytes").strip()
            peak = _read(base / "memory.max_usage_in_bytes").strip()
            fails = _read(base / "memory.failcnt").strip()
            return f"memory cgroup {path}: limit {_mib(limit)}, peak {_mib(peak)}, hit {fails}x"
        if number == "0" and controllers == "":  # cgroup v2
            base = Path("/sys/fs/cgroup") / path.lstrip("/")
            limit = _read(base / "memory.max").strip()
            if limit:
                return f"memory cgroup {path}: limit {_mib(limit)}"
    return "memory cgroup unknown"


def _cpu() -> str:
    for line in _read("/proc/cpuinfo").splitlines():
        if line.startswith("model name"):
            return f"cpu {line.split(':', 1)[1].strip()} x{os.cpu_count()}"
    return f"cpu x{os.cpu_count()}"


def _read(path: str | Path) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


def _mib(value: str) -> str:
    if not value.isdigit():
        return value or "?"
    number = int(value)
    return "none" if number >= 2**60 else f"{number // 2**20} MiB"
