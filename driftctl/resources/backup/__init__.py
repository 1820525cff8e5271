"""AWS Backup: vaults, plans and their resource selections."""
