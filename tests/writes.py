"""What a test's API client sends with a write: the version it changes
(tournaments/api/versions.py)."""


def revision(api, slug: str) -> int:
    """The tournament's revision, read through the API as the client itself sees it."""
    answer = api.get(f"/api/v1/tournaments/{slug}/")
    assert answer.status_code == 200, answer.content
    return answer.json()["revision"]


def if_match(api, slug: str) -> dict:
    """The If-Match header of a write to tournament `slug`, naming its revision as read now."""
    return {"HTTP_IF_MATCH": f'"{revision(api, slug)}"'}
