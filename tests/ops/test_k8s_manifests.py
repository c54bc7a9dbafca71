"""deploy/k8s: rendered by kustomize, valid against the Kubernetes schemas, safe to run."""

from __future__ import annotations

import copy
import ipaddress
import json
import re
from pathlib import Path
from typing import Any

import pytest
from kubernetes_validate import utils as kv

from claimsvc.settings import Settings
from claimsvc.store.redis_url import parse_redis_url
from tests.ops.kustomize import (
    KUSTOMIZATIONS,
    REPO,
    Obj,
    containers,
    kustomize_command,
    render,
    render_offline,
)

# Validated against one fixed Kubernetes version, so a kubernetes-validate upgrade cannot move the
# goalposts silently. 1.32 is the oldest minor with the preStop `sleep` action on by default.
K8S_VERSION = "1.32.0"
CUSTOM_KINDS = {"ServiceMonitor", "PrometheusRule", "ExternalSecret"}
COMPONENTS = ("api", "worker", "sms-ingest")
SERVING = ("api", "sms-ingest")  # behind an Ingress, so they must outlive their endpoints
SECRET_NAME = "claimsvc-secrets"
ALERT_SECRET_NAME = "claimsvc-alert-secrets"
ALERT_SECRETS = ("CLAIMSVC_TELEGRAM_BOT_TOKEN", "CLAIMSVC_SMTP_PASSWORD")


@pytest.fixture(scope="module", params=sorted(KUSTOMIZATIONS))
def objs(request: pytest.FixtureRequest) -> list[Obj]:
    return render(KUSTOMIZATIONS[request.param])


@pytest.fixture(scope="module")
def production() -> list[Obj]:
    return render(KUSTOMIZATIONS["production"])


def of_kind(objs: list[Obj], kind: str) -> list[Obj]:
    return [o for o in objs if o["kind"] == kind]


def named(objs: list[Obj], kind: str, name: str) -> Obj:
    (found,) = [o for o in of_kind(objs, kind) if o["metadata"]["name"] == name]
    return found


def deployment(objs: list[Obj], component: str) -> Obj:
    return named(objs, "Deployment", f"claimsvc-{component}")


def pod_spec(objs: list[Obj], component: str) -> Obj:
    return deployment(objs, component)["spec"]["template"]["spec"]


def config(objs: list[Obj]) -> dict[str, str]:
    return named(objs, "ConfigMap", "claimsvc-config")["data"]


def selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return all(labels.get(k) == v for k, v in selector.items())


def pod_selected(selector: dict[str, Any], labels: dict[str, str]) -> bool:
    """A label selector (matchLabels and the In, NotIn and Exists expressions) against labels."""
    if not selects(selector.get("matchLabels", {}), labels):
        return False
    for expression in selector.get("matchExpressions", []):
        key, operator, values = expression["key"], expression["operator"], expression.get("values")
        if operator == "In" and labels.get(key) not in values:
            return False
        if operator == "NotIn" and labels.get(key) in values:
            return False
        if operator == "Exists" and key not in labels:
            return False
    return True


@pytest.mark.skipif(kustomize_command() is None, reason="no kustomize or kubectl installed")
@pytest.mark.parametrize("name", sorted(KUSTOMIZATIONS))
def test_offline_renderer_matches_kustomize(name: str) -> None:
    def key(o: Obj) -> tuple[str, str, str]:
        return (o["kind"], o["metadata"].get("namespace", ""), o["metadata"]["name"])

    real = {key(o): o for o in render(KUSTOMIZATIONS[name])}
    offline = {key(o): o for o in render_offline(KUSTOMIZATIONS[name])}
    assert real == offline


def test_every_built_in_object_passes_strict_schema_validation(objs: list[Obj]) -> None:
    checked = 0
    for obj in objs:
        if obj["kind"] in CUSTOM_KINDS:
            continue
        kv.validate(obj, K8S_VERSION, strict=True)
        checked += 1
    assert checked >= 20


