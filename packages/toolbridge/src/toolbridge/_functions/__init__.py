"""Tools from plain Python functions: ``@tool``, `from_function`, what they read.

- `_decorator`: ``@tool`` and `from_function`, and `FunctionInvoker`, which runs the
  function as a tool (sync or async, with its context);
- `_signature`: what a callable declares (name, docstring, signature, type hints);
- `_docstrings`: parameter descriptions from Google, NumPy and reST docstrings;
- `_schema`: the input and output JSON Schemas and the call plan built from those;
- `_arguments`: how a validated JSON value becomes the Python value a parameter
  wants (a dataclass, an enum, a tuple...).

Reading a signature needs pydantic only for pydantic models, and imports it only then.
"""

from toolbridge._functions._decorator import FunctionInvoker, from_function, tool

__all__ = ["FunctionInvoker", "from_function", "tool"]
