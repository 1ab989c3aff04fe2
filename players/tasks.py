"""Mail to players sent outside the request, on Django's tasks framework (`manage.py
db_worker`), as the webhooks are."""

from django.tasks import task

from players.mail import send


@task()
def send_mail(mail_id: int) -> None:
    """Word and send one mail if it is due (players/mail.py)."""
    send(mail_id)