def test_strict_validation_rejects_a_misspelt_field(production: list[Obj]) -> None:
    broken = copy.deepcopy(deployment(production, "api"))
    broken["spec"]["template"]["spec"]["containers"][0]["imagePullPolcy"] = "Always"
    with pytest.raises(kv.ValidationError):
        kv.validate(broken, K8S_VERSION, strict=True)


def test_only_the_known_custom_resources_lack_a_schema(objs: list[Obj]) -> None:
    without_schema = set()
    for obj in objs:
        try:
            kv.validate(obj, K8S_VERSION, strict=True)
        except kv.SchemaNotFoundError:
            without_schema.add(obj["kind"])
    assert without_schema == CUSTOM_KINDS


def test_every_component_has_a_deployment_service_autoscaler_and_disruption_budget(
    objs: list[Obj],
) -> None:
    for component in COMPONENTS:
        dep = deployment(objs, component)
        pod_labels = dep["spec"]["template"]["metadata"]["labels"]
        assert selects(dep["spec"]["selector"]["matchLabels"], pod_labels)
        assert "replicas" not in dep["spec"], "the autoscaler owns the replica count"
        svc = named(objs, "Service", f"claimsvc-{component}")
        assert selects(svc["spec"]["selector"], pod_labels)
        hpa = named(objs, "HorizontalPodAutoscaler", f"claimsvc-{component}")
        assert hpa["spec"]["scaleTargetRef"] == {
            "apiVersion": "apps/v1",
            "kind": "Deployment",
            "name": dep["metadata"]["name"],
        }
        assert 2 <= hpa["spec"]["minReplicas"] <= hpa["spec"]["maxReplicas"]
        pdb = named(objs, "PodDisruptionBudget", f"claimsvc-{component}")
        assert selects(pdb["spec"]["selector"]["matchLabels"], pod_labels)


def test_pods_run_as_non_root_on_a_read_only_root_filesystem(objs: list[Obj]) -> None:
    for component in COMPONENTS:
        pod = pod_spec(objs, component)
        assert pod["securityContext"]["runAsNonRoot"] is True
        assert pod["securityContext"]["runAsUser"] >= 1000
        assert pod["securityContext"]["seccompProfile"] == {"type": "RuntimeDefault"}
        for container in pod["containers"]:
            ctx = container["securityContext"]
            assert ctx["runAsNonRoot"] is True
            assert ctx["readOnlyRootFilesystem"] is True
            assert ctx["allowPrivilegeEscalation"] is False
            assert ctx["capabilities"] == {"drop": ["ALL"]}
            assert {"name": "tmp", "mountPath": "/tmp"} in container["volumeMounts"]
        assert {"name": "tmp", "emptyDir": {"sizeLimit": "64Mi"}} in pod["volumes"]


def test_no_pod_gets_a_service_account_token(objs: list[Obj]) -> None:
    for component in COMPONENTS:
        pod = pod_spec(objs, component)
        assert pod["automountServiceAccountToken"] is False
        account = named(objs, "ServiceAccount", pod["serviceAccountName"])
        assert account["automountServiceAccountToken"] is False


def test_every_container_probes_healthz_for_liveness_and_readyz_for_readiness(
    objs: list[Obj],
) -> None:
    for component in COMPONENTS:
        (container,) = pod_spec(objs, component)["containers"]
        port_names = {p["name"] for p in container["ports"]}
        for probe, path in (("livenessProbe", "/healthz"), ("readinessProbe", "/readyz")):
            assert container[probe]["httpGet"]["path"] == path
            assert container[probe]["httpGet"]["port"] in port_names


def test_container_ports_are_the_ports_the_settings_give_each_process(objs: list[Obj]) -> None:
    settings = Settings.from_env(config(objs))
    expected = {
        "api": settings.api_port,
        "worker": settings.worker_port,
        "sms-ingest": settings.sms_port,
    }
    for component, port in expected.items():
        (container,) = pod_spec(objs, component)["containers"]
        assert [p["containerPort"] for p in container["ports"]] == [port]


