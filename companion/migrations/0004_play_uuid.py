"""Play.uuid: a stable id for every play, filled for the plays already stored.

Self-contained on purpose: the derivation of companion.players.play_ids is written
out here, so later changes to that module cannot change what this migration did.
"""

import uuid

from django.db import migrations, models

NAMESPACE = uuid.UUID("6c1f4f0e-5b7a-4c55-9d43-6a4c7d8f2b10")


def fill(apps, schema_editor):  # type: ignore[no-untyped-def]
    Play = apps.get_model("companion", "Play")
    taken = set()
    for play in Play.objects.select_related("table").order_by("pk"):
        if play.table_id is not None:
            # the uuid the BG Stats export already wrote for this table
            value = uuid.uuid5(NAMESPACE, f"table:{play.table.code}")
        elif play.source_uuid:
            try:
                value = uuid.UUID(play.source_uuid)
            except ValueError:
                value = uuid.uuid5(NAMESPACE, f"import:{play.source_uuid}")
        else:
            value = uuid.uuid4()
        if value in taken:
            value = uuid.uuid4()
        taken.add(value)
        play.uuid = value
        fields = ["uuid"]
        if play.table_id is not None:
            # Stale on purpose: the next read rebuilds it, and its start player then comes
            # from the engine's state, not from the old guess (issue 22). The rebuilt play
            # keeps this uuid (it is derived from the table's code).
            play.table_version = 0
            fields.append("table_version")
        play.save(update_fields=fields)


class Migration(migrations.Migration):
    dependencies = [
        ("companion", "0003_players"),
    ]

    operations = [
        migrations.AddField(
            model_name="play",
            name="uuid",
            field=models.UUIDField(null=True, editable=False),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="play",
            name="uuid",
            field=models.UUIDField(default=uuid.uuid4, editable=False, unique=True),
        ),
    ]
