"""driftctl revert: put live AWS back to the declared state (docs/revert.md).

The pieces, each a plain function over plain data:

- `calls`: the data a plan is made of (`Call`, `Pending`, `Unit`, `Ctx`);
- `spec` + `s3`/`ec2`/`iam` + `actions`: per canonical type, how to update, re-create
  and delete it, declared as data plus small functions, in one registry;
- `state`, `merge`, `planner`: from a scan to the ordered calls of a plan;
- `readers`: fresh, per-resource reads (for the journal and the verifying re-scan);
- `journal`, `executor`, `verify`, `undo`: applying a plan safely and undoably.
"""
