# Values layered by terraform.tfvars and *.auto.tfvars (lexical order).
variable "instance_type" {
  default = "t3.nano"
}

variable "volume_size" {
  type    = number
  default = 8
}

variable "name" {
  type = string
}

resource "aws_instance" "app" {
  ami           = "ami-0fedcba9876543210"
  instance_type = var.instance_type
  root_block_device {
    volume_size = var.volume_size
    volume_type = "gp3"
  }
  tags = { Name = var.name }
}
