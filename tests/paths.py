"""Where the tests' shared data lives, so a test module can move without its paths breaking."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
DATA = TESTS / "data"
CORPUS = TESTS / "corpus"
STACK = TESTS / "fixtures" / "stack"
