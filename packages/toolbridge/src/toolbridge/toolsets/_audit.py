"""Audit records of tool calls, their redaction, and the in-process sinks.

One `AuditRecord` per call, whatever happened: the caller, the toolset, the tool as
the caller named it and as its source defines it (name and fingerprint), the
decision, how long it took and how it ended. Before a record reaches a sink,
`Redactor` replaces every configured secret (wherever it appears: arguments, error
text, identity) and the values of secret-looking keys (``authorization``,
``api_key``, ``password``, ...) with ``[redacted]``. Sinks write JSON, so names and
arguments are escaped: a newline or a control character in a tool name cannot forge
a second log line. The file sink, `JsonLinesSink`, is in `_jsonlines`.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, Protocol, final, runtime_checkable

from toolbridge.toolsets._trace import Decision

__all__ = [
    "AuditRecord",
    "AuditSink",
    "LoggingSink",
    "MemorySink",
    "Outcome",
    "Redactor",
]

Outcome = Literal[
    "success",
    "tool_error",
    "invalid_arguments",
    "timeout",
    "refused",
    "error",
    "cancelled",
    "input_required",
]
"""How a call ended: the tool succeeded or reported an error (``isError``), the
arguments were invalid, it timed out, it was refused before running (see the
decision), it failed otherwise, its caller cancelled it, or (``input_required``) it
stopped to wait for the user's answers, a round of a call an MCP 2026-07-28 client
makes again with them."""

REDACTED: Final = "[redacted]"
_SECRET_KEY = re.compile(
    r"(?i)(^|[_\-.])(authorization|auth|api[_\-]?key|apikey|token|access[_\-]?token|"
    r"secret|password|passwd|pwd|cookie|set[_\-]cookie|credentials?|private[_\-]?key|"
    r"session[_\-]?id|x[_\-]api[_\-]key)($|[_\-.])"
)
_ARGUMENT_LIMIT: Final = 4_000
_ERROR_LIMIT: Final = 1_000


@final
@dataclass(frozen=True, kw_only=True, slots=True)
class AuditRecord:
    """One tool call, as the audit log keeps it."""

    time: float
    """When the call started (seconds since the epoch)."""
    subject: str | None
    """Who called."""
    tenant: str | None
    """For which tenant."""
    roles: tuple[str, ...]
    """With which roles."""
    toolset: str | None
    """The name of the audited toolset."""
    tool: str
    """The tool's name as the caller gave it."""
    original_tool: str | None
    """The tool's name at its source (``None`` when the name named no tool)."""
    source: str | None
    """The name of the source toolset that holds the tool."""
    fingerprint: str | None
    """The fingerprint of the tool's definition at its source."""
    call_id: str | None
    """The model's id for the call, if given."""
    decision: Decision
    """Whether the call was let through, and why not."""
    outcome: Outcome
    """How it ended."""
    duration_ms: float
    """How long it took, refusals included."""
    error: str | None = None
    """What went wrong, if anything (bounded)."""
    arguments: Any = None
    """The arguments as given (redacted, bounded), if the sink records them."""
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Anything a custom layer adds."""

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON (the arguments and extras are the record's own, not copies)."""
        return {
            "time": self.time,
            "subject": self.subject,
            "tenant": self.tenant,
            "roles": list(self.roles),
            "toolset": self.toolset,
            "tool": self.tool,
            "original_tool": self.original_tool,
            "source": self.source,
            "fingerprint": self.fingerprint,
            "call_id": self.call_id,
            "decision": self.decision,
            "outcome": self.outcome,
            "duration_ms": self.duration_ms,
            "error": self.error,
            "arguments": self.arguments,
            "extra": dict(self.extra),
        }


