"""Codify: write accepted live values back into the declaring source (docs/pr.md).

One module per source format behind `base.Codifier`; `plan.make_plan` dispatches each
drift whose action is `pr` to the codifier of the file that declares it.
"""
