"""The toolbridge plugin for LangChain: hooks only (in progress)."""
