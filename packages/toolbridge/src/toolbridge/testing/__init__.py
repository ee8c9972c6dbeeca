"""Test doubles for code that uses toolbridge: a scripted model endpoint on loopback.

`ScriptedEndpoint` plays a provider's API back to that provider's real SDK, so a tool
loop can be tested (or demonstrated) offline, end to end.
"""

from toolbridge.testing._endpoint import RecordedRequest, ScriptedEndpoint

__all__ = ["RecordedRequest", "ScriptedEndpoint"]
