"""``manage.py loadtest``: the production profile on this machine, under load and faults.

Everything it runs, it starts and stops itself, on loopback only, under one temporary
directory: a PostgreSQL cluster (``postgres``), a redis-server (``redis_server``), the web
server (gunicorn with ``deploy/gunicorn.conf.py``), Celery workers and beat, and loopback Slack
and Telegram APIs (``capture``, built on tests/channels' loopback servers). ``driver`` plays
N users who talk to the bot through the real webhooks (signed Slack requests, Telegram
updates with the secret token) and wait for each reply on the loopback APIs; ``faults``
kills a worker mid-turn or restarts Redis or PostgreSQL meanwhile; ``audit`` checks the
database afterwards (every case's stored turns match the replies its user saw).

Modules: ``procs`` (owned processes), ``postgres``, ``redis_server``, ``stack`` (the whole
deployment), ``capture``, ``users``, ``driver``, ``faults``, ``audit``, ``report``.
"""
