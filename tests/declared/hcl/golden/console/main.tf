# The configuration `terraform console` and driftctl evaluate the expressions of
# ../expressions.txt in (tests/declared/hcl/test_console_golden.py).

variable "obj" {
  type = object({
    name = string
    size = optional(number, 1)
    tags = optional(map(string), {})
    nested = optional(object({
      a = optional(string, "x")
      b = optional(list(number))
    }), {})
  })
  default = { name = "n" }
}

variable "list_of_obj" {
  type    = list(object({ k = string, v = optional(bool, true) }))
  default = [{ k = "a" }, { k = "b", v = false }]
}

variable "nums" {
  type    = list(number)
  default = [3, 1, 2]
}

variable "strset" {
  type    = set(string)
  default = ["b", "a", "b"]
}

variable "tmap" {
  type    = map(string)
  default = { x = 1, y = true }
}

variable "untyped" {
  default = { a = [1, "two"] }
}

variable "not_nullable" {
  type     = string
  nullable = false
  default  = "d"
}

variable "tuple_typed" {
  type    = tuple([string, number, bool])
  default = ["a", "2", "true"]
}

variable "map_of_obj" {
  type = map(object({ port = number, open = optional(bool, false) }))
  default = {
    web = { port = "80" }
    ssh = { port = 22, open = true }
  }
}

locals {
  o      = null
  s      = "hello"
  l      = [{ x = [1, 2] }, { x = [3] }]
  nested = [[{ name = "a" }, { name = "b" }], [{ name = "c" }]]
  m      = { a = 1, b = "two", c = [3] }
  heredoc = <<EOT
line one
  line two
EOT
  heredoc_trim = <<-EOT
    indented
      more
    EOT
  heredoc_interp = <<-EOT
    name: ${local.s}
    %{~ for x in [1, 2] ~}
    - ${x}
    %{~ endfor ~}
    EOT
  tmpl     = "Hello, $${name}! %%{if true}yes%%{endif}"
  tmpl_for = "%%{for x in items}[$${x}]%%{endfor}"
  strip    = "a  $${~ \"b\" ~}  c"
  big      = 12345678901234567890123456789012345678901234567890
  unicode  = "cafe\u0301"
  emoji    = "👩‍👩‍👧‍👦x"
  sets     = toset(["b", "a"])
}

resource "terraform_data" "r" {
  input = "in"
}

resource "terraform_data" "counted" {
  count = 2
  input = "c${count.index}"
}
