from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [migrations.swappable_dependency(settings.AUTH_USER_MODEL)]

    operations = [
        migrations.CreateModel(
            name="Team",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("name", models.CharField(max_length=100, unique=True)),
                ("packs", models.JSONField(blank=True, default=list)),
                ("sensitive", models.BooleanField(default=False)),
                ("members", models.ManyToManyField(blank=True, related_name="teams",
                                                   to=settings.AUTH_USER_MODEL)),
            ],
            options={"ordering": ["name"]},
        ),
    ]