def test_grace_period_covers_the_prestop_sleep_and_the_app_drain(objs: list[Obj]) -> None:
    drain = Settings.from_env(config(objs)).shutdown_grace_s
    assert drain == int(config(objs)["CLAIMSVC_SHUTDOWN_GRACE_SECONDS"])
    for component in COMPONENTS:
        pod = pod_spec(objs, component)
        (container,) = pod["containers"]
        pre_stop = container.get("lifecycle", {}).get("preStop", {}).get("sleep", {})
        # The kubelet counts the preStop hook inside the grace period; keep a margin for closing.
        assert pod["terminationGracePeriodSeconds"] >= pre_stop.get("seconds", 0) + drain + 3


def test_serving_pods_sleep_before_sigterm_so_endpoints_are_removed_first(
    objs: list[Obj],
) -> None:
    for component in SERVING:
        (container,) = pod_spec(objs, component)["containers"]
        assert container["lifecycle"]["preStop"]["sleep"]["seconds"] >= 3


def test_every_container_sets_requests_and_limits(objs: list[Obj]) -> None:
    for container in containers(objs):
        for bound in ("requests", "limits"):
            assert set(container["resources"][bound]) == {"cpu", "memory"}


def test_configuration_names_only_real_settings(objs: list[Obj]) -> None:
    known = set(re.findall(r"CLAIMSVC_[A-Z_]+", (REPO / "claimsvc/settings.py").read_text()))
    used = set(config(objs))
    for container in containers(objs):
        used |= {e["name"] for e in container.get("env", [])}
    assert used <= known


def test_secrets_come_only_from_the_external_secrets(objs: list[Obj]) -> None:
    assert of_kind(objs, "Secret") == []
    externals = {e["spec"]["target"]["name"]: e for e in of_kind(objs, "ExternalSecret")}
    assert set(externals) == {SECRET_NAME, ALERT_SECRET_NAME}
    provided = {(name, d["secretKey"]) for name, e in externals.items() for d in e["spec"]["data"]}
    for container in containers(objs):
        for env in container.get("env", []):
            ref = env["valueFrom"]["secretKeyRef"]
            assert (ref["name"], ref["key"]) in provided
    for external in externals.values():
        assert external["spec"]["secretStoreRef"]["kind"] in ("SecretStore", "ClusterSecretStore")
        assert external["spec"]["secretStoreRef"]["name"]
        assert all(
            d["remoteRef"]["key"] and d["remoteRef"]["property"] for d in external["spec"]["data"]
        )


def test_alert_secrets_are_optional_and_held_only_by_the_api_and_the_worker(
    objs: list[Obj],
) -> None:
    """A platform that sends no alerts provides neither key: the pods must start all the same."""
    for component in COMPONENTS:
        (container,) = pod_spec(objs, component)["containers"]
        refs = {
            e["name"]: e["valueFrom"]["secretKeyRef"]
            for e in container["env"]
            if e["valueFrom"]["secretKeyRef"]["name"] == ALERT_SECRET_NAME
        }
        expected = set() if component == "sms-ingest" else set(ALERT_SECRETS)
        assert set(refs) == expected
        assert all(ref.get("optional") is True for ref in refs.values())
    # Off until the operator fills them in: empty values are no setting at all.
    assert {name: config(objs)[name] for name in ("CLAIMSVC_SMTP_HOST", "CLAIMSVC_SMTP_FROM")} == {
        "CLAIMSVC_SMTP_HOST": "",
        "CLAIMSVC_SMTP_FROM": "",
    }


def test_alert_email_reaches_the_smtp_relay_by_selector_from_the_api_and_worker_only(
    objs: list[Obj],
) -> None:
    def smtp_ports(component: str) -> set[int]:
        return {
            port["port"]
            for rule in _rules(objs, component, "egress")
            for peer in rule["to"]
            if peer.get("podSelector", {}).get("matchLabels", {}).get("app.kubernetes.io/name")
            == "smtp-relay"
            for port in rule["ports"]
        }

    assert {c: smtp_ports(c) for c in COMPONENTS} == {
        "api": {587, 465},
        "worker": {587, 465},
        "sms-ingest": set(),
    }


