"""`driftctl pr`: codified drifts on a branch of a temporary worktree, pushed, and a pull
request opened, updated or closed through GitHub's REST API (docs/pr.md)."""
