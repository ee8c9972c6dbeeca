"""Build the optional C accelerator; everything else is declared in pyproject.toml.

``toolbridge._speedups`` is optional: where no C compiler is available the build
goes on without it and toolbridge runs its pure-Python code (same results, slower).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "toolbridge._speedups",
            ["src/toolbridge/_speedups.c"],
            optional=True,
            extra_compile_args=["-O2"],
        )
    ]
)
