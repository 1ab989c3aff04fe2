"""A real Chromium (Debian's package) driven by Playwright against the live test server."""

import os
import shutil

import pytest

# Debian's Chromium, and its headless shell where installed (package chromium-headless-shell):
# the same engine without the browser's own window and interface, as Playwright runs headless by
# default. It takes about half the CPU of the full browser for the same pages; the full one
# runs where a test needs what only it has (a service worker's notifications).
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
HEADLESS_SHELL = shutil.which("chromium-headless-shell") or "/usr/bin/chromium-headless-shell"
# Playwright's synchronous API runs an event loop in the test thread; the ORM calls the
# tests make there are ordinary blocking calls, which Django would otherwise refuse.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PHONE = {"width": 360, "height": 740}

ARGUMENTS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="session")
def playwright():
    """One Playwright session per test process: a second could not run beside it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as session:
        yield session


def _launched(playwright, executable: str):
    """The browser at `executable`, closed after."""
    if not os.path.exists(executable):
        if os.environ.get("REQUIRE_BROWSER"):
            pytest.fail(f"REQUIRE_BROWSER is set but there is no Chromium at {executable}")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    browser = playwright.chromium.launch(executable_path=executable, args=ARGUMENTS)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def browser(playwright):
    """The headless shell, or the full browser where the shell is not installed."""
    yield from _launched(playwright, HEADLESS_SHELL if os.path.exists(HEADLESS_SHELL) else CHROMIUM)


@pytest.fixture(scope="session")
def full_browser(playwright):
    """The full Chromium, for what the headless shell lacks (notifications)."""
    yield from _launched(playwright, CHROMIUM)


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    yield page
    context.close()
