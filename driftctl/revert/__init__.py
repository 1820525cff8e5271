"""driftctl revert: put live AWS back to the declared state (docs/revert.md).

The pieces, each a plain function over plain data:

- `calls`: the data a plan is made of (`Call`, `Pending`, `Unit`, `Ctx`);
- `spec`: how a canonical type is updated, re-created and deleted, as data plus small
  functions; each type's own RevertSpec lives in its module (driftctl/resources/), and
  `actions` reads them from the registry;
- `state`, `merge`, `planner`: from a scan to the ordered calls of a plan;
- `readers`: fresh, per-resource reads (for the journal and the verifying re-scan);
- `journal`, `executor`, `verify`, `undo`: applying a plan safely and undoably.
"""
