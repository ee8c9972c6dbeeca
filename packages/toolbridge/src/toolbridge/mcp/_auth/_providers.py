"""The MCP SDK's OAuth providers, set up for toolbridge.

`OAuthClientProvider` signs a person in; `ClientCredentialsOAuthProvider` and
`PrivateKeyJWTOAuthProvider` a machine. The protocol is theirs; what is added here:

* the browser step: a loopback listener on 127.0.0.1, the browser opened (and the URL
  printed), the redirect's parameters handed back to the SDK;
* tokens loaded from a store keep their remaining lifetime and are refreshed a little
  before they expire (the SDK alone would send a stored token until it is refused);
* the scopes a setting names are asked for on top of those the server names.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import socket
import sys
import warnings
import webbrowser
from dataclasses import fields
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit

from mcp.client.auth import OAuthClientProvider
from mcp.client.auth.extensions.client_credentials import (
    ClientCredentialsOAuthProvider,
    PrivateKeyJWTOAuthProvider,
    SignedJWTParameters,
)
from mcp.client.auth.oauth2 import OAuthContext
from mcp.client.auth.utils import union_scopes
from mcp.shared.auth import (
    AuthorizationCodeResult,
    OAuthClientInformationFull,
    OAuthClientMetadata,
    OAuthToken,
)
from pydantic import AnyUrl, PrivateAttr

from toolbridge.errors import ConfigError, ToolbridgeError
from toolbridge.mcp._auth._failure import AuthFailure, bounded
from toolbridge.mcp._auth._loopback import LoopbackListener
from toolbridge.mcp._auth._settings import ClientCredentials, OAuth
from toolbridge.mcp._auth._store import TokenStore

__all__ = ["Person", "machine", "open_in_browser"]

_EARLY: Final = 60.0
"""Refresh at most this many seconds before a token expires (a tenth of its life if less)."""


class _ReportedElsewhere(logging.Filter):
    """Drops the SDK's "OAuth flow error" record of an `AuthFailure`.

    The SDK logs every failure of its flow with a traceback; one of ours (a sign-in
    refused, timed out, or impossible here) is reported by the connection, in words.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        return not (record.exc_info and isinstance(record.exc_info[1], AuthFailure))


def _quiet_sdk_log() -> None:
    log = logging.getLogger("mcp.client.auth.oauth2")
    if not any(isinstance(each, _ReportedElsewhere) for each in log.filters):
        log.addFilter(_ReportedElsewhere())


def open_in_browser(url: str) -> None:
    """Print the authorization URL on stderr and open it in the default browser."""
    print(f"Opening the browser to sign in; if it does not open, visit:\n  {url}", file=sys.stderr)
    if not webbrowser.open(url):
        print("No browser could be opened here: open the URL above yourself.", file=sys.stderr)


class _EarlyContext(OAuthContext):
    """The SDK's OAuth context, with tokens counted as expired a little before they do."""

    def update_token_expiry(self, token: OAuthToken) -> None:
        super().update_token_expiry(token)
        if self.token_expiry_time is not None and token.expires_in:
            self.token_expiry_time -= min(_EARLY, token.expires_in / 10)


def _timely(provider: OAuthClientProvider) -> None:
    """Swap the provider's context for one that refreshes early."""
    context = provider.context
    provider.context = _EarlyContext(
        **{item.name: getattr(context, item.name) for item in fields(OAuthContext)}
    )


async def _load_expiry(provider: OAuthClientProvider) -> None:
    """Stored tokens carry their remaining lifetime (see `_store`): count it from now."""
    tokens = provider.context.current_tokens
    if tokens is not None and tokens.expires_in is not None:
        provider.context.update_token_expiry(tokens)


class _Secret(ClientCredentialsOAuthProvider):
    async def _initialize(self) -> None:
        await super()._initialize()
        await _load_expiry(self)


class _Signed(PrivateKeyJWTOAuthProvider):
    async def _initialize(self) -> None:
        await super()._initialize()
        await _load_expiry(self)


def machine(url: str, setting: ClientCredentials) -> OAuthClientProvider:
    """The client credentials provider of `setting`: a secret, or a key that signs JWTs."""
    scope = " ".join(setting.scopes) or None
    provider: OAuthClientProvider
    with warnings.catch_warnings():
        # Without an issuer the SDK warns that it will be required; it is optional here.
        warnings.simplefilter("ignore")
        if setting.client_secret is not None:
            provider = _Secret(
                url,
                setting.token_store,
                setting.client_id,
                setting.client_secret,
                token_endpoint_auth_method=setting.token_endpoint_auth_method,
                scope=scope,
                issuer=setting.issuer,
            )
        else:
            key = setting.private_key or _read_key(setting.private_key_file)
            assertion = SignedJWTParameters(
                issuer=setting.client_id,
                subject=setting.client_id,
                signing_key=key,
                signing_algorithm=setting.signing_algorithm,
            ).create_assertion_provider()
            provider = _Signed(
                url,
                setting.token_store,
                setting.client_id,
                assertion,
                scope=scope,
                issuer=setting.issuer,
            )
    _keep_scopes(provider, scope)
    _timely(provider)
    return provider


