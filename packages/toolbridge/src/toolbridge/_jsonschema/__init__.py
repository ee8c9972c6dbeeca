"""Reading JSON Schema, for every layer above: where subschemas are, and how to walk them.

- `_keywords`: the one table of keywords that hold subschemas, their shapes and drafts;
- `_walk`: the one schema walker (`walk`, `nodes`, `rebuild`, `subschemas`), and its
  value mode (`parts`, `values`: every part of a schema document but the instances);
- `_references`: ``$ref`` pointers and targets, never fetched, bounded in depth;
- `_meta_schema`: a schema checked against its dialect's meta-schema, offline;
- `_unfolding`: what checking a value against a schema can cost, from the schema alone.
"""
