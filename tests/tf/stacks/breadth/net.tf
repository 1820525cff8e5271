# The second wave's networking types, in the VPC of vpc.tf
resource "aws_egress_only_internet_gateway" "v6" {
  vpc_id = aws_vpc.main.id
  tags = {
    Name = "breadth-v6"
  }
}
