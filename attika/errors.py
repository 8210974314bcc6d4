"""Why the rules refused: one exception type, a rule code and its parameters.

The page words a refusal in the player's language from ``rule`` and ``params``
alone; the English message is for the command line, logs and developers. This
module imports nothing of the package, so every other module may raise it.
"""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid. ``rule`` names the rule; the game is unchanged.

    ``params`` carries the facts a translated message needs (a stack number, a
    building, a count), so no caller has to read them back out of the English.
    """

    def __init__(self, rule: str, message: str, **params: object) -> None:
        super().__init__(message)
        self.rule = rule
        self.params: dict[str, object] = params

    def __reduce__(self) -> tuple[object, ...]:
        # keyword parameters survive pickling and copying like the positional ones
        return (_rebuild, (self.rule, str(self), self.params))


def _rebuild(rule: str, message: str, params: dict[str, object]) -> IllegalAction:
    return IllegalAction(rule, message, **params)