def _keep_scopes(provider: OAuthClientProvider, scope: str | None) -> None:
    """The scopes `scope` asks for stay asked for when a challenge names others.

    The SDK replaces the requested scope with the one a 401 or 403 names; a machine
    that was given more (``tools.read tools.deploy``) would lose the rest.
    """
    metadata = _Metadata(**provider.context.client_metadata.model_dump())
    metadata._wanted = scope
    metadata.scope = None  # through __setattr__: the wanted scopes
    provider.context.client_metadata = metadata


def _read_key(path: str | None) -> str:
    assert path is not None
    try:
        return Path(path).expanduser().read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f"cannot read the private key file {path!r}: {error}") from None


# -- a person's sign-in -------------------------------------------------------------------


class _Metadata(OAuthClientMetadata):
    """Client metadata whose scope always includes the scopes the setting asks for."""

    _wanted: str | None = PrivateAttr(default=None)

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "scope":
            value = union_scopes(self._wanted, value)
        super().__setattr__(name, value)


class Person(OAuthClientProvider):
    """The SDK's authorization-code provider, with the browser and the loopback listener."""

    _fixed: OAuthClientInformationFull | None = None

    @classmethod
    async def build(cls, url: str, setting: OAuth, store: TokenStore) -> Person:
        """The provider of `setting` for the server at `url`, its tokens in `store`."""
        _quiet_sdk_log()
        listener = LoopbackListener(await _redirect_port(setting, store))
        metadata = _Metadata(
            redirect_uris=[AnyUrl(listener.redirect_uri)],
            client_name=setting.client_name,
            grant_types=["authorization_code", "refresh_token"],
            response_types=["code"],
        )
        metadata._wanted = " ".join(setting.scopes) or None
        metadata.scope = None  # through __setattr__: the wanted scopes
        provider = cls(
            url,
            metadata,
            store,
            client_metadata_url=setting.client_metadata_url,
        )
        provider._setting, provider._listener = setting, listener
        provider.context.redirect_handler = provider._open
        provider.context.callback_handler = provider._receive
        if setting.client_id is not None:
            provider._fixed = OAuthClientInformationFull(
                client_id=setting.client_id,
                client_secret=setting.client_secret,
                redirect_uris=[AnyUrl(listener.redirect_uri)],
                grant_types=["authorization_code", "refresh_token"],
                token_endpoint_auth_method="client_secret_basic"
                if setting.client_secret
                else "none",
                scope=metadata.scope,
            )
        _timely(provider)
        return provider

    _setting: OAuth
    _listener: LoopbackListener

    def can_sign_in(self) -> bool:
        """Whether a person can be asked: a browser given, or a terminal attached."""
        if self._setting.browser is not None:
            return True
        return all(stream is not None and stream.isatty() for stream in (sys.stdin, sys.stderr))

    async def _initialize(self) -> None:
        await super()._initialize()
        if self._fixed is not None:
            stored = self.context.client_info
            if stored is None or stored.client_id != self._fixed.client_id:
                self.context.client_info = self._fixed
        await _load_expiry(self)

    async def _open(self, authorization_url: str) -> None:
        """Start listening for the redirect, then send the person to the URL."""
        listener = self._listener
        try:
            await listener.start()
        except OSError as error:
            raise AuthFailure(
                f"cannot listen for the sign-in redirect on 127.0.0.1:{listener.port}: {error}",
                url=self.context.server_url,
            ) from None
        opener = self._setting.browser or open_in_browser
        try:
            if inspect.iscoroutinefunction(opener):
                await opener(authorization_url)
            else:
                opened = await asyncio.to_thread(opener, authorization_url)
                if inspect.isawaitable(opened):
                    await opened
        except Exception:
            await listener.close()
            raise

    async def _receive(self) -> AuthorizationCodeResult:
        """Wait for the browser's redirect and hand its parameters to the SDK."""
        listener, timeout = self._listener, self._setting.sign_in_timeout
        try:
            received = await listener.wait(timeout)
        except TimeoutError:
            raise AuthFailure(
                f"the sign-in did not finish within {timeout:g} s (sign_in_timeout)",
                url=self.context.server_url,
            ) from None
        finally:
            await listener.close()
        if received.error is not None:
            said = received.error_description
            description = f" ({bounded(said, 300)})" if said else ""
            raise AuthFailure(
                f"the authorization server refused the sign-in: "
                f"{bounded(received.error, 100)}{description}",
                url=self.context.server_url,
            )
        assert received.code is not None
        return AuthorizationCodeResult(code=received.code, state=received.state, iss=received.iss)


async def _redirect_port(setting: OAuth, store: TokenStore) -> int:
    """The setting's port, else the port of the stored registration, else a free one."""
    if setting.redirect_port is not None:
        return setting.redirect_port
    with contextlib.suppress(ToolbridgeError):
        stored = await store.get_client_info()
        for uri in (stored.redirect_uris or []) if stored is not None else []:
            parts = urlsplit(str(uri))
            if parts.hostname == "127.0.0.1" and parts.port:
                return parts.port
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
