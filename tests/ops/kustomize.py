"""Render deploy/k8s kustomizations: with a kustomize binary when one is installed, else in Python.

The offline renderer understands only what our kustomizations use (resources, namespace, images,
strategic-merge patches named by kind and name) and refuses anything else, so an overlay that
grows past it fails loudly instead of rendering wrong.
"""

from __future__ import annotations

import copy
import shutil
import subprocess
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parents[2]
K8S = REPO / "deploy" / "k8s"
KUSTOMIZATIONS = {"base": K8S / "base", "production": K8S / "overlays" / "production"}

SUPPORTED_FIELDS = {"apiVersion", "kind", "resources", "namespace", "images", "patches"}
CLUSTER_SCOPED = {"Namespace", "ClusterRole", "ClusterRoleBinding", "CustomResourceDefinition"}
POD_OWNERS = {"Deployment", "StatefulSet", "DaemonSet", "Job"}

Obj = dict[str, Any]


class UnsupportedKustomization(ValueError):
    """The kustomization uses a feature the offline renderer does not implement."""


def kustomize_command() -> list[str] | None:
    """`kustomize build` or `kubectl kustomize`, whichever is installed, else None."""
    if exe := shutil.which("kustomize"):
        return [exe, "build"]
    if exe := shutil.which("kubectl"):
        return [exe, "kustomize"]
    return None


def tool_version() -> str:
    """The kustomize version the binary reports, for test output."""
    cmd = kustomize_command()
    if cmd is None:
        return "none"
    args = [cmd[0], "version"] if cmd[1] == "build" else [cmd[0], "version", "--client"]
    out = subprocess.run(args, capture_output=True, text=True, check=False).stdout
    return " ".join(out.split())


def render_with_binary(path: Path) -> list[Obj]:
    cmd = kustomize_command()
    assert cmd is not None
    out = subprocess.run([*cmd, str(path)], capture_output=True, text=True, check=True).stdout
    return [doc for doc in yaml.safe_load_all(out) if doc]


def render_offline(path: Path) -> list[Obj]:
    """Our subset of kustomize, in Python."""
    spec = yaml.safe_load((path / "kustomization.yaml").read_text())
    unknown = set(spec) - SUPPORTED_FIELDS
    if unknown:
        raise UnsupportedKustomization(f"{path}: {sorted(unknown)}")
    objs: list[Obj] = []
    for entry in spec.get("resources", []):
        target = path / entry
        objs += render_offline(target) if target.is_dir() else load_documents(target)
    for patch in spec.get("patches", []):
        if set(patch) != {"path"}:
            raise UnsupportedKustomization(f"{path}: patch {patch} (only `path:` patches)")
        for doc in load_documents(path / patch["path"]):
            merge(find(objs, doc["kind"], doc["metadata"]["name"]), doc)
    for image in spec.get("images", []):
        set_image(objs, image)
    if namespace := spec.get("namespace"):
        for obj in objs:
            if obj["kind"] not in CLUSTER_SCOPED:
                obj["metadata"]["namespace"] = namespace
    return objs


def load_documents(path: Path) -> list[Obj]:
    # Deep copies: PyYAML shares one object between an anchor and its aliases, and patches must
    # not change a selector through a label map it shares.
    return [copy.deepcopy(doc) for doc in yaml.safe_load_all(path.read_text()) if doc]


def find(objs: list[Obj], kind: str, name: str) -> Obj:
    found = [o for o in objs if o["kind"] == kind and o["metadata"]["name"] == name]
    if len(found) != 1:
        raise UnsupportedKustomization(f"patch target {kind}/{name} matches {len(found)} objects")
    return found[0]


def merge(base: Obj, patch: Obj) -> None:
    """Strategic merge as far as we use it: maps merge, lists of named items merge by name."""
    for key, value in patch.items():
        current = base.get(key)
        if isinstance(value, dict) and isinstance(current, dict):
            merge(current, value)
        elif _named_list(value) and _named_list(current):
            by_name = {item["name"]: item for item in current}
            for item in value:
                if item["name"] in by_name:
                    merge(by_name[item["name"]], item)
                else:
                    current.append(copy.deepcopy(item))
        else:
            base[key] = copy.deepcopy(value)


def _named_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(i, dict) and "name" in i for i in value)


def set_image(objs: list[Obj], image: Obj) -> None:
    for container in containers(objs):
        name, _, tag = container["image"].partition(":")
        if name == image["name"]:
            container["image"] = f"{image.get('newName', name)}:{image.get('newTag', tag)}"


def containers(objs: list[Obj]) -> list[Obj]:
    """Every container (init containers too) of every pod template."""
    out: list[Obj] = []
    for obj in objs:
        if obj["kind"] in POD_OWNERS:
            pod = obj["spec"]["template"]["spec"]
            out += pod.get("initContainers", []) + pod["containers"]
    return out


def render(path: Path) -> list[Obj]:
    """The real kustomize when installed; the offline renderer otherwise."""
    return render_with_binary(path) if kustomize_command() else render_offline(path)
