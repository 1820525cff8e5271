# An instance whose root volume outlives it (kept on termination)
resource "aws_instance" "keep" {
  ami           = "ami-12c6146b"
  instance_type = "t3.micro"
  root_block_device {
    delete_on_termination = false
    volume_size           = 12
  }
  tags = {
    Name = "pat-keep"
  }
}
