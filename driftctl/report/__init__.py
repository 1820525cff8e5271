"""Renderers of a Report: every output format reads the same object."""
