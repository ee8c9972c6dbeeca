"""Scanning tool definitions for poisoning before a model sees them (issue 19; in progress)."""

__all__: list[str] = []
