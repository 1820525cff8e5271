"""aws_ecs_cluster: an ECS cluster's settings (Container Insights) and tags.

Live: ListClusters pages (100 ARNs a page), then one DescribeClusters per page (it takes
100 clusters) with include=[TAGS, SETTINGS, CONFIGURATIONS]. Terraform's id is the
cluster's ARN; a declaration is matched by its name. A cluster being deleted (status
INACTIVE) is not read.

`setting` is a set of {name, value}; containerInsights "disabled" is AWS's default and
means the same as no setting, on either side (Terraform's `setting` is not computed: an
undeclared setting turned on live is drift, as terraform reports it). The "default"
cluster ECS creates on first use is AWS's own while it is empty (no tags, services, tasks
or container instances). `configuration`, `service_connect_defaults` and capacity
providers are not compared. A cluster cannot be renamed: a revert says "replace needed".
Settings are put back by UpdateCluster, as the provider does (moto 5.2 has no
UpdateClusterSettings).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, keep, new_id, pending, xp_no_id
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ResourceType,
    ScanSpec,
)
from driftctl.core.model import Resource, is_known
from driftctl.resources.ecs.common import CLUSTERS, SERVICE, TAGS, ecs_tags, live_tags

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_ecs_cluster"
COMPARED = frozenset({"name", "setting", "tags"})
INCLUDE = ["TAGS", "SETTINGS", "CONFIGURATIONS"]
# the value every setting has when nobody set it
SETTING_DEFAULTS = {"containerInsights": "disabled"}


def _describe(item: Item) -> dict[str, Any]:
    return {"clusters": item["clusterArns"], "include": INCLUDE}


def build(item: Item, details: Details, region: str) -> list[Resource]:
    found = (details.get("clusters") or {}).get("clusters") or ()
    return [r for r in (_cluster(c, region) for c in found) if r is not None]


def _cluster(found: dict[str, Any], region: str) -> Resource | None:
    if found.get("status") not in (None, "ACTIVE", "PROVISIONING"):
        return None  # being deleted
    tags, identity = live_tags(found.get("tags"))
    settings = [
        {"name": s.get("name"), "value": s.get("value")} for s in found.get("settings") or ()
    ]
    busy = sum(
        int(found.get(k) or 0)
        for k in (
            "activeServicesCount",
            "runningTasksCount",
            "pendingTasksCount",
            "registeredContainerInstancesCount",
        )
    )
    attrs = {
        "name": found.get("clusterName"),
        "setting": settings,
        "tags": tags,
        **identity,
        "arn": found.get("clusterArn"),
        "in_use": busy > 0,
    }
    return Resource(TYPE, found["clusterArn"], None, attrs, region=region)


SCAN = ScanSpec(
    name="ecs_clusters",
    service=SERVICE,
    listing=CLUSTERS,
    details=(DetailCall("clusters", "describe_clusters", _describe),),
    build=build,
)


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    item = {"clusterArns": [unit.id]}
    return build(item, reader.details(SCAN, unit, item, gone=frozenset()), unit.region)


def _settings(value: Any) -> Any:
    """A setting set without the entries equal to AWS's defaults, sorted by name."""
    if not isinstance(value, list):
        return value
    out = []
    for entry in value:
        if not isinstance(entry, dict):
            out.append(entry)
            continue
        name, val = entry.get("name"), entry.get("value")
        if is_known(name) and is_known(val) and SETTING_DEFAULTS.get(str(name)) == val:
            continue
        out.append({"name": name, "value": val})
    return out


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    out = dict(attrs)
    if "setting" in out:
        out["setting"] = _settings(out["setting"])
    return out


def _aws_default(r: Resource) -> bool:
    """The "default" cluster ECS creates on first use, while nobody uses or tags it."""
    a = r.attrs
    return a.get("name") == "default" and not a.get("tags") and not a.get("in_use")


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn_settings(value: Any) -> list[dict[str, Any]] | None:
    if not isinstance(value, list):
        return None
    return [{"name": s.get("Name"), "value": s.get("Value")} for s in value if isinstance(s, dict)]


