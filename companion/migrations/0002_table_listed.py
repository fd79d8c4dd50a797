from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("companion", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="table",
            name="listed",
            field=models.BooleanField(default=False),
        ),
    ]
