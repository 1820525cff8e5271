# An EKS cluster and a managed node group
resource "aws_eks_cluster" "main" {
  name                      = "eks-main"
  role_arn                  = aws_iam_role.cluster.arn
  version                   = "1.29"
  enabled_cluster_log_types = ["api", "audit"]
  vpc_config {
    subnet_ids              = [aws_subnet.a.id, aws_subnet.b.id]
    security_group_ids      = [aws_security_group.cluster.id]
    endpoint_private_access = true
    endpoint_public_access  = true
    public_access_cidrs     = ["10.0.0.0/8"]
  }
  tags = {
    Team = "platform"
  }
}

resource "aws_eks_node_group" "workers" {
  cluster_name    = aws_eks_cluster.main.name
  node_group_name = "eks-workers"
  node_role_arn   = aws_iam_role.node.arn
  subnet_ids      = [aws_subnet.a.id, aws_subnet.b.id]
  instance_types  = ["t3.large"]
  ami_type        = "AL2_x86_64"
  capacity_type   = "ON_DEMAND"
  disk_size       = 40
  labels = {
    role = "worker"
  }
  scaling_config {
    desired_size = 2
    min_size     = 1
    max_size     = 3
  }
  tags = {
    Team = "platform"
  }
}