def _cfn(d: Declaring) -> None:
    """AWS::ECS::Cluster: its name, ClusterSettings and Tags."""
    p = d.props
    attrs = {
        "name": p.get("ClusterName"),
        "setting": _cfn_settings(p.get("ClusterSettings")),
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    settings = [{"Name": s["name"], "Value": s["value"]} for s in a.get("setting") or ()]
    return {"ClusterName": a.get("name"), "ClusterSettings": settings or None, "Tags": cfn_tags(a)}


# The external name is the cluster's name (upjet builds the ARN id from it).
_xp_external_name = xp_no_id("name")


def _ack(c: AckContext) -> list[RawResource]:
    s = c.spec
    settings = s.get("settings")
    attrs = {
        "name": s.get("name") or c.name(),
        "setting": [
            {"name": x.get("name"), "value": x.get("value")}
            for x in settings
            if isinstance(x, dict)
        ]
        if isinstance(settings, list)
        else None,
        "tags": c.tags(s.get("tags")),
    }
    return [c.raw(TYPE, attrs)]


# --- revert ---------------------------------------------------------------------------------


def _put_settings(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """UpdateCluster (as Terraform does) with every declared setting, and AWS's default
    for each live one the declaration leaves out."""
    want = {s["name"]: s["value"] for s in after.get("setting") or ()}
    for s in before.get("setting") or ():
        want.setdefault(s["name"], SETTING_DEFAULTS.get(s["name"], "disabled"))
    settings = [{"name": k, "value": v} for k, v in sorted(want.items())]
    if not settings:
        return []
    return [ctx.call(SERVICE, "update_cluster", cluster=ctx.id, settings=settings)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"clusterName": desired["name"]}
    settings = desired.get("setting") or []
    if settings:
        params["settings"] = [{"name": s["name"], "value": s["value"]} for s in settings]
    if desired.get("tags"):
        params["tags"] = ecs_tags(desired["tags"])
    output = {pending(ctx).name: "cluster.clusterArn"}
    return [ctx.producing(output, SERVICE, "create_cluster", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    """AWS refuses while the cluster has services or container instances."""
    return [ctx.call(SERVICE, "delete_cluster", cluster=ctx.id)]


EVENTS = Events(
    source="ecs.amazonaws.com",
    service="ecs",
    create=("CreateCluster",),
    change=(
        "UpdateCluster",
        "UpdateClusterSettings",
        "TagResource",
        "UntagResource",
    ),
    delete=("DeleteCluster",),
    ids=(
        "responseElements.cluster.clusterArn",
        "requestParameters.cluster",
        "requestParameters.resourceArn",
    ),
    touches={
        "UpdateClusterSettings": frozenset({"setting"}),
        "TagResource": frozenset({"tags"}),
        "UntagResource": frozenset({"tags"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            sets=frozenset({"setting"}),
            natural_keys=(CFN_KEY, ("name",)),
            declared_defaults={"setting": [], "tags": {}},
            normalize=_normalize,
            is_aws_default=_aws_default,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            tags=True,
            computed=frozenset({"arn"}),
            id_doc="cluster ARN",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("setting",), _put_settings), Updater(("tags",), TAGS)),
            fixed={"name": REPLACE},
            create=Create(_create, dict, new_id, ("name",)),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(
        CfnType(
            "AWS::ECS::Cluster",
            _cfn,
            emits=(TYPE,),
            ref=("name",),
            getatt={"Arn": ("arn",)},
            name_attr="name",
            properties={TYPE: {"tags": ("tags", ("Tags",))}},
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ecs",
            "Cluster",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={"tags": ("map", ("tags",))},
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "ecs",
            "Cluster",
            TYPE,
            _ack,
            emits=(TYPE,),
            fields={TYPE: {"tags": ("tag_list", ("tags",))}},
        ),
    ),
)
