"""aws_ecr_repository: a container image repository: tag mutability, scan on push and
tags; and the scan that reads each repository with its lifecycle policy
(aws_ecr_lifecycle_policy, beside this module).

Live: DescribeRepositories pages (up to 1000 a page), plus per repository
ListTagsForResource and GetLifecyclePolicy ("not found" reads as no policy). AWS
creates no repositories of its own in an account. The encryption configuration is fixed
at creation and not compared; a repository cannot be renamed: a revert says "replace
needed". A deleting revert never forces: AWS refuses to delete a repository holding
images.
"""

from __future__ import annotations

from typing import Any

from driftctl.base.ack import AckContext
from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import AckKind, CfnType, CrossplaneKind, Family, cfn_tags
from driftctl.base.helpers import REPLACE, as_bool, reader, tag_items, tagger, xp_same_name
from driftctl.base.raw import RawResource
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import (
    CFN_KEY,
    DetailCall,
    Details,
    Item,
    ListCall,
    ResourceType,
    ScanSpec,
    cfn_identity,
    first_block,
)
from driftctl.core.model import Ref, Resource

TYPE = "aws_ecr_repository"
POLICY = "aws_ecr_lifecycle_policy"
COMPARED = frozenset({"name", "image_tag_mutability", "image_scanning_configuration", "tags"})
GONE = frozenset({"RepositoryNotFoundException"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    tags = (details.get("tags") or {}).get("tags")
    name = item["repositoryName"]
    scanning = item.get("imageScanningConfiguration") or {}
    attrs = {
        "name": name,
        "image_tag_mutability": item.get("imageTagMutability") or "MUTABLE",
        "image_scanning_configuration": {"scan_on_push": bool(scanning.get("scanOnPush"))},
        "tags": tag_items(tags),
        **cfn_identity(tags),
        "arn": item.get("repositoryArn"),
        "registry_id": item.get("registryId"),
        "repository_url": item.get("repositoryUri"),
    }
    out = [Resource(TYPE, name, None, attrs, region=region)]
    policy = (details.get("lifecycle") or {}).get("lifecyclePolicyText")
    if policy is not None:
        child = {"repository": name, "policy": policy, "registry_id": item.get("registryId")}
        out.append(Resource(POLICY, name, None, child, region=region))
    return out


SCAN = ScanSpec(
    name="ecr_repositories",
    service="ecr",
    listing=ListCall("describe_repositories", "repositories", page_size=1000),
    details=(
        DetailCall(
            "tags",
            "list_tags_for_resource",
            lambda item: {"resourceArn": item["repositoryArn"]},
            GONE,
        ),
        DetailCall(
            "lifecycle",
            "get_lifecycle_policy",
            lambda item: {"repositoryName": item["repositoryName"]},
            frozenset({"LifecyclePolicyNotFoundException", *GONE}),
        ),
    ),
    build=build,
)


def _declared(raw: RawResource) -> list[Resource]:
    attrs = {k: v for k, v in raw.attrs.items() if k in COMPARED}
    if "image_scanning_configuration" in attrs:
        block = first_block(attrs["image_scanning_configuration"])
        attrs["image_scanning_configuration"] = {"scan_on_push": block.get("scan_on_push", False)}
    return [
        Resource(TYPE, raw.import_id, raw.address, attrs, raw.source, provenance=raw.provenance)
    ]


# --- CloudFormation, Crossplane, ACK -------------------------------------------------------


def _cfn(d: Declaring) -> None:
    """AWS::ECR::Repository: the repository, and its `LifecyclePolicy` when set."""
    p = d.props
    scanning = p.get("ImageScanningConfiguration")
    attrs = {
        "name": p.get("RepositoryName"),
        "image_tag_mutability": p.get("ImageTagMutability"),
        "image_scanning_configuration": [{"scan_on_push": scanning.get("ScanOnPush", False)}]
        if isinstance(scanning, dict)
        else None,
        "tags": d.tags(),
    }
    d.emit(TYPE, attrs)
    lifecycle = p.get("LifecyclePolicy")
    if isinstance(lifecycle, dict) and lifecycle.get("LifecyclePolicyText") is not None:
        child = {
            "repository": Ref(d.logical, ("name",)),
            "policy": lifecycle["LifecyclePolicyText"],
        }
        d.emit(POLICY, child, owner=TYPE)


def _cfn_props(a: dict[str, Any]) -> dict[str, Any]:
    scanning = a.get("image_scanning_configuration") or {}
    return {
        "RepositoryName": a.get("name"),
        "ImageTagMutability": a.get("image_tag_mutability"),
        "ImageScanningConfiguration": {"ScanOnPush": bool(scanning.get("scan_on_push"))},
        "Tags": cfn_tags(a),
    }


# The external name is the repository's name, its id too.
_xp_external_name = xp_same_name("name")


def _ack(c: AckContext) -> list[RawResource]:
    """ACK's Repository: the repository, and its inline `lifecyclePolicy` text."""
    s = c.spec
    scanning = s.get("imageScanningConfiguration")
    name = c.name()
    attrs = {
        "name": name,
        "image_tag_mutability": s.get("imageTagMutability"),
        "image_scanning_configuration": [{"scan_on_push": scanning.get("scanOnPush", False)}]
        if isinstance(scanning, dict)
        else None,
        "tags": c.tags(s.get("tags")),
    }
    out = [c.raw(TYPE, attrs, c.adoption.get("name"))]
    if s.get("lifecyclePolicy") is not None:
        child = {"repository": name, "policy": s["lifecyclePolicy"]}
        out.append(c.raw(POLICY, child, owner=TYPE))
    return out


# --- revert ---------------------------------------------------------------------------------


def _mutability(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    value = after["image_tag_mutability"]
    params = {"repositoryName": ctx.id, "imageTagMutability": value}
    return [ctx.call("ecr", "put_image_tag_mutability", **params)]


def _scanning(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    on = as_bool((after.get("image_scanning_configuration") or {}).get("scan_on_push"))
    params = {"repositoryName": ctx.id, "imageScanningConfiguration": {"scanOnPush": on}}
    return [ctx.call("ecr", "put_image_scanning_configuration", **params)]


_TAGS = tagger(
    "ecr",
    ("tag_resource", "tags"),
    ("untag_resource", "tagKeys"),
    lambda ctx, attrs: {"resourceArn": attrs.get("arn") or str(ctx.id)},
)


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params: dict[str, Any] = {"repositoryName": desired["name"]}
    if desired.get("image_tag_mutability"):
        params["imageTagMutability"] = desired["image_tag_mutability"]
    scanning = desired.get("image_scanning_configuration") or {}
    params["imageScanningConfiguration"] = {"scanOnPush": as_bool(scanning.get("scan_on_push"))}
    tags = desired.get("tags") or {}
    if tags:
        params["tags"] = [{"Key": k, "Value": str(v)} for k, v in sorted(tags.items())]
    return [ctx.call("ecr", "create_repository", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["name"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    """Never forced: AWS refuses while the repository holds images."""
    return [ctx.call("ecr", "delete_repository", repositoryName=ctx.id)]


def _describe(answer: Any) -> Item | None:
    found = (answer or {}).get("repositories") or []
    return dict(found[0]) if found else None


EMITS = (TYPE, POLICY)

EVENTS = Events(
    source="ecr.amazonaws.com",
    service="ecr",
    create=("CreateRepository",),
    change=(
        "PutImageTagMutability",
        "PutImageScanningConfiguration",
        "TagResource",
        "UntagResource",
    ),
    delete=("DeleteRepository",),
    ids=("requestParameters.repositoryName",),
    touches={
        "PutImageTagMutability": frozenset({"image_tag_mutability"}),
        "PutImageScanningConfiguration": frozenset({"image_scanning_configuration"}),
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
            holds_data=True,
            compared=COMPARED,
            exact=frozenset({"tags"}),
            natural_keys=(CFN_KEY, ("name",)),
            declared_id=lambda a: a.get("name") if isinstance(a.get("name"), str) else None,
            declared_defaults={
                "image_tag_mutability": "MUTABLE",
                "image_scanning_configuration": {"scan_on_push": False},
                "tags": {},
            },
            from_terraform={TYPE: _declared},
            tags=True,
            shape={"image_scanning_configuration": "single"},
            computed=frozenset({"arn", "registry_id", "repository_url"}),
            id_doc="repository name",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(
                Updater(("image_tag_mutability",), _mutability),
                Updater(("image_scanning_configuration",), _scanning),
                Updater(("tags",), _TAGS),
            ),
            fixed={"name": REPLACE},
            create=Create(_create, dict, _new_id, ("name",)),
            delete=Delete(_delete),
        ),
    ),
    readers={
        SCAN.name: reader(
            SCAN,
            "ecr",
            "describe_repositories",
            lambda rid: {"repositoryNames": [rid]},
            _describe,
            GONE,
        )
    },
    cfn=(
        CfnType(
            "AWS::ECR::Repository",
            _cfn,
            emits=EMITS,
            ref=("name",),
            getatt={"Arn": ("arn",), "RepositoryUri": ("repository_url",)},
            name_attr="name",
            properties={
                TYPE: {
                    "tags": ("tags", ("Tags",)),
                    "image_tag_mutability": ("scalar", ("ImageTagMutability",)),
                }
            },
            imports={TYPE: _cfn_props},
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ecr",
            "Repository",
            TYPE,
            external_name=_xp_external_name,
            tagged=True,
            fields={
                "tags": ("map", ("tags",)),
                "image_tag_mutability": ("scalar", ("imageTagMutability",)),
            },
            importable=True,
        ),
    ),
    ack=(
        AckKind(
            "ecr",
            "Repository",
            TYPE,
            _ack,
            emits=EMITS,
            fields={
                TYPE: {
                    "tags": ("tag_list", ("tags",)),
                    "image_tag_mutability": ("scalar", ("imageTagMutability",)),
                }
            },
        ),
    ),
)
