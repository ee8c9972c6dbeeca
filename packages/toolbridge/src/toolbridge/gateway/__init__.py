"""Run a toolset definition: its sources started, its policy, audit and callers applied.

`open_definition` starts what a definition file names and gives the toolset to serve
(``toolbridge serve FILE`` does this), with `OpenDefinition.identify` telling an HTTP
request's caller by its bearer token, and `auth_settings` giving the OAuth resource
server settings of its ``auth`` section.
"""

from toolbridge.gateway._open import OpenDefinition, auth_settings, open_definition

__all__ = ["OpenDefinition", "auth_settings", "open_definition"]
