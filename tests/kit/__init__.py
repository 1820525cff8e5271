"""The test kit: what tests share, defined once (docs/testing.md).

- tests/kit/aws.py: the `aws` fixture (in-process moto, fake credentials, us-east-1),
  registered for every test by tests/conftest.py;
- tests/kit/cli.py: the installed CLI in a subprocess (`driftctl(...)`, `Run`);
- tests/kit/revert.py: the settings of a revert test and the revert plan of a source.

A test module imports helpers from here, never from a conftest
(tests/test_kit.py keeps it so).
"""
