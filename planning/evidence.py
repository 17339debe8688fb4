"""What a user's answer means, as evidence about one finding."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Answer:
    """An answer to the question about ``finding``.

    ``states`` is ``None`` for "not sure" (vacuous: it changes nothing), one state for a crisp
    answer, or several states for a set-valued answer ("it is one of these"). ``reliability``
    is the discount rate for a hedged answer ("I think so" -> e.g. 0.7): the answer's
    plausibilities are lifted as ``a * pl + (1 - a)``, which keeps the belief in product form.
    """

    finding: str
    states: tuple[str, ...] | None
    reliability: float = 1.0

    def __post_init__(self) -> None:
        if not 0.0 <= self.reliability <= 1.0:
            raise ValueError(f"reliability {self.reliability} not in [0, 1]")
        if self.states is not None and len(self.states) == 0:
            raise ValueError("an answer with no states; use None for 'not sure'")

    @classmethod
    def crisp(cls, finding: str, state: str) -> Answer:
        return cls(finding, (state,))

    @classmethod
    def unsure(cls, finding: str) -> Answer:
        return cls(finding, None)

    @property
    def is_vacuous(self) -> bool:
        return self.states is None or self.reliability == 0.0
