from django.apps import AppConfig


class CompanionConfig(AppConfig):
    """The table platform: tables, seats, the entry log and the live views."""

    name = "companion"
    verbose_name = "Table Companion"
