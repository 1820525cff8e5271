"""Amazon Athena: workgroups."""
