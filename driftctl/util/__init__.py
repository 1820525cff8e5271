"""Small bounded helpers with no driftctl knowledge: safe JSON/YAML readers, globs, signals."""
