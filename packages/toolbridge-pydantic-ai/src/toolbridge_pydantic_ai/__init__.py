"""pydantic-ai tools to and from toolbridge's canonical tools (in progress)."""

__all__: list[str] = []
