"""aws_ecr_lifecycle_policy: a repository's lifecycle policy (which images expire),
compared as a JSON document.

Live: read with its repository (GetLifecyclePolicy per repository, in
aws_ecr_repository's scan); a repository without one has none ("not found"). Put back
with PutLifecyclePolicy; removed with DeleteLifecyclePolicy.
"""

from __future__ import annotations

from driftctl.base.calls import Attrs, Call, Ctx
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.helpers import documents, json_text, keep
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import ResourceType
from driftctl.core.model import Resource

TYPE = "aws_ecr_lifecycle_policy"
REPOSITORY = "aws_ecr_repository"
COMPARED = frozenset({"repository", "policy"})


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params = {"repositoryName": ctx.id, "lifecyclePolicyText": json_text(after["policy"])}
    return [ctx.call("ecr", "put_lifecycle_policy", **params)]


def _create(ctx: Ctx, desired: Attrs) -> list[Call]:
    params = {
        "repositoryName": desired["repository"],
        "lifecyclePolicyText": json_text(desired["policy"]),
    }
    return [ctx.call("ecr", "put_lifecycle_policy", **params)]


def _new_id(ctx: Ctx, desired: Attrs) -> str:
    return str(desired["repository"])


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("ecr", "delete_lifecycle_policy", repositoryName=ctx.id)]


def _repository(rid: str, attrs: Attrs) -> str:
    return str(attrs.get("repository") or rid)


EVENTS = Events(
    source="ecr.amazonaws.com",
    service="ecr",
    create=("PutLifecyclePolicy",),
    change=("PutLifecyclePolicy",),
    delete=("DeleteLifecyclePolicy",),
    ids=("requestParameters.repositoryName",),
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan="ecr_repositories",
            events=EVENTS,
            compared=COMPARED,
            exact=frozenset({"policy"}),
            natural_keys=(("repository",),),
            declared_id=lambda a: (
                a.get("repository") if isinstance(a.get("repository"), str) else None
            ),
            normalize=documents("policy"),
            parent=(REPOSITORY, "repository"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            documents=frozenset({"policy"}),
            computed=frozenset({"registry_id"}),
            id_doc="repository name",
            state_id=True,
        ),
    ),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("policy",), _put),),
            fixed={"repository": "a policy belongs to one repository (re-create it by hand)"},
            create=Create(_create, dict, _new_id, ("repository", "policy")),
            delete=Delete(_delete),
            unit_id=_repository,
        ),
    ),
    crossplane=(
        CrossplaneKind(
            "ecr",
            "LifecyclePolicy",
            TYPE,
            refs={"repository": ("Repository", ("name",))},
        ),
    ),
)
