"""The toolbridge plugin for FastMCP: hooks only (in progress)."""
