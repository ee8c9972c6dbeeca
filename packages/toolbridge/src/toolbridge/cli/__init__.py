def main() -> None:
    """X."""
