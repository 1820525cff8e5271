# A key pair and a data volume
resource "aws_key_pair" "deploy" {
  key_name   = "net-deploy"
  public_key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH0kuTtB5S2bO2Y0gP3u7u5Yyq8Jv9T3c3QZx7m1cJ8F deploy@laptop"
  tags = {
    Team = "ops"
  }
}

resource "aws_ebs_volume" "data" {
  availability_zone = "us-east-1a"
  size              = 20
  type              = "gp3"
  tags = {
    Name = "net-data"
  }
}

# An instance in the public subnet
resource "aws_instance" "web" {
  ami           = "ami-12c6146b"
  instance_type = "t3.micro"
  subnet_id     = aws_subnet.public.id
  key_name      = aws_key_pair.deploy.key_name
  tags = {
    Name = "net-web"
  }
}
