"""HCL and Terraform state of the same configuration: state supplies ids, HCL the values.

This is how most Terraform users run driftctl (`--from hcl://dir --from
tfstate://dir/terraform.tfstate`): the configuration says what is wanted, the state says
which live resource each declaration is (`aws_security_group.web` is sg-0123), so a
resource whose name is generated or known only after apply still matches by its id.
"""

from __future__ import annotations

from driftctl.base.raw import RawDeclared


def merge_state(hcl: RawDeclared, state: RawDeclared) -> RawDeclared:
    """hcl, with each resource's import id taken from the state resource at its address.

    An id the configuration sets itself (an import block) wins. Resources only in state
    (removed from the configuration, not yet destroyed) are not declared; resources only
    in the configuration (not yet applied) keep matching by their natural keys."""
    ids = {r.address: r.import_id for r in state.resources if r.import_id}
    for r in hcl.resources:
        if r.import_id is None and r.address in ids:
            r.import_id = ids[r.address]
    hcl.warnings.extend(w for w in state.warnings if w not in hcl.warnings)
    hcl.inputs = sorted({*hcl.inputs, *state.inputs})
    return hcl
