"""Argument validation: one compiled validator per schema, and what it reports.

- `_validator`: `Validator` and the validation of every call route;
- `_issues`: jsonschema-rs errors turned into issues a model can act on;
- `_defaults`: schema defaults filled in, deeply, without touching the caller's value.
"""
