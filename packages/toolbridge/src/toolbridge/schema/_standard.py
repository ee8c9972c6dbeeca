"""A Standard Schema host for a tool's arguments (``standard_schema(tool)["~standard"]``).

Standard Schema (standardschema.dev) is the shape tool-schema libraries share so that
any host can validate with any of them: ``version``, ``vendor``, ``validate(value)``
returning ``{"value": ...}`` or ``{"issues": [{"message", "path"}]}``, and the
Standard JSON Schema getters ``jsonSchema.input(options)`` / ``.output(options)``,
whose ``target`` may be ``draft-2020-12`` (the default), ``draft-07`` or
``openapi-3.0`` (converted by `convert_dialect`; its loss report is not returned).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, final

from toolbridge._json import thaw
from toolbridge.errors import ConversionError
from toolbridge.schema._dialects import DIALECTS, convert_dialect

if TYPE_CHECKING:
    from toolbridge._tool import Tool

__all__ = ["StandardSchema", "standard_schema"]

_SUPPORTED_TARGETS = DIALECTS


def standard_schema(tool: Tool) -> StandardSchema:
    """A Standard Schema host for `tool`: ``standard_schema(tool)["~standard"]["validate"](v)``.

    For code that validates through that shared interface (standardschema.dev).
    """
    return StandardSchema(tool)


@final
class StandardSchema(Mapping[str, Any]):
    """A read-only mapping with one key, ``"~standard"``, for one tool."""

    __slots__ = ("_tool",)

    def __init__(self, tool: Tool) -> None:
        self._tool = tool

    def __getitem__(self, key: str) -> Any:
        if key != "~standard":
            raise KeyError(key)
        return {
            "version": 1,
            "vendor": "toolbridge",
            "validate": self.validate,
            "jsonSchema": {"input": self.input_json_schema, "output": self.output_json_schema},
        }

    def __iter__(self) -> Iterator[str]:
        yield "~standard"

    def __len__(self) -> int:
        return 1

    def validate(self, value: Any) -> dict[str, Any]:
        """``{"value": normalised}`` on success, ``{"issues": [...]}`` on failure."""
        checked = self._tool.validator.validate_arguments(value)
        if checked.ok:
            return {"value": checked.value}
        return {
            "issues": [
                {"message": issue.message, "path": list(issue.path)} for issue in checked.issues
            ]
        }

    def input_json_schema(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The input schema for ``options["target"]`` (``draft-2020-12``, the default)."""
        return _export(self._tool.input_schema, options)

    def output_json_schema(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """The output schema; ``{}`` (anything) when the tool declares none."""
        return _export(self._tool.output_schema or {}, options)


def _export(schema: Mapping[str, Any], options: Mapping[str, Any] | None) -> dict[str, Any]:
    """A plain copy of `schema` in the asked-for target dialect."""
    target = (options or {}).get("target", "draft-2020-12")
    if target not in _SUPPORTED_TARGETS:
        raise ConversionError(
            f"JSON Schema target {target!r} is not supported; use one of {_SUPPORTED_TARGETS}"
        )
    # A schema that declares draft-07 is read as draft-07; any other as 2020-12.
    source = "draft-07" if "draft-07" in str(schema.get("$schema", "")) else "draft-2020-12"
    exported: dict[str, Any] = thaw(convert_dialect(schema, source, target).schema)
    return exported
