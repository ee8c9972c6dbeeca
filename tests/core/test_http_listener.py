"""The listening socket the MCP and REST HTTP servers share (`toolbridge._http.bind`)."""

from __future__ import annotations

import asyncio
import socket

from toolbridge._http import bind


def test_accepted_connections_do_not_wait_for_delayed_acks() -> None:
    # With Nagle's algorithm on, the second small write of an answer (an SSE event
    # after its headers) waits for the client's delayed ACK: 40 ms per call.
    async def main() -> int:
        listener = bind("127.0.0.1", 0)
        found: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        async def accepted(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            sock = writer.get_extra_info("socket")
            found.set_result(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(accepted, sock=listener.socket)
        port = listener.socket.getsockname()[1]
        _, writer = await asyncio.open_connection("127.0.0.1", port)
        nodelay = await asyncio.wait_for(found, 5)
        writer.close()
        server.close()
        await server.wait_closed()
        return nodelay

    assert asyncio.run(main()) != 0
