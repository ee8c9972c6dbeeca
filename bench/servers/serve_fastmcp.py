"""FastMCP (the ``fastmcp`` package): ``echo`` decorated, the corpus tools as given.

No banner, log level WARNING (no access log line per request, as toolbridge's).
"""

from __future__ import annotations

from _bench_toolset import ECHO_DESCRIPTION, corpus_tools, transport
from fastmcp import FastMCP
from fastmcp.tools import Tool

server = FastMCP("bench-fastmcp")


def _stub() -> str:
    raise RuntimeError("not called in the benchmark")


for _item in corpus_tools():
    _tool = Tool.from_function(_stub, name=_item["name"], description=_item["description"])
    server.add_tool(_tool.model_copy(update={"parameters": _item["inputSchema"]}))


@server.tool(description=ECHO_DESCRIPTION)
async def echo(text: str) -> str:
    return text


def main() -> None:
    kind, port = transport()
    if kind == "stdio":
        server.run("stdio", show_banner=False, log_level="WARNING")
    else:
        server.run("http", show_banner=False, host="127.0.0.1", port=port, log_level="WARNING")


if __name__ == "__main__":
    main()
