# AWS Backup: a vault
resource "aws_backup_vault" "store" {
  name = "store-vault"
  tags = {
    team = "data"
  }
}

# a plan: one daily rule into that vault, kept 14 days
resource "aws_backup_plan" "store" {
  name = "store-daily"
  rule {
    rule_name         = "daily"
    target_vault_name = aws_backup_vault.store.name
    schedule          = "cron(0 5 * * ? *)"
    lifecycle {
      delete_after = 14
    }
  }
  tags = {
    team = "data"
  }
}
