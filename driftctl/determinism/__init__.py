"""`driftctl determinism`: render in fresh processes, compare the renders, lint the sources."""
