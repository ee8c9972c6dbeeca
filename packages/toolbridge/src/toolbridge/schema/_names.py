"""Tool-name rules per target, and a reversible map onto names a target accepts.

`NAME_RULES` says, as data, what each target accepts; `check_name` lists what is
wrong with one name; `NameMap.for_target` renames a whole toolset at once so that
every exposed name is valid, no two tools share one, and each maps back.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final, final

from toolbridge.errors import ConversionError, ToolNotFoundError
from toolbridge.schema._report import LossAction, LossEntry

__all__ = ["NAME_RULES", "NameMap", "NameRule", "check_name"]

_FILLER = "_"
_HASH_DIGITS = (8, 12, 16, 24, 32)


@final
@dataclass(frozen=True, slots=True, kw_only=True)
class NameRule:
    """What one target accepts as a tool name."""

    pattern: re.Pattern[str]
    """The whole rule: a name is valid when it matches in full."""
    max_length: int
    """The longest name accepted, in characters."""
    disallowed: re.Pattern[str]
    """Matches one character the target rejects anywhere in a name."""
    first: re.Pattern[str] | None
    """What the first character must match, when the target restricts it."""
    description: str
    """The rule in words, for error messages."""
    rewrite: bool = True
    """Whether `NameMap` rewrites names that break the rule; when false, names pass
    through unchanged (`check_name` still reports them)."""


def _rule(
    chars: str, max_length: int, description: str, *, first: str = "", rewrite: bool = True
) -> NameRule:
    head = f"[{first}]" if first else f"[{chars}]"
    return NameRule(
        pattern=re.compile(rf"{head}[{chars}]{{0,{max_length - 1}}}", re.ASCII),
        max_length=max_length,
        disallowed=re.compile(f"[^{chars}]"),
        first=re.compile(f"[{first}]") if first else None,
        description=description,
        rewrite=rewrite,
    )


_CLASSIC = "1-64 characters of a-z, A-Z, 0-9, '_' and '-'"

NAME_RULES: Mapping[str, NameRule] = MappingProxyType(
    {
        # Anthropic tool use: "name" must match ^[a-zA-Z0-9_-]{1,64}$
        # (https://docs.anthropic.com/en/docs/build-with-claude/tool-use).
        "anthropic": _rule("a-zA-Z0-9_-", 64, _CLASSIC),
        # Bedrock Converse ToolSpecification.name: length 1-64, pattern [a-zA-Z0-9_-]+
        # (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_ToolSpecification.html).
        "bedrock": _rule("a-zA-Z0-9_-", 64, _CLASSIC),
        # google-genai FunctionDeclaration.name: "Must start with a letter or an underscore.
        # Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes, with a
        # maximum length of 64." (https://googleapis.github.io/java-genai/javadoc/google-genai/
        # com.google.genai.types/-function-declaration/-builder/name.html; some Vertex AI v1
        # revisions say 128: the lower bound is kept).
        "gemini": _rule(
            "a-zA-Z0-9_.:-",
            64,
            "1-64 characters of a-z, A-Z, 0-9, '_', '.', ':' and '-', a letter or '_' first",
            first="a-zA-Z_",
        ),
        # MCP 2025-11-25, server/tools#tool-names (SEP-986): names SHOULD be 1-128 characters
        # of A-Z, a-z, 0-9, '_', '-' and '.' (the SEP's draft also allowed '/', the shipped
        # spec does not). A SHOULD, so names pass through unchanged and are only reported.
        "mcp": _rule(
            "a-zA-Z0-9_.-",
            128,
            "1-128 characters of A-Z, a-z, 0-9, '_', '-' and '.'",
            rewrite=False,
        ),
        # OpenAI function name: "Must be a-z, A-Z, 0-9, or contain underscores and dashes, with
        # a maximum length of 64." (https://platform.openai.com/docs/api-reference/chat/create);
        # the Responses API enforces the same rule on function tools.
        "openai": _rule("a-zA-Z0-9_-", 64, _CLASSIC),
        "openai-responses": _rule("a-zA-Z0-9_-", 64, _CLASSIC),
    }
)
"""The name rule of each target, by target name."""


def _rule_for(target: str) -> NameRule:
    try:
        return NAME_RULES[target]
    except KeyError:
        known = ", ".join(sorted(NAME_RULES))
        raise ConversionError(f"no name rule for target {target!r} (known: {known})") from None


def check_name(name: str, target: str) -> list[str]:
    """What is wrong with a tool name for a target.

    Args:
        name: The tool name to check.
        target: A key of `NAME_RULES`.

    Returns:
        One sentence per problem; empty when the target accepts the name.

    Raises:
        ConversionError: The target is unknown.
    """
    rule = _rule_for(target)
    if not name:
        return ["the name is empty"]
    problems: list[str] = []
    if len(name) > rule.max_length:
        problems.append(f"{len(name)} characters, more than {target}'s {rule.max_length}")
    bad = sorted(set(rule.disallowed.findall(name)))
    if bad:
        problems.append(f"{target} does not allow {', '.join(map(repr, bad))}")
    if rule.first is not None and not rule.first.match(name[0]):
        problems.append(f"{target} does not allow {name[0]!r} as the first character")
    if not problems and not rule.pattern.fullmatch(name):  # pragma: no cover - a safety net
        problems.append(f"does not match {target}'s rule: {rule.description}")
    return problems


def _rewrite(name: str, rule: NameRule) -> str:
    """Each rejected character as ``_``, and ``_`` first when the first one is rejected."""
    rewritten = rule.disallowed.sub(_FILLER, name)
    if rule.first is not None and not rule.first.match(rewritten):
        rewritten = _FILLER + rewritten
    return rewritten


def _hashed(name: str, rewritten: str, rule: NameRule, digits: int) -> str:
    """A readable prefix of the rewrite, ``_``, and hex digits of the original's SHA-256."""
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:digits]
    return f"{rewritten[: rule.max_length - digits - 1]}{_FILLER}{digest}"