def test_only_the_api_holds_the_admin_token(objs: list[Obj]) -> None:
    for component in COMPONENTS:
        (container,) = pod_spec(objs, component)["containers"]
        names = {e["name"] for e in container["env"]}
        assert ("CLAIMSVC_ADMIN_TOKEN" in names) == (component == "api")
        assert {"CLAIMSVC_MONGO_URL", "CLAIMSVC_REDIS_URL"} <= names


def test_ingresses_route_only_public_paths(objs: list[Obj]) -> None:
    paths = {}
    for ingress in of_kind(objs, "Ingress"):
        assert ingress["spec"]["tls"]
        for rule in ingress["spec"]["rules"]:
            for p in rule["http"]["paths"]:
                paths[p["path"]] = p["backend"]["service"]["name"]
    assert paths["/api/"] == "claimsvc-api"
    assert paths["/checkout/"] == "claimsvc-api"
    assert paths["/pay/"] == paths["/portal"] == "claimsvc-api"
    assert paths["/sms/v1/"] == "claimsvc-sms-ingest"
    for path in paths:
        assert path != "/"
        assert not path.startswith(("/admin", "/metrics", "/healthz", "/readyz")), path


def test_service_monitors_scrape_a_named_port_of_each_service(objs: list[Obj]) -> None:
    for component in COMPONENTS:
        monitor = named(objs, "ServiceMonitor", f"claimsvc-{component}")
        service = named(objs, "Service", f"claimsvc-{component}")
        assert monitor["apiVersion"] == "monitoring.coreos.com/v1"
        assert selects(monitor["spec"]["selector"]["matchLabels"], service["metadata"]["labels"])
        ports = {p["name"] for p in service["spec"]["ports"]}
        for endpoint in monitor["spec"]["endpoints"]:
            assert endpoint["port"] in ports
            assert endpoint["path"] == "/metrics"


def test_prometheus_rule_alerts_carry_severity_summary_and_runbook(objs: list[Obj]) -> None:
    (rule,) = of_kind(objs, "PrometheusRule")
    assert rule["apiVersion"] == "monitoring.coreos.com/v1"
    runbook = (REPO / "docs" / "operations.md").read_text()
    names = set()
    for group in rule["spec"]["groups"]:
        assert group["name"] and group["rules"]
        for r in group["rules"]:
            assert isinstance(r["expr"], str) and r["expr"].strip()
            names.add(r["alert"])
            assert r["labels"]["severity"] in ("page", "ticket")
            assert r["annotations"]["summary"]
            anchor = r["annotations"]["runbook"].partition("#")[2]
            assert anchor == r["alert"].lower()
            assert f"### {r['alert']}" in runbook, f"docs/operations.md lacks {r['alert']}"
    assert len(names) == sum(len(g["rules"]) for g in rule["spec"]["groups"])


def test_network_policies_deny_by_default(objs: list[Obj]) -> None:
    policies = of_kind(objs, "NetworkPolicy")
    assert any(
        p["spec"]["podSelector"] == {}
        and set(p["spec"]["policyTypes"]) == {"Ingress", "Egress"}
        and "ingress" not in p["spec"]
        and "egress" not in p["spec"]
        for p in policies
    )


def _rules(objs: list[Obj], component: str, direction: str) -> list[dict[str, Any]]:
    """Every ingress or egress rule that applies to a component's pods."""
    labels = deployment(objs, component)["spec"]["template"]["metadata"]["labels"]
    return [
        rule
        for p in of_kind(objs, "NetworkPolicy")
        if pod_selected(p["spec"]["podSelector"], labels)
        for rule in p["spec"].get(direction, [])
    ]


def test_only_the_ingress_controller_and_prometheus_reach_the_pods(objs: list[Obj]) -> None:
    allowed = {"ingress-nginx", "monitoring"}
    for component in COMPONENTS:
        for rule in _rules(objs, component, "ingress"):
            for peer in rule["from"]:
                assert peer["namespaceSelector"]["matchLabels"]["kubernetes.io/metadata.name"] in (
                    allowed
                )
    reached_from_ingress = {
        component
        for component in COMPONENTS
        for rule in _rules(objs, component, "ingress")
        for peer in rule["from"]
        if peer["namespaceSelector"]["matchLabels"]["kubernetes.io/metadata.name"]
        == "ingress-nginx"
    }
    assert reached_from_ingress == set(SERVING)


