"""``toolbridge mcp login NAME`` and ``toolbridge mcp logout NAME``.

A server whose ``auth`` is OAuth needs a person to sign in once, in the browser;
`login` does it ahead, at a terminal, so that later runs (an agent, a CI job, a
server) find the tokens stored and never need to ask. `logout` forgets them.
"""

from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING, Annotated, Any

import typer

from toolbridge.cli import _output

if TYPE_CHECKING:
    from toolbridge.mcp import HttpServer, SseServer

__all__ = ["login_command", "logout_command"]

NameArgument = Annotated[
    str, typer.Argument(metavar="NAME", help="The server, as --config names it.")
]
ConfigOption = Annotated[
    str,
    typer.Option(
        "--config",
        metavar="FILE",
        help="A JSON file of servers ({'mcpServers': {...}}) that names the server.",
        show_default=False,
    ),
]


def _positive(value: float) -> float:
    if not value > 0:
        raise typer.BadParameter(f"must be a number of seconds above 0, got {value:g}")
    return value


def login_command(
    name: NameArgument,
    config: ConfigOption,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout",
            metavar="SECONDS",
            callback=_positive,
            help="How long to wait for the sign-in in the browser.",
        ),
    ] = 300.0,
    scope: Annotated[
        list[str] | None,
        typer.Option(
            "--scope",
            metavar="SCOPE",
            help="A scope to ask for besides those the server names (repeatable; a "
            "space-separated list too), such as one a server's 403 asked for.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Sign in to a server whose auth is OAuth, and keep its tokens for later runs.

    Opens the browser at the authorization server's sign-in page (the URL is printed
    too), receives its redirect on a port of 127.0.0.1, stores the tokens (by default
    in a file private to you under ~/.config/toolbridge/tokens/), then lists the
    server's tools to show it works. A server signed in with client credentials or a
    bearer token needs no login: it is only tried. Exit status: 0 signed in, 2 not.
    """
    from toolbridge.mcp import FileTokenStore, McpClient, OAuth, token_store

    # A failure is reported below, once: not again by logging's last-resort handler.
    logging.getLogger("toolbridge.mcp").addHandler(logging.NullHandler())
    server = _http_server(name, config)
    auth = server.auth
    where = ""
    if isinstance(auth, OAuth):
        store = token_store(server)
        if isinstance(store, FileTokenStore):
            store.clear(keep_client=True)  # a login signs in anew
            where = f"; its tokens are kept in {store.path}"
        # A person ran login: the sign-in may open a browser even without a terminal.
        wider = [word for given in scope or () for word in given.split()]
        auth = dataclasses.replace(
            auth,
            browser=auth.browser or _open_browser,
            sign_in_timeout=timeout,
            scopes=tuple(dict.fromkeys((*auth.scopes, *wider))),
        )
        server = dataclasses.replace(server, auth=auth)
    elif scope:
        raise typer.BadParameter(
            f"{name!r} does not sign in in the browser (OAuth): its scopes are its setting's",
            param_hint="--scope",
        )
    elif auth is None:
        _output.write_error(
            f"MCP server {name!r} has no 'auth' setting, so there is nothing to sign in "
            'with: add one to its entry ("auth": "oauth" for a sign-in in the browser)'
        )
        raise typer.Exit(2)
    with McpClient({name: server}, startup_timeout=timeout + 60) as client:
        failure = client.failures.get(name)
        count = len(client.tools)
    if failure is not None:
        _output.write_error(str(failure))
        raise typer.Exit(2)
    signed = "signed in to" if isinstance(auth, OAuth) else "reached"
    print(f"toolbridge: {signed} {name!r}: {count} tool{'s' * (count != 1)}{where}")


def _open_browser(url: str) -> None:
    """Show the sign-in page's URL on stderr, and open it in the default browser."""
    import webbrowser

    _output.write_warning(f"opening the browser to sign in; if it does not open, visit {url}")
    webbrowser.open(url)


def logout_command(name: NameArgument, config: ConfigOption) -> None:
    """Forget a server's stored OAuth tokens and client registration.

    The next use of the server needs a new sign-in (``toolbridge mcp login NAME``).
    The tokens are deleted here only; the authorization server is not told.
    """
    from toolbridge.mcp import FileTokenStore, token_store

    store = token_store(_http_server(name, config))
    if not isinstance(store, FileTokenStore):
        print(f"toolbridge: {name!r} keeps no tokens on disk: nothing to forget")
        return
    had = store.path.exists()
    store.clear()
    said = f"deleted {store.path}" if had else "no tokens were stored"
    print(f"toolbridge: signed out of {name!r}: {said}")


def _http_server(name: str, config: str) -> HttpServer | SseServer:
    from toolbridge.errors import ConfigError
    from toolbridge.mcp import HttpServer, SseServer, read_servers

    try:
        servers: dict[str, Any] = read_servers(config)
    except ConfigError as error:
        raise typer.BadParameter(str(error), param_hint="--config") from None
    server = servers.get(name)
    if server is None:
        known = ", ".join(map(repr, servers)) or "none"
        raise typer.BadParameter(
            f"{config!r} names no server {name!r} (it names {known})", param_hint="NAME"
        )
    if not isinstance(server, HttpServer | SseServer):
        raise typer.BadParameter(
            f"{name!r} is a stdio server: it takes no sign-in", param_hint="NAME"
        )
    return server
