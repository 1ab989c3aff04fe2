"""The "Register officers" group: merge, split, import past events and see personal data."""

from django.db import migrations

GROUP = "Register officers"
# Permissions are made after the migrations run; the group needs them now.
PERMISSIONS = {
    "manage_register": "Can merge, split and import into the register",
    "view_personal_data": "Can see birth dates and identity numbers",
    "view_person": "Can view person",
    "change_person": "Can change person",
}


def add_group(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    person, _created = ContentType.objects.get_or_create(app_label="register", model="person")
    group, _created = Group.objects.get_or_create(name=GROUP)
    for codename, name in PERMISSIONS.items():
        permission, _created = Permission.objects.get_or_create(
            content_type=person, codename=codename, defaults={"name": name}
        )
        group.permissions.add(permission)


def remove_group(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("register", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(add_group, remove_group)]
