"""The toolbridge plugin for the OpenAI Agents SDK: hooks only (in progress)."""
