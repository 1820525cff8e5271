# AWS Backup: a vault
resource "aws_backup_vault" "store" {
  name = "store-vault"
  tags = {
    team = "data"
  }
}
