# A VPC with public and private subnets per availability zone (cidrsubnet + for_each).
variable "name" {
  type = string
}

variable "cidr" {
  type    = string
  default = "10.20.0.0/16"
}

variable "azs" {
  type = map(number)
  default = {
    "eu-west-1a" = 0
    "eu-west-1b" = 1
    "eu-west-1c" = 2
  }
}

locals {
  tags = {
    Project   = var.name
    ManagedBy = "terraform"
  }
  public  = { for az, n in var.azs : az => cidrsubnet(var.cidr, 8, n) }
  private = { for az, n in var.azs : az => cidrsubnet(var.cidr, 4, n + 1) }
}

resource "aws_vpc" "this" {
  cidr_block           = var.cidr
  enable_dns_hostnames = true
  tags                 = merge(local.tags, { Name = var.name })
}

resource "aws_subnet" "public" {
  for_each                = local.public
  vpc_id                  = aws_vpc.this.id
  cidr_block              = each.value
  availability_zone       = each.key
  map_public_ip_on_launch = true
  tags                    = merge(local.tags, { Name = "${var.name}-public-${substr(each.key, -1, 1)}", Tier = "public" })
}

resource "aws_subnet" "private" {
  for_each          = local.private
  vpc_id            = aws_vpc.this.id
  cidr_block        = each.value
  availability_zone = each.key
  tags              = merge(local.tags, { Name = "${var.name}-private-${substr(each.key, -1, 1)}", Tier = "private" })
}

resource "aws_route_table" "private" {
  for_each = aws_subnet.private
  vpc_id   = aws_vpc.this.id
  tags     = merge(local.tags, { Name = "rt-${each.key}" })
}
