# EFS: an encrypted file system with a lifecycle policy
resource "aws_efs_file_system" "data" {
  creation_token = "dns-data"
  encrypted      = true
  lifecycle_policy {
    transition_to_ia = "AFTER_30_DAYS"
  }
  tags = {
    Name = "dns-data"
    Team = "dns"
  }
}
