"""aws_iam_account_password_policy: the account's password policy for IAM users: length,
the kinds of characters required, expiry, reuse, and whether users change their own.

Live: GetAccountPasswordPolicy, one call per account (IAM is global); an account with no
policy answers NoSuchEntity and has none (there is one policy per account at most, its
id `iam-account-password-policy` as Terraform's). AWS sets no policy of its own. An
unset expiry or reuse limit reads as 0, as Terraform holds it. UpdateAccountPasswordPolicy
puts it back whole (AWS resets every setting the call leaves out); a deleted policy is
set again; one nobody declares is unmanaged and deleted with DeleteAccountPasswordPolicy.
CloudFormation and ACK have no resource for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from driftctl.base.calls import Attrs, Call, Ctx, Unit
from driftctl.base.events import Events
from driftctl.base.family import CrossplaneKind, Family
from driftctl.base.helpers import as_int, keep
from driftctl.base.revert import Create, Delete, RevertSpec, Updater
from driftctl.base.spec import Details, Item, ListCall, ResourceType, ScanSpec
from driftctl.core.model import Resource

if TYPE_CHECKING:
    from driftctl.base.reader import Reader

TYPE = "aws_iam_account_password_policy"
ID = "iam-account-password-policy"
# canonical attribute -> GetAccountPasswordPolicy's field (UpdateAccountPasswordPolicy's
# parameter, but for AllowUsersToChangePassword)
FLAGS = {
    "allow_users_to_change_password": "AllowUsersToChangePassword",
    "hard_expiry": "HardExpiry",
    "require_lowercase_characters": "RequireLowercaseCharacters",
    "require_numbers": "RequireNumbers",
    "require_symbols": "RequireSymbols",
    "require_uppercase_characters": "RequireUppercaseCharacters",
}
NUMBERS = {
    "max_password_age": "MaxPasswordAge",
    "minimum_password_length": "MinimumPasswordLength",
    "password_reuse_prevention": "PasswordReusePrevention",
}
COMPARED = frozenset({*FLAGS, *NUMBERS})
NONE = frozenset({"NoSuchEntity"})


def build(item: Item, details: Details, region: str) -> list[Resource]:
    attrs: dict[str, Any] = {name: bool(item.get(key)) for name, key in FLAGS.items()}
    attrs.update({name: as_int(item.get(key), 0) for name, key in NUMBERS.items()})
    attrs["expire_passwords"] = bool(item.get("ExpirePasswords"))
    return [Resource(TYPE, ID, None, attrs)]


SCAN = ScanSpec(
    name="iam_account_password_policy",
    service="iam",
    global_service=True,
    listing=ListCall("get_account_password_policy", "PasswordPolicy", paginated=False, absent=NONE),
    build=build,
)


def _normalize(attrs: dict[str, Any]) -> dict[str, Any]:
    """Numbers as numbers (0: unset), flags as booleans."""
    out = dict(attrs)
    for name in NUMBERS:
        if name in out and out[name] is not None:
            out[name] = as_int(out[name], 0)
    return out


# --- revert ---------------------------------------------------------------------------------


def _put(ctx: Ctx, before: Attrs, after: Attrs) -> list[Call]:
    """The whole policy: every setting, the live one where nothing is declared (AWS
    resets what the call leaves out)."""
    want = {**(before or {}), **{k: v for k, v in after.items() if v is not None}}
    params: dict[str, Any] = {
        FLAGS[name]: bool(want.get(name))
        for name in FLAGS
        if name not in ("hard_expiry", "allow_users_to_change_password")
    }
    params["AllowUsersToChangePassword"] = bool(want.get("allow_users_to_change_password", True))
    if want.get("hard_expiry"):
        params["HardExpiry"] = True
    for name, key in NUMBERS.items():
        value = as_int(want.get(name), 0)
        if value:
            params[key] = value
    return [ctx.call("iam", "update_account_password_policy", **params)]


def _delete(ctx: Ctx, live: Attrs, children: list[Resource]) -> list[Call]:
    return [ctx.call("iam", "delete_account_password_policy")]


def _read(reader: Reader, unit: Unit) -> list[Resource]:
    """The account's policy (none: [])."""
    found = reader.call("iam", unit.region, "get_account_password_policy", {}, gone=NONE)
    policy = (found or {}).get("PasswordPolicy")
    return build(policy, {}, unit.region) if policy else []


EVENTS = Events(
    source="iam.amazonaws.com",
    service="iam",
    create=("UpdateAccountPasswordPolicy",),
    change=("UpdateAccountPasswordPolicy",),
    delete=("DeleteAccountPasswordPolicy",),
    indexed=False,
    only_id=ID,
)


def _xp_external_name(external: str | None, name: str, attrs: dict[str, Any]) -> str | None:
    """One per account: whatever the names, it is the account's policy."""
    return ID


FAMILY = Family(
    types=(
        ResourceType(
            name=TYPE,
            scan=SCAN.name,
            events=EVENTS,
            compared=COMPARED,
            declared_id=lambda a: ID,
            declared_defaults={
                "allow_users_to_change_password": True,
                "minimum_password_length": 6,
            },
            normalize=_normalize,
            from_terraform={TYPE: keep(TYPE, COMPARED)},
            computed=frozenset({"expire_passwords"}),
            id_doc=f"`{ID}` (one per account)",
            state_id=True,
        ),
    ),
    scans=(SCAN,),
    reverts=(
        RevertSpec(
            type=TYPE,
            updaters=(Updater(tuple(sorted(COMPARED)), _put),),
            create=Create(lambda ctx, d: _put(ctx, {}, d), dict, lambda ctx, d: ID),
            delete=Delete(_delete),
        ),
    ),
    readers={SCAN.name: _read},
    crossplane=(
        CrossplaneKind(
            "iam",
            "AccountPasswordPolicy",
            TYPE,
            regional=False,
            external_name=_xp_external_name,
            importable=True,
        ),
    ),
)
