"""Where a server's OAuth tokens and client registration are kept.

`TokenStore` is the MCP SDK's ``TokenStorage`` shape (four async methods), so any
store written for the SDK works here and the other way round. Two are built in:

* `FileTokenStore`: one JSON file per server, by default under
  ``$XDG_CONFIG_HOME/toolbridge/tokens/`` (``~/.config`` without it; the platform's
  application-data folder on macOS and Windows). The folder is made private (0700),
  each file is written whole to a temporary file (0600) and renamed over the old one,
  so a crash never leaves half a file.
* `MemoryTokenStore`: in this process only (tests, machine clients).

Both record when the tokens were saved, and hand them back with ``expires_in`` cut by
the time since, so a token loaded in a later process is refreshed before it expires
instead of being sent stale. Neither ever shows a token in its ``repr``.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import re
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, final, runtime_checkable
from urllib.parse import urlsplit

from toolbridge.errors import ConfigError

if TYPE_CHECKING:
    from mcp.shared.auth import OAuthClientInformationFull, OAuthToken

__all__ = ["FileTokenStore", "MemoryTokenStore", "TokenStore", "token_directory"]

_log = logging.getLogger("toolbridge.mcp.auth")
_DEFAULT_PORTS = {"http": 80, "https": 443}


@runtime_checkable
class TokenStore(Protocol):
    """Keeps one server's tokens and client registration (the SDK's ``TokenStorage``)."""

    async def get_tokens(self) -> OAuthToken | None:
        """The stored tokens, or None."""
        ...

    async def set_tokens(self, tokens: OAuthToken) -> None:
        """Store new tokens (after a sign-in or a refresh)."""
        ...

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        """The stored client registration, or None."""
        ...

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        """Store the client registration."""
        ...


class _RecordStore:
    """A store over one JSON record: ``tokens``, ``saved_at`` and ``client``."""

    def _load(self) -> dict[str, Any]:
        raise NotImplementedError

    def _save(self, record: dict[str, Any]) -> None:
        raise NotImplementedError

    async def get_tokens(self) -> OAuthToken | None:
        """The stored tokens, ``expires_in`` counted from now; None if there are none."""
        from mcp.shared.auth import OAuthToken
        from pydantic import ValidationError

        record = self._load()
        try:
            tokens = OAuthToken.model_validate(record["tokens"])
        except (KeyError, ValidationError):
            return None
        saved = record.get("saved_at")
        if tokens.expires_in is not None and isinstance(saved, int | float):
            tokens.expires_in = max(0, int(tokens.expires_in - (time.time() - saved)))
        return tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        """Store new tokens and when they were saved."""
        record = self._load()
        record["tokens"] = tokens.model_dump(mode="json", exclude_none=True)
        record["saved_at"] = time.time()
        self._save(record)

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        """The stored client registration, or None."""
        from mcp.shared.auth import OAuthClientInformationFull
        from pydantic import ValidationError

        try:
            return OAuthClientInformationFull.model_validate(self._load()["client"])
        except (KeyError, ValidationError):
            return None

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        """Store the client registration."""
        record = self._load()
        record["client"] = client_info.model_dump(mode="json", exclude_none=True)
        self._save(record)

    def clear(self, *, keep_client: bool = False) -> bool:
        """Forget the tokens (and the registration unless `keep_client`); False if none."""
        record = self._load()
        had = "tokens" in record
        if keep_client and "client" in record:
            self._save({"client": record["client"]})
        else:
            self._delete()
        return had

    def _delete(self) -> None:
        raise NotImplementedError


@final
class MemoryTokenStore(_RecordStore):
    """Tokens kept in this process only: for tests and for machine clients."""

    def __init__(self) -> None:
        self._record: dict[str, Any] = {}

    def _load(self) -> dict[str, Any]:
        copy: dict[str, Any] = json.loads(json.dumps(self._record))  # never shared
        return copy

    def _save(self, record: dict[str, Any]) -> None:
        self._record = json.loads(json.dumps(record))

    def _delete(self) -> None:
        self._record = {}

    def __repr__(self) -> str:
        held = "tokens" if "tokens" in self._record else "no tokens"
        return f"<MemoryTokenStore: {held}>"


@final
class FileTokenStore(_RecordStore):
    """Tokens in one JSON file, private to the user and replaced whole on each write."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        """The file."""

    @classmethod
    def for_server(cls, url: str) -> FileTokenStore:
        """The default store of the server at `url`, in `token_directory`.

        The file is named after the server's host and a hash of its canonical URL, so
        a token is only ever sent back to the server it was issued for.
        """
        return cls(token_directory() / _file_name(url))

    def _load(self) -> dict[str, Any]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as error:
            raise ConfigError(f"cannot read the token file {str(self.path)!r}: {error}") from None
        try:
            record = json.loads(text)
        except json.JSONDecodeError:
            record = None
        if not isinstance(record, dict):
            _log.warning("the token file %s is not a token record; it is ignored", self.path)
            return {}
        return record

    def _save(self, record: dict[str, Any]) -> None:
        directory = self.path.parent
        try:
            if not directory.is_dir():
                directory.mkdir(mode=0o700, parents=True)
            handle, temporary = tempfile.mkstemp(prefix=".tokens-", suffix=".tmp", dir=directory)
        except OSError as error:
            raise ConfigError(f"cannot write the token file {str(self.path)!r}: {error}") from None
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                os.chmod(temporary, 0o600)
                json.dump(record, file)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, self.path)
        except OSError as error:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise ConfigError(f"cannot write the token file {str(self.path)!r}: {error}") from None

    def _delete(self) -> None:
        try:
            self.path.unlink(missing_ok=True)
        except OSError as error:
            raise ConfigError(f"cannot delete the token file {str(self.path)!r}: {error}") from None

    def __repr__(self) -> str:
        return f"FileTokenStore({str(self.path)!r})"


def token_directory() -> Path:
    r"""The folder of the default token files, made private (0700) when first used.

    ``$XDG_CONFIG_HOME/toolbridge/tokens`` when that variable is set; otherwise
    ``~/.config/toolbridge/tokens``, ``~/Library/Application Support/toolbridge/tokens``
    on macOS, ``%APPDATA%\toolbridge\tokens`` on Windows.
    """
    xdg = os.environ.get("XDG_CONFIG_HOME", "")
    if xdg and os.path.isabs(xdg):
        base = Path(xdg)
    elif sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path.home() / ".config"
    directory = base / "toolbridge" / "tokens"
    with contextlib.suppress(OSError):
        directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.chmod(directory, 0o700)
    return directory


def canonical_url(url: str) -> str:
    """`url` with its scheme and host lower-cased, a default port and a trailing ``/`` dropped."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    host = (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    port = parts.port
    netloc = host if port is None or port == _DEFAULT_PORTS.get(scheme) else f"{host}:{port}"
    query = f"?{parts.query}" if parts.query else ""
    return f"{scheme}://{netloc}{parts.path.rstrip('/')}{query}"


def _file_name(url: str) -> str:
    parts = urlsplit(url)
    label = re.sub(r"[^A-Za-z0-9.-]+", "_", (parts.hostname or "server").lower())[:60]
    if parts.port is not None:
        label += f"-{parts.port}"
    digest = hashlib.sha256(canonical_url(url).encode("utf-8")).hexdigest()[:16]
    return f"{label}-{digest}.json"
