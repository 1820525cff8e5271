"""driftctl: keep live AWS infrastructure equal to what a git repository declares."""

__version__ = "0.1.0"
