"""``toolbridge scan --format sarif``: findings as SARIF 2.1.0, for code-scanning dashboards.

One run whose driver lists every rule (`toolbridge.security.RULES`) with its default
level and the ``security-severity`` GitHub code scanning sorts by; one result per
finding, located in the scanned file when there is one (INPUT, or a ``--config``
file) and always by a logical location: the server, the tool and the JSON Pointer
into the tool's MCP definition.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePath
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import quote

if TYPE_CHECKING:
    from toolbridge.security import Finding, Rule

__all__ = ["SCHEMA", "to_sarif"]

SCHEMA: Final = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
"""The schema SARIF 2.1.0 documents name (OASIS Standard, errata 01)."""

INFORMATION_URI: Final = "https://github.com/toolbridge/toolbridge/blob/main/docs/security.md"

LEVELS: Final[Mapping[str, str]] = {
    "critical": "error",
    "high": "error",
    "medium": "warning",
    "low": "note",
}
"""A severity's SARIF level."""

SECURITY_SEVERITY: Final[Mapping[str, str]] = {
    "critical": "9.5",
    "high": "8.0",
    "medium": "5.5",
    "low": "2.0",
}
"""A severity as the 0-10 score GitHub code scanning reads (over 9.0 is critical,
7.0-8.9 high, 4.0-6.9 medium, below low)."""


def to_sarif(
    findings: Sequence[Finding],
    rules: Mapping[str, Rule],
    *,
    version: str,
    artifact: str | None = None,
) -> dict[str, Any]:
    """The SARIF 2.1.0 log of one scan.

    Args:
        findings: What the scan found, in the order to list them.
        rules: Every rule, by id, in a stable order (what the driver lists).
        version: toolbridge's version.
        artifact: The scanned file's path (INPUT or a ``--config`` file); None for a
            server named by its command or URL, or for stdin.
    """
    index = {rule_id: number for number, rule_id in enumerate(rules)}
    driver: dict[str, Any] = {
        "name": "toolbridge",
        "version": version,
        "semanticVersion": version,
        "informationUri": INFORMATION_URI,
        "rules": [_rule(rule) for rule in rules.values()],
    }
    results = [_result(finding, index, artifact) for finding in findings]
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {"tool": {"driver": driver}, "results": results, "columnKind": "unicodeCodePoints"}
        ],
    }


def _rule(rule: Rule) -> dict[str, Any]:
    return {
        "id": rule.id,
        "name": "".join(word.capitalize() for word in rule.id.split("-")),
        "shortDescription": {"text": rule.title},
        "fullDescription": {"text": rule.description},
        "helpUri": f"{INFORMATION_URI}#{rule.id}",
        "defaultConfiguration": {"level": LEVELS[rule.severity]},
        "properties": {
            "security-severity": SECURITY_SEVERITY[rule.severity],
            "tags": ["security"],
        },
    }


def _result(finding: Finding, index: Mapping[str, int], artifact: str | None) -> dict[str, Any]:
    from toolbridge.security import pointer

    where = pointer(finding.path)
    location: dict[str, Any] = {}
    if artifact is not None:
        location["physicalLocation"] = {"artifactLocation": {"uri": file_uri(artifact)}}
    location["logicalLocations"] = [_logical(finding, where)]
    result: dict[str, Any] = {"ruleId": finding.rule}
    if finding.rule in index:
        result["ruleIndex"] = index[finding.rule]
    message = finding.why + (f" Text: {finding.text}" if finding.text else "")
    result |= {
        "level": LEVELS[finding.severity],
        "message": {"text": message},
        "locations": [location],
        "partialFingerprints": {"toolbridgeFinding/v1": _fingerprint(finding, where)},
        "properties": {
            "severity": finding.severity,
            "security-severity": SECURITY_SEVERITY[finding.severity],
        },
    }
    return result


def _logical(finding: Finding, where: str) -> dict[str, Any]:
    """The server, the tool, and the JSON Pointer into its definition."""
    tool = finding.tool if finding.server is None else f"{finding.server}/{finding.tool}"
    return {
        "name": finding.tool,
        "fullyQualifiedName": f"{tool}#{where}",
        "kind": "function",
        "properties": {"server": finding.server, "tool": finding.tool, "path": where},
    }


def _fingerprint(finding: Finding, where: str) -> str:
    """The same finding in two runs has the same print, whatever else changed."""
    key = "\0".join((finding.rule, finding.server or "", finding.tool, where))
    return hashlib.sha256(key.encode("utf-8", "backslashreplace")).hexdigest()


def file_uri(path: str) -> str:
    """`path` as SARIF's ``artifactLocation.uri``.

    A relative path stays relative (to the repository, for GitHub code scanning); an
    absolute one becomes a ``file://`` URI.
    """
    pure = PurePath(path)
    if pure.is_absolute():
        return Path(path).as_uri()
    return quote(pure.as_posix(), safe="/")