@final
@dataclass(frozen=True, slots=True)
class NameMap:
    """A one-to-one map between a toolset's original names and those a target is shown.

    Build it with `for_target`. Exposed names depend on the whole set of names (not on
    their order): the same set gives the same map in every run and process.
    """

    target: str
    """The key of `NAME_RULES` the exposed names satisfy."""
    pairs: tuple[tuple[str, str], ...]
    """``(original, exposed)`` for every name, sorted by original."""
    _exposed: Mapping[str, str] = field(init=False, repr=False, compare=False)
    _original: Mapping[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        exposed = dict(self.pairs)
        original = {shown: name for name, shown in self.pairs}
        if len(original) != len(self.pairs) or len(exposed) != len(self.pairs):
            raise ConversionError(f"name map for {self.target!r} is not one-to-one")
        object.__setattr__(self, "_exposed", MappingProxyType(exposed))
        object.__setattr__(self, "_original", MappingProxyType(original))

    @classmethod
    def for_one(cls, name: str, target: str) -> NameMap:
        """`for_target` of one name; the common case (a name the target accepts) is fast.

        Raises:
            ConversionError: As `for_target`.
        """
        rule = _rule_for(target)
        if rule.pattern.fullmatch(name) is None or not name.strip():
            return cls.for_target((name,), target)
        built = object.__new__(cls)
        identity = MappingProxyType({name: name})
        set_target, set_pairs, set_exposed, set_original = _SET_NAME_MAP  # (the slots, directly)
        set_target(built, target)
        set_pairs(built, ((name, name),))
        set_exposed(built, identity)
        set_original(built, identity)
        return built

    @classmethod
    def for_target(cls, names: Iterable[str], target: str) -> NameMap:
        """Map every name onto one the target accepts, one-to-one.

        A name the target accepts is kept as it is. Any other has each rejected
        character replaced by ``_`` (and ``_`` put first when the target rejects its
        first character). When that rewrite is too long, or equals another name or
        another rewrite, the name becomes a prefix of its rewrite, ``_`` and 8 hex
        digits of the SHA-256 of the original (more digits if that is taken too).
        Repeated names are mapped once.

        Args:
            names: The original tool names.
            target: A key of `NAME_RULES`.

        Returns:
            The map.

        Raises:
            ConversionError: The target is unknown, or a name is empty or blank.
        """
        rule = _rule_for(target)
        originals = sorted(set(names))
        for name in originals:
            if not name.strip():
                raise ConversionError(f"tool name {name!r} is empty or blank", path=("name",))
        if not rule.rewrite:
            return cls(target, tuple((name, name) for name in originals))
        exposed = {name: name for name in originals if rule.pattern.fullmatch(name)}
        rewrites = {name: _rewrite(name, rule) for name in originals if name not in exposed}
        counts = Counter(rewrites.values())
        for name, rewritten in rewrites.items():
            if (
                len(rewritten) <= rule.max_length
                and counts[rewritten] == 1
                and rewritten not in exposed
            ):
                exposed[name] = rewritten
        taken = set(exposed.values())
        for name in sorted(rewrites.keys() - exposed.keys()):
            for digits in _HASH_DIGITS:
                candidate = _hashed(name, rewrites[name], rule, digits)
                if candidate not in taken:
                    break
            else:  # pragma: no cover - needs a SHA-256 prefix collision
                raise ConversionError(f"cannot find a free {target} name for tool {name!r}")
            exposed[name] = candidate
            taken.add(candidate)
        return cls(target, tuple(sorted(exposed.items())))

    def exposed(self, original: str) -> str:
        """The name the target is shown for an original name.

        Raises:
            ToolNotFoundError: The name is not in the map.
        """
        try:
            return self._exposed[original]
        except KeyError:
            raise ToolNotFoundError(original) from None

    def original(self, exposed: str) -> str:
        """The original name behind a name the target used (in a tool call, say).

        Raises:
            ToolNotFoundError: No tool is exposed under that name.
        """
        try:
            return self._original[exposed]
        except KeyError:
            raise ToolNotFoundError(exposed) from None

    @property
    def report(self) -> tuple[LossEntry, ...]:
        """A `LossAction.RENAMED` entry for every renamed tool, sorted by original name."""
        rule = NAME_RULES[self.target]
        entries: list[LossEntry] = []
        for name, shown in self.pairs:
            if name == shown:
                continue
            reasons = check_name(name, self.target)
            rewritten = _rewrite(name, rule)
            if shown != rewritten and len(rewritten) <= rule.max_length:
                reasons.append(f"{rewritten!r} is taken by another tool")
            entries.append(
                LossEntry(
                    tool=name,
                    path=("name",),
                    keyword="name",
                    action=LossAction.RENAMED,
                    detail=f"{name!r} -> {shown!r}: {'; '.join(reasons)}",
                )
            )
        return tuple(entries)


_SET_NAME_MAP: Final = tuple(
    NameMap.__dict__[name].__set__ for name in ("target", "pairs", "_exposed", "_original")
)
"""`NameMap.for_one` sets these slots itself: it runs on every conversion of one tool."""
