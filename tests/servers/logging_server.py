"""A FastMCP server whose tool logs to its client while it runs (MCP ``notifications/message``).

Run: ``python logging_server.py`` (stdio). Tools:

- ``chatty(text)``: logs ``debug <text>``, ``info <text>`` and ``warning <text>``
  (logger ``desk``) at those levels, then answers ``text``.
"""

from __future__ import annotations

from fastmcp import Context, FastMCP

server = FastMCP("logging")


@server.tool
async def chatty(text: str, ctx: Context) -> str:
    """Log the text at three levels, then say it back."""
    await ctx.debug(f"debug {text}", logger_name="desk")
    await ctx.info(f"info {text}", logger_name="desk")
    await ctx.warning(f"warning {text}", logger_name="desk")
    return text


if __name__ == "__main__":
    server.run(show_banner=False)
