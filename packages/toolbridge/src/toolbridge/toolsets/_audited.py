"""A toolset that records every call made through it, whatever happens to the call."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterable
from typing import Any, final

from toolbridge._context import InputRequired
from toolbridge._result import ToolResult
from toolbridge.errors import (
    AccessDeniedError,
    ArgumentValidationError,
    ConfigError,
    ToolNotFoundError,
    ToolTimeoutError,
)
from toolbridge.toolsets._audit import AuditSink, Outcome, Redactor
from toolbridge.toolsets._base import CallOptions, Toolset, Wrapper
from toolbridge.toolsets._trace import CallTrace, tracing

__all__ = ["AuditedToolset", "outcome_of"]

_log = logging.getLogger("toolbridge.toolsets")


def outcome_of(result: ToolResult | None, error: BaseException | None) -> Outcome:
    """How a call ended, from its result or the exception it raised."""
    if error is None:
        return "tool_error" if result is not None and result.is_error else "success"
    if isinstance(error, (ToolNotFoundError, AccessDeniedError)):
        return "refused"
    if isinstance(error, ArgumentValidationError):
        return "invalid_arguments"
    if isinstance(error, ToolTimeoutError):
        return "timeout"
    if isinstance(error, asyncio.CancelledError):
        return "cancelled"
    if isinstance(error, InputRequired):
        return "input_required"
    return "error"


@final
class AuditedToolset(Wrapper):
    """`inner` with one `AuditRecord` per call written to `sink`, redacted first.

    Args:
        inner: The toolset to audit.
        sink: Where records go (`LoggingSink`, `JsonLinesSink`, `MemorySink`, yours).
        secrets: Values never to write, wherever they appear.
        arguments: Record the (redacted) arguments too.
    """

    def __init__(
        self,
        inner: Toolset,
        sink: AuditSink,
        *,
        secrets: Iterable[str] = (),
        arguments: bool = True,
    ) -> None:
        if not callable(getattr(sink, "write", None)):
            raise ConfigError(f"an audit sink needs a write(record) method: {sink!r}")
        super().__init__(inner)
        self._sink = sink
        self._redactor = Redactor(secrets)
        self._arguments = arguments

    async def call_tool(self, name: str, arguments: Any, options: CallOptions) -> ToolResult:
        started_at, started = time.time(), time.perf_counter()
        result: ToolResult | None = None
        failure: BaseException | None = None
        with tracing() as trace:
            try:
                result = await self._inner.call_tool(name, arguments, options)
                return result
            except BaseException as error:
                failure = error
                raise
            finally:
                elapsed = (time.perf_counter() - started) * 1000.0
                self._write(name, arguments, options, trace, started_at, elapsed, result, failure)

    def _write(
        self,
        name: str,
        arguments: Any,
        options: CallOptions,
        trace: CallTrace,
        started_at: float,
        elapsed_ms: float,
        result: ToolResult | None,
        failure: BaseException | None,
    ) -> None:
        identity = options.identity
        original = trace.original
        error_text = None
        if failure is not None and not isinstance(failure, InputRequired):
            error_text = f"{type(failure).__name__}: {failure}"
        elif result is not None and result.is_error:
            error_text = result.text
        try:
            record = self._redactor.new(
                time=started_at,
                subject=identity.subject,
                tenant=identity.tenant,
                roles=tuple(sorted(identity.roles)),
                toolset=self.name,
                tool=name,
                original_tool=None if original is None else original.name,
                source=trace.source,
                fingerprint=None if original is None else original.fingerprint,
                call_id=options.call_id,
                decision=trace.decision,
                outcome=outcome_of(result, failure),
                duration_ms=round(elapsed_ms, 3),
                error=error_text,
                arguments=_as_json(arguments) if self._arguments else None,
            )
            self._sink.write(record)
        except Exception:  # redaction or the sink: never the call's failure
            _log.exception("the audit sink failed to write a record of tool %r", name)


def _as_json(arguments: Any) -> Any:
    """Arguments sent as JSON text, parsed so their secret-looking keys are redacted."""
    if isinstance(arguments, (str, bytes)):
        import json

        try:
            return json.loads(arguments)
        except ValueError:
            return arguments if isinstance(arguments, str) else repr(arguments)
    return arguments
