"""One bounded HTTP request to a URL from the settings: no redirect, a timeout, a size cap."""

from __future__ import annotations

from typing import Any, Final

__all__ = ["fetch"]

MAX_BYTES: Final = 256 * 1024
"""The largest answer read (a key set or an introspection answer is a few kB)."""
TIMEOUT: Final = 5.0
"""Seconds to connect, and between two reads."""


async def fetch(
    method: str, url: str, *, headers: dict[str, str] | None = None, **options: Any
) -> bytes:
    """The body of a 200 answer to `method` `url`; `OSError` for anything else.

    Only URLs of the settings are requested, never one a token or an answer names:
    redirects are not followed.
    """
    import httpx

    try:
        async with (
            httpx.AsyncClient(timeout=TIMEOUT, follow_redirects=False) as client,
            client.stream(
                method, url, headers={"accept": "application/json", **(headers or {})}, **options
            ) as response,
        ):
            if response.status_code != 200:
                raise OSError(f"HTTP {response.status_code}")
            body = bytearray()
            async for chunk in response.aiter_bytes():
                body += chunk
                if len(body) > MAX_BYTES:
                    raise OSError(f"the answer is larger than {MAX_BYTES} bytes")
            return bytes(body)
    except httpx.HTTPError as error:
        raise OSError(f"{type(error).__name__}: {error}") from error
