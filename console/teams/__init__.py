"""Teams: operators belong to teams that own packs, and see only their own packs' cases.

Rule (``hidden_packs``): a pack owned by one or more teams is visible only to members of those
teams; a pack no team owns is visible to every operator (a one-team install needs no setup);
administrators (superusers and the Admin role) see everything. Case lists, the queue, search,
CSV exports and the dashboard's charts are filtered by it (``visible_cases``); a case page of a
hidden pack is a 404 (``TeamScopeMiddleware``, for every URL that names a ``case_id``). Each
time a case of a sensitive pack (health data: ``SENSITIVE_DOMAINS``, or a team marked
sensitive) is opened, an ``AuditLog`` row ``view_case`` records who, when and which case; the
audit page shows them to administrators.

Set teams up in the admin (Teams) or with ``manage.py team NAME --packs a,b --members x,y``.
"""
