from django.contrib import admin

from console.teams.models import Team


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "sensitive")
    filter_horizontal = ("members",)
