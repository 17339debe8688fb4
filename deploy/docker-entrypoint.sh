#!/bin/sh
# Entry point of every askfew container: a clean multi-process metrics directory, then the
# role's command (gunicorn, celery worker/beat, manage.py ...) exec'd in place of this shell,
# so it is PID 1 and receives the orchestrator's SIGTERM itself.
set -eu
if [ -n "${PROMETHEUS_MULTIPROC_DIR:-}" ]; then
    # Files left by a previous run of this container would be summed into new values.
    mkdir -p "$PROMETHEUS_MULTIPROC_DIR"
    find "$PROMETHEUS_MULTIPROC_DIR" -mindepth 1 -maxdepth 1 -name '*.db' -delete
fi
exec "$@"
