# A Command document of the account's own (AWS's documents are never unmanaged)
resource "aws_ssm_document" "check" {
  name          = "srvless-check-disk"
  document_type = "Command"
  content = jsonencode({
    schemaVersion = "2.2"
    description   = "Check the disk"
    mainSteps = [{
      action = "aws:runShellScript"
      name   = "check"
      inputs = { runCommand = ["df -h"] }
    }]
  })
  tags = {
    Team = "ops"
  }
}

# A domain SES sends from
resource "aws_ses_domain_identity" "mail" {
  domain = "srvless.example.com"
}
