"""The content security policy in a real browser: every kind of page the product serves runs
under it without one refusal, and the scripts that make pages work still run."""

import pytest
from django.urls import reverse

from games.live import live_board_code
from tournaments.models import Pairing, Round, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(copy_demo):
    copy_demo()
    return Tournament.objects.get(slug="demo")


@pytest.fixture
def watched(browser):
    """A browser page that notes every refusal the policy causes and every script error."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.refusals = []
    page.on(
        "console",
        lambda message: (
            page.refusals.append(f"{page.url}: {message.text}")
            if "Content Security Policy" in message.text
            else None
        ),
    )
    page.on("pageerror", lambda error: page.refusals.append(f"{page.url}: {error}"))
    yield page
    context.close()


def visit(page, url: str) -> None:
    response = page.goto(url)
    assert response.status == 200, url
    assert "default-src 'self'" in response.headers["content-security-policy"], url
    page.wait_for_load_state("networkidle")


def public_urls(demo) -> list[str]:
    round_ = Round.objects.filter(section__slug="men").exclude(status=Round.Status.DRAFT).last()
    recorded = Pairing.objects.filter(round__section__tournament=demo, game_record__isnull=False)
    arguments = {"slug": demo.slug, "section": "men"}
    return [
        reverse("public:home"),
        reverse("public:tournament", kwargs={"slug": demo.slug}),
        reverse("public:round", kwargs=arguments | {"number": round_.number}),
        reverse("public:standings", kwargs=arguments),
        reverse("public:crosstable", kwargs=arguments),
        reverse("public:player", kwargs=arguments | {"number": 1}),
        reverse("public:teams", kwargs={"slug": demo.slug}),
        reverse("public:game", kwargs={"slug": demo.slug, "pairing_id": recorded.first().pk}),
        reverse("login"),
    ]


def test_public_pages_run_under_the_policy_without_a_refusal(watched, live_server, demo):
    for url in public_urls(demo):
        visit(watched, live_server.url + url)
    assert watched.refusals == []
    # The round page's name filter is shown by its script: scripts from our files still run.
    visit(watched, live_server.url + public_urls(demo)[2])
    assert watched.get_by_label("Find a player").is_visible()


def test_arbiter_pages_admin_and_api_docs_run_under_the_policy(
    watched, live_server, demo, django_user_model
):
    django_user_model.objects.create_superuser("root", password="root-password-1")
    watched.goto(f"{live_server.url}/accounts/login/")
    watched.fill("#id_username", "root")
    watched.fill("#id_password", "root-password-1")
    watched.get_by_role("button", name="Log in").click()
    watched.wait_for_url("**/arbiter/")
    round_ = Round.objects.filter(section__slug="men").last()
    pairing = round_.pairings.filter(north__isnull=False).first()
    arguments = {"slug": demo.slug, "section": "men", "number": round_.number}
    urls = [
        reverse("my_tournaments"),
        reverse("arbiter:dashboard", kwargs={"slug": demo.slug}),
        reverse("arbiter:settings", kwargs={"slug": demo.slug}),
        reverse("arbiter:players", kwargs={"slug": demo.slug, "section": "men"}),
        reverse("arbiter:round", kwargs=arguments),
        reverse("arbiter:result_grid", kwargs=arguments),
        reverse("arbiter:slips", kwargs=arguments),
        reverse("arbiter:result", kwargs={"slug": demo.slug, "pairing_id": pairing.pk}),
        reverse("games:live_board", kwargs={"slug": demo.slug, "code": live_board_code(pairing)}),
        reverse("admin:index"),
        reverse("admin:tournaments_player_changelist"),
        reverse("admin:tournaments_player_change", args=[pairing.south_id]),
        reverse("api:docs"),
        reverse("api:swagger"),
    ]
    for url in urls:
        visit(watched, live_server.url + url)
    # Redoc's footer asks for its logo from its makers' server; that, and only that, is refused.
    outside = [refusal for refusal in watched.refusals if "https://cdn.redoc.ly/" in refusal]
    assert len(outside) <= 1 and [r for r in watched.refusals if r not in outside] == []
    watched.refusals.clear()
    # The slips' Print button is shown by its script file now that no inline handler may run.
    visit(watched, live_server.url + urls[6])
    assert watched.get_by_role("button", name="Print").is_visible()
    # Both API reference viewers draw the schema.
    visit(watched, live_server.url + reverse("api:docs"))
    assert watched.get_by_text("Oware tournament manager API").first.is_visible()
    # Redoc reads the OpenAPI 3.1 schema's `webhooks` section: each body has its entry.
    assert watched.get_by_text("A result was cleared (the game, its result null)").count() >= 1
    visit(watched, live_server.url + reverse("api:swagger"))
    watched.locator(".swagger-ui .info").wait_for()
    assert [r for r in watched.refusals if "https://cdn.redoc.ly/" not in r] == []
