"""The online events' work outside the request, on Django's tasks framework (`manage.py
db_worker`): pairing, publishing and opening a round when it is due (online/schedule.py)."""

from django.tasks import task

from online import rounds


@task()
def run_round_task(tournament_id: int, number: int) -> None:
    """Run round `number` of the online event if it is due now (online/rounds.py)."""
    rounds.run_round(tournament_id, number)
