"""Operating the product: health and readiness probes, Prometheus metrics, structured logs.

- ``context``: the case id (and event id) a log line belongs to, carried in a context variable.
- ``jsonlog``: a JSON log formatter (one object per line) and the filter adding the context.
- ``metrics``: the metric definitions and the registry ``/metrics`` renders (multi-process
  aware: gunicorn workers and Celery pool processes share ``PROMETHEUS_MULTIPROC_DIR``).
- ``health``: the dependency checks (database, broker, search) behind ``/readyz``.
- ``middleware``: answers ``/healthz``, ``/readyz`` and ``/metrics`` ahead of the host check
  and the HTTPS redirect (probes come from the orchestrator by pod IP over plain HTTP), and
  counts every other request.
- ``signals``: turns, outcomes and reply latency recorded from the runtime's own rows
  (Django model signals), so the runtime needs no metrics code.
- ``celery_hooks``: per-task log context, task counts, a metrics endpoint for workers.
- ``tasks``: the beat tasks (re-dispatching events and replies a lost broker message stranded).
- ``probe``: ``python -m console.observability.probe live|ready`` for container health checks.

The app is installed as ``console.observability`` (label ``observability``).
"""
