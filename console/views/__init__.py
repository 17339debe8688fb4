"""The operator console's views. ``home`` is the public start page; everything else is guarded
by ``console.roles.requires`` (see ``console.urls``)."""

from .home import home

__all__ = ["home"]
