"""The HCL language with cty's values: syntax (lexer.py, syntax.py, nodes.py), the expression
evaluator (eval.py, ops.py, template.py, traverse.py), values and types (values.py,
types.py, convert.py, number.py, typeexpr.py) and Terraform's built-in functions
(functions/).

It knows nothing of Terraform's modules: what a name refers to (var., local., a resource,
a module's outputs) the evaluator asks its `Scope`, a Protocol the Terraform layer
(driftctl/declared/hcl/module.py, vars.py) implements; a traversal into a declared resource
goes back to that layer through the scope (`Traverser.traverse`). Nothing here imports
the Terraform layer (tests/test_layers.py).
"""
