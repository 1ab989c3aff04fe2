"""Work started by several threads together, as requests of several workers arrive at once."""

import threading

from django.db import connections


def at_once(work, threads: int = 2, ready=None) -> list:
    """`work()` run by `threads` threads started together, each with its own connections (closed
    after); what each returned, in no order. `ready()`, if given, runs in each thread before they
    start together, and `work` is then called with what it returned: a read each thread makes
    before any of them writes. Any failure fails the caller, after every thread has ended."""
    start = threading.Barrier(threads)
    results, failures = [], []

    def run():
        try:
            prepared = () if ready is None else (ready(),)
            start.wait(timeout=30)
            results.append(work(*prepared))
        except Exception as failure:  # noqa: BLE001 (reported below)
            failures.append(failure)
        finally:
            connections.close_all()

    workers = [threading.Thread(target=run) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert not failures, failures
    return results
