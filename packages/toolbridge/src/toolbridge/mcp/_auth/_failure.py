"""Why a sign-in ended a connection: `AuthFailure`, and the last one of each server.

A refusal is raised inside the HTTP client, where the server's configured name is
not known; the connection names it (`AuthFailure.named`). The refusal also ends the
connection, so the requests in flight only see it closed: `refusal` says why.
"""

from __future__ import annotations

import re
from typing import Final

from toolbridge.errors import ServerError

__all__ = ["AuthFailure", "bounded", "record", "refusal"]

_SCOPES: Final = re.compile(r"[A-Za-z0-9_.:/@+=,-]{1,100}(?: [A-Za-z0-9_.:/@+=,-]{1,100}){0,19}")
"""Scopes a login command may repeat as they are (in single quotes): RFC 6749 scope
tokens of the characters no shell gives a meaning to inside single quotes."""


_REFUSED: dict[int, tuple[object, AuthFailure]] = {}
"""The failure that last ended each server's connection, until it next connects.

Keyed by the server value's id, holding the value itself so the id is not reused."""


def record(server: object, failure: AuthFailure | None) -> None:
    """Remember (or, with None, forget) the failure that ended `server`'s connection."""
    if failure is None:
        _REFUSED.pop(id(server), None)
    else:
        _REFUSED[id(server)] = (server, failure)


def refusal(server: object) -> AuthFailure | None:
    """The sign-in failure that ended `server`'s connection, if one did.

    A refusal inside the HTTP client ends the whole connection, so the requests in
    flight only see it closed: this says why. Kept until the server next connects.
    """
    entry = _REFUSED.get(id(server))
    return entry[1] if entry is not None and entry[0] is server else None


class AuthFailure(ServerError):
    """A sign-in was needed and could not be done, failed, or its token was refused.

    Raised inside the HTTP client while the server's configured name is not known;
    `named` gives the `ServerError` that names it (and the login command to run).
    """

    def __init__(
        self, reason: str, *, url: str, login: bool = False, scopes: str | None = None
    ) -> None:
        self.reason, self.url, self.login = reason, url, login
        self.scopes = scopes if scopes is not None and _SCOPES.fullmatch(scopes) else None
        """The scopes a new sign-in must ask for (a server's 403), if they are plain."""
        super().__init__(self._text("NAME"), server=url)

    def _text(self, name: str) -> str:
        reason = self.reason.replace("{name}", name)
        if not self.login:
            return reason
        wider = f" --scope '{self.scopes}'" if self.scopes else ""
        return (
            f"{reason}; sign in at a terminal with `toolbridge mcp login {name} "
            f"--config <the file that configures it>{wider}`"
        )

    def named(self, name: str) -> ServerError:
        """The same failure as a `ServerError` of the server configured as `name`."""
        error = ServerError(self._text(name), server=name)
        error.__cause__ = self.__cause__
        return error


def bounded(text: str, limit: int = 500) -> str:
    """`text`, cut to `limit` characters (a server's words in an error message)."""
    return text if len(text) <= limit else text[:limit] + "..."
