"""Mail to players sent outside the request, on Django's tasks framework (`manage.py
task_worker`), as the webhooks are."""

from django.tasks import task

from players.mail import Sender, send_sign_in_link


@task()
def send_mails(mail_ids: list[int]) -> None:
    """Word and send each mail that is due (players/mail.py), one after the other through one
    SMTP connection; a mail that fails is tried again on its own."""
    with Sender() as sender:
        for mail_id in mail_ids:
            sender.send(mail_id)


@task()
def send_sign_in_mail(email: str, language: str, asked_at: int, attempts: int = 0) -> None:
    """Mail a sign-in link asked for at `asked_at` (players/mail.py)."""
    send_sign_in_link(email, language, asked_at, attempts)
