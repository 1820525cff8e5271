"""driftctl's version, in one place below everything that shows it (the CLI, the user agent,
SARIF, the parse cache's key): importing it from `driftctl` itself made every such module
part of a circle through the package's root (scripts/layers.py)."""

__version__ = "0.1.0"
