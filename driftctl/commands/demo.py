"""driftctl demo: the whole story on a bundled sample repo against an embedded AWS emulator."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from driftctl import settings
from driftctl.commands.scan import write_outputs
from driftctl.demo import emulator
from driftctl.demo import stack as demo_stack
from driftctl.engine import pipeline
from driftctl.errors import ExitStatus
from driftctl.rules import policy as rules

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "demo"


def demo() -> None:
    """Apply a sample stack to an embedded AWS emulator, drift it by hand, and scan it."""
    out = Console(highlight=False, soft_wrap=True)
    with emulator.fake_credentials(), emulator.moto_server() as endpoint:
        out.print(f"[bold]1.[/] Started an AWS emulator (moto) at {endpoint}.")
        ids = demo_stack.apply(endpoint)
        out.print(f"[bold]2.[/] Applied the sample stack in {FIXTURE}:")
        out.print("   a VPC, two subnets, two security groups, three S3 buckets, an IAM role.")
        demo_stack.drift(endpoint, ids)
        out.print("[bold]3.[/] Then, as someone might during an incident, out of band:")
        for step in demo_stack.DRIFT_STEPS:
            out.print(f"   - {step}")
        out.print(f"[bold]4.[/] driftctl scan --from hcl://{FIXTURE} --endpoint-url {endpoint}")
        conf = settings.build(
            settings.Options(
                sources=[f"hcl://{FIXTURE}"],
                outputs=["console://"],
                regions=["us-east-1"],
                endpoint_url=endpoint,
            )
        )
        report = pipeline.scan_report(*pipeline.declared_and_live(conf))
        report = rules.apply(rules.policy_for(conf), report)  # the shipped default rules
        write_outputs(report, conf)
    out.print(
        "\nEach change above shows up once: as [yellow]changed[/] (the code says otherwise), "
        "[red]missing[/] (declared, gone) or [magenta]unmanaged[/] (live, in no code); "
        "the emulator's own defaults (default VPC, subnets, groups) are not reported."
    )
    raise typer.Exit(int(ExitStatus.OK))
