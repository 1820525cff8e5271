"""AWS resource types, declared as data, and the one generic scanner that reads them."""
