"""The toolbridge plugin for pydantic-ai: hooks only (in progress)."""
