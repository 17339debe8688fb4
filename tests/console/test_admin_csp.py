"""Django's admin pages work under the strict Content-Security-Policy (script-src 'self';
style-src 'self'): no inline <style>, style attribute or inline script on any of them, the
change list without action bars included (its inline <style> is a static file here)."""

from __future__ import annotations

import contextlib
import re
from typing import Any

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import NoReverseMatch, reverse

INLINE = re.compile(r"<style|\sstyle=\"|<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>")

pytestmark = pytest.mark.django_db


def admin_pages() -> list[str]:
    urls = ["/admin/"]
    for model in admin.site._registry:
        prefix = f"admin:{model._meta.app_label}_{model._meta.model_name}"
        urls.append(reverse(f"{prefix}_changelist"))
        with contextlib.suppress(NoReverseMatch):
            urls.append(reverse(f"{prefix}_add"))
    return urls


def test_no_admin_page_needs_inline_style_or_script(monkeypatch: Any) -> None:
    user = get_user_model().objects.create_superuser("root", "root@example.com", "x" * 20)
    client = Client()
    client.force_login(user)
    # One change list without action bars: Django's own template would inline a <style>.
    from django.contrib.auth.models import Group

    group_admin = admin.site._registry[Group]
    monkeypatch.setattr(group_admin, "actions_on_top", False)
    monkeypatch.setattr(group_admin, "actions_on_bottom", False)
    pages = admin_pages()
    assert len(pages) > 10
    found = {}
    for url in pages:
        response = client.get(url)
        if response.status_code != 200:
            continue
        html = response.content.decode()
        assert "Content-Security-Policy" in response.headers
        hits = INLINE.findall(html)
        if hits:
            found[url] = hits[:3]
    assert found == {}
    groups = client.get(reverse("admin:auth_group_changelist")).content.decode()
    assert "console/admin-changelist-no-actions.css" in groups
