"""aws_iam_access_key: a user's access key: only its user and its status are compared.

Live: the users of GetAccountAuthorizationDetails (the call the other IAM scans share),
then ListAccessKeys per user: IAM has no call listing every key. Only the key's metadata
is read (id, user, status); its secret is never read, stored, compared or printed, and
`pgp_key` is not compared. Its id is the access key id, which Terraform's configuration
knows only after apply: a declaration without one is matched on its user (a user with
two keys needs an import block or `tfstate://` to say which). A revert sets the status
back; it never creates a key (that would make a secret) and never deletes one (that
cannot be undone).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.cfn import Declaring
from driftctl.base.events import Events
from driftctl.base.family import CfnType, CrossplaneKind, Family
from driftctl.base.helpers import keep, xp_prefixed
from driftctl.base.revert import RevertSpec, Updater
from driftctl.base.spec import DetailCall, Details, Item, ResourceType, ScanSpec
from driftctl.core.model import Resource
from driftctl.resources.iam.common import auth_details, owner_of

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_iam_access_key"
COMPARED = frozenset({"user", "status"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    keys = (details.get("keys") or {}).get("AccessKeyMetadata") or ()
    return [
        Resource(
            TYPE,
            key["AccessKeyId"],
            None,
            {"user": item["UserName"], "status": key.get("Status", "Active")},
        )
        for key in keys
    ]


SCAN = ScanSpec(
    name="iam_access_keys",
    service="iam",
    global_service=True,
    listing=auth_details("UserDetailList"),
    details=(
        DetailCall(
            "keys",
            "list_access_keys",
            lambda item: {"UserName": item["UserName"]},
            absent=frozenset({"NoSuchEntity"}),
        ),
    ),
    build=build,
)


def _cfn(d: Declaring) -> None:
    p = d.props
    d.emit(TYPE, {"user": p.get("UserName"), "status": p.get("Status")})


# The external name is the access key id, known once AWS made the key.
_xp_external_name = xp_prefixed("AKIA", "ASIA")


def _status(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    params = {"UserName": after["user"], "AccessKeyId": ctx.id, "Status": after["status"]}
    return [ctx.call("iam", "update_access_key", **params)]


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """The access keys of one user (metadata only)."""
    params = {"UserName": unit.id}
    keys = reader.call("iam", unit.region, "list_access_keys", params, gone=reader.NO_ENTITY)
    return build({"UserName": unit.id}, {"keys": keys}, unit.region)


EVENTS = Events(
    source="iam.amazonaws.com",
    service="iam",
    create=("CreateAccessKey",),
    change=("UpdateAccessKey",),
    delete=("DeleteAccessKey",),
    ids=(
        "responseElements.accessKey.accessKeyId",
        "requestParameters.accessKeyId",
    ),
    touches={
        "UpdateAccessKey": frozenset({"status"}),
    },
)

FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            natural_keys=(("user",),),
            declared_defaults={"status": "Active"},
            parent=("aws_iam_user", "user"),
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            id_doc="access key id (`AKIA…`)",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(("status",), _status),),
            fixed={"user": "a key belongs to its user (make a new key by hand)"},
            unit_id=owner_of("user"),
        ),
    ),
    readers={SCAN.name: _read},
    cfn=(CfnType("AWS::IAM::AccessKey", _cfn, emits=(TYPE,), ref=("id",)),),
    crossplane=(
        CrossplaneKind(
            "iam",
            "AccessKey",
            TYPE,
            regional=False,
            external_name=_xp_external_name,
            refs={"user": ("User", ("id",))},
            fields={"status": ("scalar", ("status",))},
        ),
    ),
)
