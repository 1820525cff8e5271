"""Loaders for the declared side. Each returns a `Declared` of canonical Resources."""
