"""`ArgumentPlan`: how a model's arguments are taken back to what the tool's schema means.

A strict writer (`StrictPlan`) or a Gemini lowering (`GeminiPlan`) changes a schema
in ways a model's arguments then carry (nulls for optional fields, renamed or
re-typed values); the plan in `Transformed.restore` undoes them. One alias, here,
for every layer that keeps or applies a plan.
"""

from __future__ import annotations

from typing import TypeAlias

from toolbridge.schema._gemini import GeminiPlan
from toolbridge.schema._strict import StrictPlan

__all__ = ["ArgumentPlan"]

ArgumentPlan: TypeAlias = StrictPlan | GeminiPlan
"""How to take a model's arguments back to what the tool's own schema means."""