def _ip_egress(objs: list[Obj], component: str) -> list[tuple[dict[str, Any], list[int]]]:
    return [
        (peer["ipBlock"], [p["port"] for p in rule["ports"]])
        for rule in _rules(objs, component, "egress")
        for peer in rule["to"]
        if "ipBlock" in peer
    ]


def _reachable(blocks: list[tuple[dict[str, Any], list[int]]], address: str) -> bool:
    ip = ipaddress.ip_address(address)
    for block, _ in blocks:
        cidr = ipaddress.ip_network(block["cidr"])
        if ip.version == cidr.version and ip in cidr:
            excepted = [ipaddress.ip_network(e) for e in block.get("except", [])]
            if not any(ip in e for e in excepted):
                return True
    return False


@pytest.mark.parametrize(
    "address",
    [
        "169.254.169.254",
        "10.1.2.3",
        "172.16.0.1",
        "192.168.1.1",
        "127.0.0.1",
        "100.64.0.1",
        "fd00:ec2::254",
        "fe80::1",
        "::1",
    ],
)
def test_worker_cannot_reach_private_or_metadata_addresses(
    production: list[Obj], address: str
) -> None:
    assert not _reachable(_ip_egress(production, "worker"), address)


def test_worker_reaches_public_https_and_nothing_else_by_address(production: list[Obj]) -> None:
    blocks = _ip_egress(production, "worker")
    assert _reachable(blocks, "203.0.113.10") and _reachable(blocks, "2001:db8::1")
    assert {port for _, ports in blocks for port in ports} == {443}
    for component in SERVING:
        assert _ip_egress(production, component) == []


def test_every_pod_may_resolve_names_and_reach_both_stores(objs: list[Obj]) -> None:
    # Redis: the Sentinels (26379) that name the primary, and the primary itself (6379).
    for component in COMPONENTS:
        ports = {p["port"] for rule in _rules(objs, component, "egress") for p in rule["ports"]}
        assert {53, 27017, 6379, 26379} <= ports


def test_redis_is_reached_through_its_sentinels_with_no_proxy(objs: list[Obj]) -> None:
    assert "haproxy" not in json.dumps(objs).lower()
    readme = (Path(__file__).parents[2] / "deploy/k8s/README.md").read_text()
    (url,) = re.findall(r"\| `CLAIMSVC_REDIS_URL` \| `([^`]+)` \|", readme)
    target = parse_redis_url(url)
    assert (target.kind, target.service, len(target.hosts)) == ("sentinel", "mymaster", 3)


def test_production_runs_a_pinned_image_in_a_restricted_namespace(
    production: list[Obj],
) -> None:
    (namespace,) = of_kind(production, "Namespace")
    assert namespace["metadata"]["labels"]["pod-security.kubernetes.io/enforce"] == "restricted"
    for obj in production:
        if obj["kind"] != "Namespace":
            assert obj["metadata"]["namespace"] == namespace["metadata"]["name"]
    for container in containers(production):
        image = container["image"]
        assert "/" in image and not image.endswith(":latest") and ":" in image.rsplit("/", 1)[1]


def test_production_raises_the_base_replicas_and_resources(production: list[Obj]) -> None:
    base = render(KUSTOMIZATIONS["base"])
    for component in COMPONENTS:
        hpa_name = f"claimsvc-{component}"
        prod_hpa = named(production, "HorizontalPodAutoscaler", hpa_name)["spec"]
        base_hpa = named(base, "HorizontalPodAutoscaler", hpa_name)["spec"]
        assert prod_hpa["maxReplicas"] >= base_hpa["maxReplicas"]
        assert prod_hpa["minReplicas"] >= base_hpa["minReplicas"]
        (prod,) = pod_spec(production, component)["containers"]
        (base_c,) = pod_spec(base, component)["containers"]
        assert prod["resources"] != base_c["resources"]
