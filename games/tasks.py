"""The work of remote games done outside the request, on Django's tasks framework (the TASKS
setting; `manage.py db_worker` runs it): settling a board's flag fall or no-show at its
deadline, whether anyone is connected or not."""

from django.tasks import task

from games.remote import settle_task, settle_tasks


@task()
def settle_remote_board(board_id: int) -> None:
    """End the board's game if its deadline passed (a flag fall, a no-show), recording the
    result; else queue the settling of its next deadline."""
    settle_task(board_id)


@task()
def settle_remote_boards(board_ids: list[int]) -> None:
    """Settle these boards, queued for one moment together (a round's opening): the due ones
    first, then each queues the settling of its next deadline."""
    settle_tasks(board_ids)
