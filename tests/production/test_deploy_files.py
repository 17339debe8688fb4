"""The deployment files, checked without Docker or a cluster (neither runs on this machine):
they parse, every long-running service and pod has its health checks and probes, the image
runs as a non-root user, and the files agree with the code (commands, ports, probe paths)."""

from __future__ import annotations

import os
import runpy
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.production.conftest import ROOT

yaml = pytest.importorskip("yaml", reason="PyYAML parses the compose and Kubernetes files")
DEPLOY = ROOT / "deploy"


def compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((DEPLOY / "docker-compose.yml").read_text())
    return data


def k8s_objects() -> list[dict[str, Any]]:
    objects = []
    for path in sorted((DEPLOY / "k8s").glob("*.yaml")):
        for doc in yaml.safe_load_all(path.read_text()):
            if doc:
                doc["_file"] = path.name
                objects.append(doc)
    return objects


def test_compose_has_every_process_and_backing_service() -> None:
    services = compose()["services"]
    assert {"web", "worker", "beat", "slack", "telegram", "redis", "postgres",
            "elasticsearch", "release", "proxy"} <= set(services)
    assert "gunicorn" in " ".join(services["web"]["command"])
    assert "worker" in services["worker"]["command"][-1]
    assert "beat" in services["beat"]["command"]
    assert services["slack"]["command"][-2:] == ["runbot", "slack"]
    assert services["telegram"]["command"][-2:] == ["runbot", "telegram"]


def test_every_long_running_compose_service_has_a_health_check() -> None:
    for name, service in compose()["services"].items():
        if service.get("restart") == "no":  # one-shot jobs (release) have nothing to probe
            continue
        check = service.get("healthcheck")
        assert check and check.get("test"), f"compose service {name} has no healthcheck"


def test_compose_app_services_wait_for_migrations_and_dependencies() -> None:
    services = compose()["services"]
    for name in ("web", "worker", "beat"):
        deps = services[name]["depends_on"]
        assert deps["release"]["condition"] == "service_completed_successfully", name
        assert deps["redis"]["condition"] == "service_healthy", name
    assert "migrate" in services["release"]["command"][-1]
    env = services["web"]["environment"]
    assert env["DATABASE_URL"].startswith("postgres://")
    assert env["REDIS_URL"].startswith("redis://")
    assert env["ELASTICSEARCH_URL"].startswith("http://elasticsearch:")


def test_every_kubernetes_deployment_is_probed_and_configured() -> None:
    deployments = [o for o in k8s_objects() if o["kind"] == "Deployment"]
    names = {d["metadata"]["name"] for d in deployments}
    assert {"askfew-web", "askfew-worker", "askfew-beat", "askfew-slack",
            "askfew-telegram"} <= names
    for deployment in deployments:
        pod = deployment["spec"]["template"]["spec"]
        assert pod["securityContext"]["runAsNonRoot"] is True, deployment["metadata"]["name"]
        for container in pod["containers"]:
            where = f"{deployment['metadata']['name']}/{container['name']}"
            assert "readinessProbe" in container or "livenessProbe" in container, where
            if container["image"] == "askfew":
                refs = {next(iter(ref.values()))["name"] for ref in container["envFrom"]}
                assert refs == {"askfew-config", "askfew-secrets"}, where


def test_web_probes_hit_the_probe_endpoints() -> None:
    (web,) = [o for o in k8s_objects()
              if o["kind"] == "Deployment" and o["metadata"]["name"] == "askfew-web"]
    container = next(c for c in web["spec"]["template"]["spec"]["containers"] if c["name"] == "web")
    assert container["livenessProbe"]["httpGet"]["path"] == "/healthz"
    assert container["readinessProbe"]["httpGet"]["path"] == "/readyz"
    assert container["startupProbe"]["httpGet"]["path"] == "/healthz"


def test_workers_scale_horizontally() -> None:
    (hpa,) = [o for o in k8s_objects() if o["kind"] == "HorizontalPodAutoscaler"]
    assert hpa["spec"]["scaleTargetRef"] == {
        "apiVersion": "apps/v1", "kind": "Deployment", "name": "askfew-worker"}
    assert hpa["spec"]["minReplicas"] >= 2 and hpa["spec"]["maxReplicas"] > hpa["spec"][
        "minReplicas"]
    singletons = {o["metadata"]["name"]: o["spec"] for o in k8s_objects()
                  if o["kind"] == "Deployment" and o["metadata"]["name"] in
                  {"askfew-beat", "askfew-telegram"}}
    for name, spec in singletons.items():  # two beats or two pollers would misbehave
        assert spec["replicas"] == 1 and spec["strategy"]["type"] == "Recreate", name


def test_kustomization_lists_files_that_exist() -> None:
    kustomization = yaml.safe_load((DEPLOY / "k8s" / "kustomization.yaml").read_text())
    for resource in kustomization["resources"]:
        assert (DEPLOY / "k8s" / resource).exists(), resource


def test_dockerfile_is_multi_stage_and_runs_as_a_non_root_user() -> None:
    text = (DEPLOY / "Dockerfile").read_text()
    stages = [line for line in text.splitlines() if line.startswith("FROM ")]
    assert len(stages) >= 2
    users = [line.split()[1] for line in text.splitlines() if line.startswith("USER ")]
    assert users and users[-1] not in {"root", "0"}
    assert "HEALTHCHECK" in text and "/healthz" in text
    for copied in ("deploy/gunicorn.conf.py", "deploy/docker-entrypoint.sh"):
        assert copied in text and (ROOT / copied).exists()


def test_gunicorn_config_reads_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GUNICORN_BIND", "127.0.0.1:9999")
    monkeypatch.setenv("GUNICORN_WORKERS", "3")
    config = runpy.run_path(str(DEPLOY / "gunicorn.conf.py"))
    assert (config["bind"], config["workers"], config["worker_class"]) == (
        "127.0.0.1:9999", 3, "gthread")
    assert config["logger_class"] == "console.observability.gunicorn_log.RedactingLogger"
    monkeypatch.setenv("GUNICORN_WORKERS", "many")
    with pytest.raises(SystemExit, match="GUNICORN_WORKERS='many' is not an integer"):
        runpy.run_path(str(DEPLOY / "gunicorn.conf.py"))


def test_access_logs_drop_the_web_chat_token() -> None:
    from console.observability.gunicorn_log import redact

    assert redact("/chat/api/cases/Zx9-secretToken_123456/messages") == (
        "/chat/api/cases/<token>/messages")
    assert redact("/slack/events") == "/slack/events"


def test_entrypoint_clears_stale_metrics_then_runs_the_command(tmp_path: Path) -> None:
    stale = tmp_path / "counter_1234.db"
    stale.write_bytes(b"old")
    done = subprocess.run(
        ["sh", str(DEPLOY / "docker-entrypoint.sh"), "sh", "-c", "echo started"],
        env={**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)},
        capture_output=True, text=True, timeout=30,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "started"
    assert not stale.exists()


def test_the_edge_keeps_probes_and_metrics_inside() -> None:
    edge = next(o for o in k8s_objects() if o["metadata"]["name"] == "askfew-edge")
    for config in (edge["data"]["default.conf"], (DEPLOY / "nginx" / "askfew.conf").read_text()):
        assert "location ~ ^/(metrics|healthz|readyz)$ { return 404; }" in config
        assert "location /static/" in config
    assert "proxy_set_header X-Forwarded-Proto https;" in (
        DEPLOY / "nginx" / "askfew.conf").read_text()
