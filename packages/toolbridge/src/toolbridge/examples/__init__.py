"""Example tools shipped with toolbridge, to try the command line and the docs on.

Nothing here reaches the network: every answer is made up, deterministically, from
the arguments. Try ``toolbridge inspect toolbridge.examples.weather:get_forecast``.
"""
