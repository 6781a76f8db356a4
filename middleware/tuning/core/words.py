"""Small pieces of English shared by every module that speaks to people."""


def and_join(parts: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return parts[0] if len(parts) == 1 else ', '.join(parts[:-1]) + ' and ' + parts[-1]


def quoted(text) -> str:
    """A name a person gave, in typographic quotes and as typed: “Bob's D:\\tmp "x"” (no escaping, unlike repr)."""
    return f'“{text}”'
