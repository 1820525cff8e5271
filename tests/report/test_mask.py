"""Secrets are masked by the name of the attribute, map key or path that holds them."""

from __future__ import annotations

import pytest

from driftctl.core.mask import MASK, mask_at, mask_value


@pytest.mark.parametrize(
    "path",
    [
        "password",
        "master_password",
        "secret_string",
        "environment.variables.API_TOKEN",
        "private_key",
        "credentials[0].value",
        "connection_string",
    ],
)
def test_secret_paths_are_masked(path: str) -> None:
    assert mask_at(path, "s3cr3t") == MASK


def test_other_values_are_not_and_absence_stays_visible() -> None:
    assert mask_at("tags.Owner", "alice") == "alice"
    # a password policy's rules are settings, shown as they are
    assert mask_at("minimum_password_length", 14) == 14
    assert mask_at("allow_users_to_change_password", True) is True
    assert mask_at("password_length", 12) == 12
    assert mask_at("password", None) is None


def test_secret_keys_inside_values_are_masked() -> None:
    value = {"name": "db", "auth": [{"token": "t", "kind": "k"}], "db_password": None}
    assert mask_value(value) == {
        "name": "db",
        "auth": [{"token": MASK, "kind": "k"}],
        "db_password": None,
    }
