"""manage.py task_worker: the worker of the queue the settings chose for Django's tasks
(oware_tournaments/settings.py, docs/deployment.md): RQ's worker on Redis (`manage.py rqworker
--job-class django_tasks_rq.Job --worker-class rq.worker.SimpleWorker --with-scheduler default`)
where REDIS_URL is set, else
django-tasks-db's worker on the database (`manage.py db_worker`). One command for the compose
file, `make demo` and the tests, whichever queue a deployment has."""

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import close_old_connections

# The signals the RQ backend sends around each job: those of the django-tasks backport it is
# built on, which are not django.tasks' own (a receiver connected there is never called).
from django_tasks.signals import task_finished, task_started

RQ_BACKEND = "django_tasks_rq.RQBackend"


class Command(BaseCommand):
    help = "Run the task worker of the configured queue: Redis (RQ) or the database."

    def add_arguments(self, parser):
        parser.add_argument(
            "--interval",
            type=float,
            default=1.0,
            help="The database worker's pause between looks at an empty queue, in seconds.",
        )
        parser.add_argument(
            "--no-startup-delay",
            dest="startup_delay",
            action="store_false",
            help="The database worker starts at once (several workers otherwise start apart).",
        )

    def handle(self, *args, **options):
        backend = settings.TASKS["default"]["BACKEND"]
        if backend == RQ_BACKEND:
            # The job class runs a Django task; the scheduler starts the tasks queued for later
            # (retries, reminders) when their time comes.
            # In their order: RQ takes a job from the first queue that has one (settings.py).
            queues = settings.TASKS["default"]["QUEUES"]
            # The jobs run in this process, one after the other (RQ's SimpleWorker), each
            # starting and ending with its database connections checked, as a request does. RQ's
            # default forks a process per job: an online event's thousands of small jobs (each
            # board's settling, each round's mails) then queued behind the forks, and a round's
            # pairing with them.
            task_started.connect(close_old_connections, dispatch_uid="task-worker-connections")
            task_finished.connect(close_old_connections, dispatch_uid="task-worker-connections")
            call_command(
                "rqworker",
                *queues,
                job_class="django_tasks_rq.Job",
                worker_class="rq.worker.SimpleWorker",
                with_scheduler=True,
            )
        else:
            # Every queue: the database's worker takes the due task of highest priority first,
            # and the tasks of the first queue have the highest (games/tasks.py).
            call_command(
                "db_worker",
                queue_name=",".join(settings.TASKS["default"]["QUEUES"]),
                interval=options["interval"],
                startup_delay=options["startup_delay"],
            )
