"""The register officers' group outlives a `flush`, which keeps no rows the migrations made: it is
made again, with its permissions, whenever the database is migrated or flushed."""

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command

from register.access import OFFICERS_GROUP, OFFICERS_PERMISSIONS


@pytest.mark.django_db(transaction=True)
def test_the_officers_group_is_made_again_after_a_flush():
    Group.objects.filter(name=OFFICERS_GROUP).delete()
    call_command("flush", interactive=False, verbosity=0)
    group = Group.objects.get(name=OFFICERS_GROUP)
    assert sorted(group.permissions.values_list("codename", flat=True)) == sorted(
        OFFICERS_PERMISSIONS
    )
