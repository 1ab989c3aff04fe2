"""The documented operations (docs/deployment.md, "Operations") that are not run by .ci/run."""

import subprocess
import sys

from tests.servers import ROOT, production_env


def signed_with(key: str) -> str:
    script = (
        "import sys; from django.core import signing; print(signing.dumps('kept', key=sys.argv[1]))"
    )
    env = production_env(DJANGO_SETTINGS_MODULE="config.settings")
    return subprocess.run(
        [sys.executable, "-c", script, key],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def read_with(value: str, **keys) -> str:
    script = (
        "import sys, django; django.setup(); from django.core import signing\n"
        "try:\n    print(signing.loads(sys.argv[1]))\n"
        "except signing.BadSignature:\n    print('refused')"
    )
    env = production_env(DJANGO_SETTINGS_MODULE="config.settings", **keys)
    return subprocess.run(
        [sys.executable, "-c", script, value],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()


def test_a_rotated_secret_key_still_reads_what_the_old_one_signed_while_it_is_a_fallback():
    old, new = "old-key-" + "o" * 50, "new-key-" + "n" * 50
    value = signed_with(old)
    assert read_with(value, SECRET_KEY=new, SECRET_KEY_FALLBACKS=old) == "kept"
    assert read_with(value, SECRET_KEY=new) == "refused"
