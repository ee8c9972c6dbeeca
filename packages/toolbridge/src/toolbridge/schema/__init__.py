"""Schema transforms: pure functions that report what they change.

Each takes a JSON Schema (never modified) and returns a `Transformed`: the new schema
and a tuple of `LossEntry` saying what was dropped, moved into the description,
rewritten, truncated or renamed, and, from a strict writer or the Gemini lowering,
whether the schema is strict and the plan that takes a model's arguments back.
Provider name rules and the reversible `NameMap` live here too, `standard_schema`,
a tool's Standard Schema host, `unsatisfiable`, the plain contradictions that
leave no valid value, and `check_types`, the refusal of a ``type`` that names no JSON
type, which every writer of every target makes.
"""

from toolbridge.schema._anthropic_strict import to_anthropic_strict
from toolbridge.schema._dialects import (
    DIALECTS,
    Dialect,
    convert_dialect,
    from_draft07,
    from_openapi30,
    to_draft07,
    to_openapi30,
)
from toolbridge.schema._gemini import (
    GeminiPlan,
    restore_gemini_arguments,
    to_gemini_schema,
)
from toolbridge.schema._gemini_json import GEMINI_KEYWORDS, to_gemini_json
from toolbridge.schema._malformed import check_type, check_types, names_json_types
from toolbridge.schema._names import NAME_RULES, NameMap, NameRule, check_name
from toolbridge.schema._plans import ArgumentPlan
from toolbridge.schema._refs import inline_refs
from toolbridge.schema._report import LossAction, LossEntry, Transformed
from toolbridge.schema._standard import StandardSchema, standard_schema
from toolbridge.schema._strict import (
    StrictPlan,
    restore_strict_arguments,
    strict_copy,
    to_strict,
)
from toolbridge.schema._unsatisfiable import unsatisfiable

__all__ = [
    "DIALECTS",
    "GEMINI_KEYWORDS",
    "NAME_RULES",
    "ArgumentPlan",
    "Dialect",
    "GeminiPlan",
    "LossAction",
    "LossEntry",
    "NameMap",
    "NameRule",
    "StandardSchema",
    "StrictPlan",
    "Transformed",
    "check_name",
    "check_type",
    "check_types",
    "convert_dialect",
    "from_draft07",
    "from_openapi30",
    "inline_refs",
    "names_json_types",
    "restore_gemini_arguments",
    "restore_strict_arguments",
    "standard_schema",
    "strict_copy",
    "to_anthropic_strict",
    "to_draft07",
    "to_gemini_json",
    "to_gemini_schema",
    "to_openapi30",
    "to_strict",
    "unsatisfiable",
]
