"""Rules: rule files, .driftignore, the shipped defaults, and the policy that applies them."""
