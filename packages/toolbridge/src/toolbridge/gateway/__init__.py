"""Run a toolset definition: its sources started, its policy, audit and callers applied.

`open_definition` starts what a definition file names and gives the toolset to serve
(``toolbridge serve FILE`` does this), with `OpenDefinition.identify` telling an HTTP
request's caller by its bearer token.
"""

from toolbridge.gateway._open import OpenDefinition, open_definition

__all__ = ["OpenDefinition", "open_definition"]