class Redactor:
    """Removes secrets from audit records: configured values and secret-looking keys.

    Args:
        secrets: Exact values never to write (tokens, header values). Empty strings
            and values shorter than 4 characters are ignored (they would redact
            ordinary text).
        keys: Also redact the value of any key matching this pattern (the default
            catches authorization, api keys, tokens, passwords and cookies).
    """

    def __init__(self, secrets: Iterable[str] = (), *, keys: re.Pattern[str] = _SECRET_KEY) -> None:
        given: Iterable[object] = secrets
        values = sorted({s for s in given if isinstance(s, str) and len(s) >= 4}, key=len)
        self._secrets = tuple(reversed(values))
        self._keys = keys

    def text(self, text: str) -> str:
        """`text` with every secret value replaced."""
        for secret in self._secrets:
            if secret in text:
                text = text.replace(secret, REDACTED)
        return text

    def value(self, value: Any, depth: int = 0) -> Any:
        """A JSON-like value with secrets replaced, and secret-looking keys' values too."""
        if depth > 32:
            return REDACTED
        if isinstance(value, str):
            return self.text(value)
        if isinstance(value, Mapping):
            return {
                self.text(str(key)): REDACTED
                if self._keys.search(str(key))
                else self.value(item, depth + 1)
                for key, item in value.items()
            }
        if isinstance(value, (list, tuple)):
            return [self.value(item, depth + 1) for item in value]
        if value is None or isinstance(value, (bool, int, float)):
            return value
        return self.text(repr(value))

    def record(self, record: AuditRecord) -> AuditRecord:
        """`record` with every text field and the arguments redacted."""
        return self.new(
            time=record.time,
            subject=record.subject,
            tenant=record.tenant,
            roles=record.roles,
            toolset=record.toolset,
            tool=record.tool,
            original_tool=record.original_tool,
            source=record.source,
            fingerprint=record.fingerprint,
            call_id=record.call_id,
            decision=record.decision,
            outcome=record.outcome,
            duration_ms=record.duration_ms,
            error=record.error,
            arguments=record.arguments,
            extra=record.extra,
        )

    def new(
        self,
        *,
        time: float,
        subject: str | None,
        tenant: str | None,
        roles: tuple[str, ...],
        toolset: str | None,
        tool: str,
        original_tool: str | None,
        source: str | None,
        fingerprint: str | None,
        call_id: str | None,
        decision: Decision,
        outcome: Outcome,
        duration_ms: float,
        error: str | None = None,
        arguments: Any = None,
        extra: Mapping[str, Any] | None = None,
    ) -> AuditRecord:
        """The `AuditRecord` of these fields, redacted (one record made, not two)."""
        if arguments is not None:
            arguments = _bounded(self.value(arguments))
        if error is not None:
            error = self.text(error)[:_ERROR_LIMIT]
        if self._secrets:
            text = self.text
            subject = None if subject is None else text(subject)
            tenant = None if tenant is None else text(tenant)
            roles = tuple(text(role) for role in roles)
            tool = text(tool)
            original_tool = None if original_tool is None else text(original_tool)
            call_id = None if call_id is None else text(call_id)
        return AuditRecord(
            time=time,
            subject=subject,
            tenant=tenant,
            roles=roles,
            toolset=toolset,
            tool=tool,
            original_tool=original_tool,
            source=source,
            fingerprint=fingerprint,
            call_id=call_id,
            decision=decision,
            outcome=outcome,
            duration_ms=duration_ms,
            error=error,
            arguments=arguments,
            extra=self.value(dict(extra)) if extra else {},
        )


def _bounded(arguments: Any) -> Any:
    """Arguments as they are, or a note of their size when their JSON is too long."""
    if _spare(arguments, _ARGUMENT_LIMIT) >= 0:  # surely short enough: not serialised
        return arguments
    text = json.dumps(arguments, ensure_ascii=False, default=repr)
    if len(text) <= _ARGUMENT_LIMIT:
        return arguments
    return {"[truncated]": text[:_ARGUMENT_LIMIT], "[length]": len(text)}


def _spare(value: Any, budget: int) -> int:
    """`budget` less the longest JSON `value` could have, or -1 once it is spent.

    Each string counts six characters a character (``\u0000``) and two quotes, so
    the bound holds whatever the text; values of other types are left to `json`.
    """
    if isinstance(value, str):
        return _spent(budget - 6 * len(value) - 2)
    if value is None or isinstance(value, bool):
        return _spent(budget - 5)
    if isinstance(value, int) and -(10**15) < value < 10**15:
        return _spent(budget - 16)
    if isinstance(value, float):
        return _spent(budget - 24)
    if isinstance(value, dict):
        budget -= 2
        for key, item in value.items():
            if budget < 0 or not isinstance(key, str):
                return -1
            budget = _spare(item, budget - 6 * len(key) - 4)
        return _spent(budget)
    if isinstance(value, list):
        budget -= 2
        for item in value:
            if budget < 0:
                return -1
            budget = _spare(item, budget - 1)
        return _spent(budget)
    return -1


def _spent(budget: int) -> int:
    return budget if budget >= 0 else -1


@runtime_checkable
class AuditSink(Protocol):
    """Receives audit records, already redacted. Must not raise (failures are logged)."""

    def write(self, record: AuditRecord) -> None:
        """Store one record."""
        ...


@final
class MemorySink:
    """Keeps records in a list: for tests and for hosts that forward them on their own."""

    def __init__(self) -> None:
        self.records: list[AuditRecord] = []

    def write(self, record: AuditRecord) -> None:
        """Append `record`."""
        self.records.append(record)


@final
class LoggingSink:
    """Writes each record to Python logging, as one line of JSON.

    Args:
        logger: The logger (``toolbridge.audit`` by default).
        level: The level of every record.
    """

    def __init__(
        self, logger: logging.Logger | str = "toolbridge.audit", level: int = logging.INFO
    ):
        self._logger = logging.getLogger(logger) if isinstance(logger, str) else logger
        self._level = level

    def write(self, record: AuditRecord) -> None:
        """Log `record` as JSON (``ensure_ascii``: one line whatever the names hold)."""
        if self._logger.isEnabledFor(self._level):
            line = json.dumps(record.to_dict(), ensure_ascii=True, default=repr)
            self._logger.log(self._level, "%s", line, extra={"toolbridge_audit": record})
