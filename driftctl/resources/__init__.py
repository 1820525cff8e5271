"""Resource types: one module per type (or per family AWS reads together), as data.

`driftctl/resources/<service>/<type>.py` holds a type's whole story (family.py says
what that is); registry.py lists them; spec.py and family.py are the shapes. Nothing
outside this package names a type (tests/resources/test_no_type_names.py).
"""
