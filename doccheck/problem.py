"""What every check reports: one problem, where it is (language, file, line or cell; none for
the project as a whole) and what is wrong."""

from __future__ import annotations

from dataclasses import dataclass

from hooks.core.pages import Location


@dataclass(frozen=True)
class Problem:
    location: Location | None
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.message}" if self.location else self.message
