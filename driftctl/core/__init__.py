"""The data model and what every layer reads of values: sensitivity, masking, comparison."""
