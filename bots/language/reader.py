"""Reading one message against one yes/no question: which way does it answer, how firmly.

Each sentence (and each "but" clause) of a message is read against the question's profile
(:class:`QuestionProfile`: its content words, the words it negates, whether it asks about a
problem or about normal function, whether it is an "only when" question):

- an explicit answer ("yes", "nope", "I don't think so") decides at once;
- a sentence about the user's ability to check ("I can check that"), an "I don't know", or a
  question back ("how do I check?") answers nothing;
- a sentence saying the user cannot check ("I can't access the settings page", "I don't own a
  multimeter") answers nothing either (the interpreter makes it a "how do I check?");
- a judgement of the state ("it's fine", "it stays cool") answers a question about a problem
  with no and a question about normal function with yes; an opposite state
  (:mod:`~bots.language.lexicon`: "switched off" to "is it on?", "turns easily" to "is it hard
  to turn?", "intermittently" to "all the time?") answers no, and yes when negated; a number
  read out answers a threshold question (:mod:`~bots.language.comparison`);
- "only when" questions: a broader answer says no, a negated statement about another condition
  says yes; "did you ...?" questions are answered by what the user reports doing;
- how often: "every now and then" answers "does it flicker?" yes, but "always?" no; "rarely"
  answers "often?" no; "only on cold mornings" answers "every time?" no;
- a state named in the answer's own "when ..." clause is its condition, not its answer ("the
  wheel is crooked when the tires are straight"), and a negation there negates nothing ("it
  loses 20% an hour even when I'm not using it"); "not X unless <the question's condition>"
  is a yes; to "A or B?" a clause affirming either alternative is a yes;
- a yes said after the statement agrees with its clause ("a bit loud yeah" to "too loud?");
  to "does it change?" one state giving way to another is a yes ("quiet until 40, then
  louder"); a fault named where the question asks whether something works is a no ("it dies
  every time" to "does it stay lit?");
- to "does it charge?" (a process whose level moves) a level held still is a no ("stays at
  12% however long it is plugged in"), one that creeps up a yes; "X out of Y" answers a
  percentage; a person doing what "does it ... by itself?" asks about is a no ("only when i
  restart it myself"); to "... even when it is not hot?" a (yes and a) when-clause naming only
  the excluded condition is a no ("yes it freezes when its hot"), an "even when" clause naming
  another a yes; what was found after a report of what was done is read on its own ("i
  checked all four and they look clean");
- an answer that gives the thing asked about a position on the scale of the state asked
  (:mod:`~bots.language.scales`) in other words than the question's answers no where the
  position differs ("it sits level" to "is the car lower on one side?", "it shows as ready"
  to "is the printer offline?") and yes where it agrees ("spongy" to "is the pedal soft?");
- otherwise a restatement sharing content words with the question answers yes, or no when it
  carries a negation that is not an echo of the question's own ("does it freeze even when it
  is not hot?" - "it freezes even when it's not hot" is a yes).

The strongest sentence decides ("but" clauses weigh a little more); hedges ("probably",
"I think") lower the reliability.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from . import expected
from . import text as tx
from .comparison import Comparison, answer_value, mark_answer, question_comparison, question_mark
from .conditions import Pair, condition_reading, question_pairs
from .cues import (
    ABSENCE_WORDS,
    ACTION_REPORT,
    ALTERNATIVE,
    APPEARANCE,
    APPEARANCE_RELIABILITY,
    ASKS_ALWAYS,
    ASKS_DAILY,
    ASKS_OFTEN,
    AT_ONCE,
    BOTH,
    BROADENING,
    CHECK_STATE_WORDS,
    DEGREE_YES,
    DISCLAIMER,
    DISCOURSE,
    DOUBT_RELIABILITY,
    EMPHATIC,
    FREQUENCY,
    GOOD_PHRASES,
    GOOD_WORDS,
    HEDGE,
    HEDGE_RELIABILITY,
    HOW,
    HOW_OFTEN,
    IDLE_NEGATION,
    INABILITY_TOOLS,
    LEAD_HEDGED,
    META,
    NEGATIONS,
    NO_FOLLOWERS,
    NO_WORDS,
    NOT_PROBLEMS,
    OFF_STATE_A,
    OFF_STATE_Q,
    ON_STATE_A,
    ON_STATE_Q,
    PROBLEM_PHRASES,
    PROBLEM_WORDS,
    PRONOUNS,
    QUOTED,
    REPORT_PREFIX,
    RESTRICTED_ANSWER,
    UNSURE,
    WAITS_FOR,
    WHOLE_NO,
    WHOLE_YES,
    WHY,
    YES_WORDS,
)
from .dictionary import is_word
from .lexicon import exclusive_words, noise_kind_words, opposites, same_side
from .messages import reports_message, reports_other
from .preference import preferred_answer
from .scales import Position, bounds, compare, positions
from .sides import asks_whole, one_part, other_side, other_zone

OPPOSITES = opposites()
SAME_SIDE = same_side()
EXCLUSIVE = exclusive_words()
_NOISE_KIND_WORDS = noise_kind_words()
# The general word for a noise ("noise" and "sound" share it): any kind of noise is one.
_A_NOISE = tx.canonical("noise")
# Phrases whose words do not name a state or an amount ("pull over", "hard drive", "at least").
_NOT_STATES = re.compile(
    r"\b(?:pull|pulled|pulling|turn|turned|hand|handed|look|looked|go|went|think|thought)\s+"
    r"over\b|\bhard\s+(?:drive|disk)s?\b|\bmore\s+or\s+less\b|\b(?:no|any|once)\s+more\b|"
    r"\bat\s+least\b|\bin\s+front\s+of\b|\b(?:go|come|came|went|turn|get|got)\s+back\b|"
    r"\bback\s+(?:on|in|up|to)\b|"
    r"\bright\s+(?:away|now|there|here|at|after|before|on|in|up|off|when|as|then|side\s+up)\b|"
    r"\b(?:all|that\s+is|is|it\s+is|you\s+are|looks|seems|feels|sounds)\s+right\b|"
    r"\bsame\s+(?:thing|result|results|problem|issue|issues|story|again|outcome|deal)\b"
)
# "Tried another cable, same thing": the fault persists after what was tried, which is not
# the lexicon's "same" against "different" ("with a different cable?").
_SAME_OUTCOME = re.compile(
    r"\bsame\s+(?:thing|result|results|problem|issue|issues|story|again|outcome|deal)\b"
)
# What was tried ended as before, said through a verb or "no change" (lead19: "tried f8 but it
# loops the same" to "able to boot in Safe Mode?" was a yes): read only where the question
# asks how a try turned out (_TRIAL_ASKED).
_SAME_AFTER_TRY = re.compile(
    r"\b(?:still|exactly|just)\s+the\s+same\b"
    r"|\b(?:do|does|did|doing|done|happens?|happened|loops?|looped|looping|restarts?|restarted|"
    r"reboots?|rebooted|behaves?|behaved|acts?|acted|goes|went|going|comes?|came)\s+"
    r"(?:(?:exactly|just|round\s+in|on)\s+)?the\s+same\b"
    r"|\bsame\s+as\s+(?:before|usual|always|ever|it\s+did|last\s+time)\b"
    r"|\bsame\s+(?:loop|way|error|message|screen)\b"
    r"|\b(?:made\s+)?no\s+(?:change|difference)\b"
    r"|\b(?:did|does|do)\s+not\s+(?:change|make\s+(?:a\s+|any\s+)?difference)\b"
)
_NOT_SAME = re.compile(r"\bnot\s+(?:exactly\s+|quite\s+)?the\s+same\b")
_TRIAL_ASKED = re.compile(r"\b(?:after|if|when|without|using|now|able\s+to)\b")
# "It's the same whether I turn or not": the difference a question asks about is not there.
_NO_DIFFERENCE = re.compile(
    r"\b(?:same|no\s+different|no\s+difference|unchanged|"
    r"(?:does|do|did)\s*(?:not|n't)\s+change)\b"
    r".*\b(?:whether|no\s+matter|either\s+way|regardless|or\s+not|or\s+off|both\s+ways)\b"
)
_ASKS_DIFFERENCE = re.compile(
    r"\b(?:louder|quieter|worse|better|change|changes|differ\w*|faster|slower|stronger|"
    r"weaker|more|less|only|but\s+not)\b"
)
_ON_STATE = re.compile(
    r"\b(?:is|are|was|were|stays?|stayed|remains?|comes?|came|turns?|turned|switched|powered|"
    r"still|left|goes|went|be|being)\s+(?:back\s+)?on\b|\bon\W*$"
)
# A question's leading condition ("if you pull over and stay idle, does ...") sets up the
# test; the state asked about is in the main clause.
_LEADING_CONDITION = re.compile(r"^\s*(?:if|when|once|after|while)\b[^,?]{0,80},\s*")
# "undamaged", "non-responsive": the prefix negates a word the reader knows.
_UN_PREFIX = re.compile(r"\b(?:un|non-?)([a-z]{4,})\b")
_NOT_UN = frozenset({"unless", "until", "united", "universal", "university", "unique", "uniform"})
# Sentences about the user's means to check, not the answer: "I can't access the settings",
# "I don't own a multimeter" (unless what they cannot reach is what the question asks about).
# Each pattern is tried on its own: "got no way of testing that" is no tool named ("got no
# ..."), and must still be read as no way to check.
_CHECK_VERB = r"(?:check|test|tell|know|measur|verif|find|see|inspect)\w*"
# "can't see it" is doubt about what is there, not a missing means of checking.
_TEST_VERB = r"(?:check|test|measur|verif|inspect)\w*"
_INABILITY = tuple(
    re.compile(p)
    for p in (
        r"\b(?:can\s+not|could\s+not|unable\s+to|not\s+able\s+to)\s+(?:access|reach|"
        r"get\s+(?:to|into|at)|log\s*(?:in|into|on)|locate|find|open\s+up)\b(?P<object>.*)$",
        r"\b(?:(?:do|did)\s+not\s+(?:own|have)|(?:(?:have|has)\s+)?not\s+got|(?:have|has|got)\s+no)"
        r"\s+(?P<tool>.*)$",
        # "wouldn't know where to look", "don't know how to test it": no way to check.
        r"\b(?:would|do|did)\s+not\s+know\s+(?:where|how|what)\s+to\b",
        r"\b(?:do|did)\s+not\s+(?:know|remember|have)\s+(?:\w+\s+){0,3}?(?P<secret>password|"
        r"login|credentials|username|user\s+name|details|code|pin)\b",
        # "no way of knowing", "no way for me to check", "not got anything to measure the
        # flow", "nothing on my phone to see that": a means of checking said to be absent.
        rf"\b(?:(?:no|any)\s+(?:way|means)|nothing|not\s+(?:\w+\s+)?anything)\s+"
        rf"(?:\w+\s+){{0,3}}?(?:of|to)\s+{_CHECK_VERB}",
        # "nothing to measure it with", "not anything here to compare it with": the thing to
        # check with (an instrument) is absent, whatever the check is called.
        r"\b(?:nothing|not\s+(?:\w+\s+)?anything)\s+(?:\w+\s+){0,3}?to\s+\w+\s+"
        r"(?:\w+\s+)?with\b",
        # "no meter here", "no clamp meter, sorry", "without a multimeter i cant tell": a tool
        # (or a check, "no test strips") named under "no" / "without" (_names_a_means).
        r"\b(?:no|without)\s+(?:a\s+|an\s+|any\s+)?(?P<means>\w+(?:\s+\w+){0,2})",
        # "i would need a meter for that and i dont have one": a means needed, and not had.
        r"\bneed\w*\s+(?:a|an|some)\s+(?P<means>\w+(?:\s+\w+)?)\b.*\b(?:do|did|have|has)\s+"
        r"not\s+(?:have|got|own)\b",
        rf"\b(?:can\s+not|unable\s+to|not\s+able\s+to)\s+{_TEST_VERB}\s+(?:that|this|it)\b",
        # "i havent checked", "didnt look": nothing found either way (lead17: read as "no",
        # and a conclusion rested on it), unless checking is what the question asks about.
        r"\b(?:have|has|did)\s+not\s+(?:yet\s+|actually\s+|really\s+)?"
        r"(?P<done>check|look|test|measur|inspect)\w*",
    )
)
_CHECKING = frozenset(tx.canonical(w) for w in ("check", "checked", "inspect", "look", "test"))
# "have you checked the port for bent pins?", "did you look at the tyres?": whether the user
# did the checking is what is asked, so "i havent looked" answers it.
_ASKS_CHECKING = re.compile(
    r"\s*(?:did|have)\s+you\s+(?:\w+\s+)?(?:check|look|test|inspect|measur)"
)
# Words any answer may add without naming another condition ("I hear it", "my car makes it").
_GENERIC_WORDS = frozenset(
    tx.canonical(w)
    for w in ("hear", "make", "makes", "made", "notice", "noticed", "happen", "happens", "any")
)

# Reading strengths: which sentence of a message decides it.
EXPLICIT = 10.0
JUDGED = 5.0
NEGATED = 2.0
RESTATED = 1.0
PRONOUN = 0.8


@dataclass(frozen=True)
class Reading:
    """How one sentence bears on one question: polarity +1 yes / -1 no / 0 none.

    ``strength`` orders the sentences of a message: an explicit yes/no (EXPLICIT), a
    judgement of the state or an opposite word (JUDGED), a negated restatement (NEGATED), a
    plain restatement (RESTATED), a short reply about "it" (PRONOUN); each plus a little for
    the number of words shared with the question. 0: nothing to do with the question.
    """

    polarity: int
    strength: float
    reliability: float
    cue: str


# -- the question's side ---------------------------------------------------------------------


@dataclass(frozen=True)
class QuestionProfile:
    """What the reader needs to know about a question.

    ``words``: canonical content words; ``negated``: those under a negation in the question;
    ``kind``: +1 asks about normal function, -1 about a problem, 0 neither; ``restrictive``:
    an "only when" question; ``alternative``: words of an "as opposed to X" alternative;
    ``on_state``: asks whether something is switched on.
    """

    words: frozenset[str]
    negated: frozenset[str]
    kind: int
    restrictive: bool
    alternative: frozenset[str]
    on_state: bool
    asks_action: bool = False
    off_state: bool = False
    only: bool = False
    restricts: frozenset[str] = frozenset()
    lexical: frozenset[str] = frozenset()
    comparison: Comparison | None = None
    how_often: int = 1
    waits: bool = False
    main: frozenset[str] = frozenset()
    disjunctive: frozenset[str] = frozenset()
    asks_message: bool = False
    only_when: frozenset[str] = frozenset()
    denied_head: frozenset[str] = frozenset()
    main_negated: frozenset[str] | None = None
    no_difference_asked: bool = False
    mark: tuple[str, str] | None = None
    quotes: bool = False
    excess: frozenset[str] = frozenset()
    asks_failure: bool = False
    # A failure of one thing, not of all of them ("a single lamp failure?", not "have all the
    # accessories failed?", where one part not working says nothing of the rest).
    asks_one_failure: bool = False
    process: bool = False
    by_itself: bool = False
    excludes: frozenset[str] = frozenset()
    ceases: bool = False
    asks_change: bool = False
    asks_ability: bool = False
    hopes_absent: bool = False
    scales: tuple[Position, ...] = ()
    # Asks how a try turned out ("... after X?", "able to ...?"): the reading of "it did the
    # same", -1 (it did not work), or +1 where it asks whether the trouble is still there.
    after_try: int = 0
    whole: bool = False
    question: str = ""
    pairs: tuple[Pair, ...] = ()


_QUANTITIES = frozenset(
    [
        "temperature",
        "temperatures",
        "temp",
        "temps",
        "pressure",
        "pressures",
        "level",
        "levels",
        "speed",
        "speeds",
        "voltage",
        "volume",
        "weight",
        "size",
        "amount",
        "rate",
    ]
)


# The fault a question hopes is absent: "free of X", "without (finding|showing) any X".
_FREE_OF = re.compile(
    r"\b(?:free\s+(?:of|from)|clear\s+of|without\s+(?:(?:finding|showing|reporting|"
    r"giving|throwing)\s+)?any)\s+(?P<what>[a-z' -]+)"
)


@lru_cache(maxsize=4096)
def question_profile(question: str) -> QuestionProfile:
    normalised = tx.normalise(question)
    toks = tx.tokens(normalised)
    # "in just a few days?", "only 2 hours?": an amount, not a restriction to a condition.
    restricting = _ONLY_AMOUNT.sub(" ", normalised)
    words = frozenset(tx.content(toks))
    fails = _asks_failure(toks)
    # A quoted name ("a 'No Operating System' message") negates nothing.
    negated = frozenset(_negated_words(tx.tokens(QUOTED.sub(" ", normalised))))
    stems = [tx.stem(t) for t in tx.tokens(NOT_PROBLEMS.sub(" ", normalised))]
    problem = sum(1 for s in stems if s in PROBLEM_WORDS)
    if not problem:
        # A problem the main clause names by a word the lexicon files under one ("a bulge" is
        # swollen); not one in its condition ("... when the engine warms up?"), nor a quantity
        # the lexicon files under a state ("temperature" under hot).
        main = _CONDITION.sub(" ", _LEADING_CONDITION.sub("", NOT_PROBLEMS.sub(" ", normalised)))
        problem = sum(
            1 for t in tx.tokens(main) if tx.canonical(t) in PROBLEM_WORDS and t not in _QUANTITIES
        )
    problem += len(PROBLEM_PHRASES.findall(normalised))
    good = sum(1 for t in toks if t in CHECK_STATE_WORDS)
    freed = _FREE_OF.search(normalised)
    if freed:
        # "are the terminals free of corrosion?", "did the check finish without finding any
        # errors?": the fault is what the question hopes is absent; it asks about things
        # being right ("they look clean" is a yes, not a no).
        absent = sum(1 for t in tx.tokens(freed.group("what")) if tx.stem(t) in PROBLEM_WORDS)
        problem -= absent
        good += absent + 1
    kind = -1 if problem > good else (1 if good > problem else 0)
    alternative: frozenset[str] = frozenset()
    match = ALTERNATIVE.search(normalised)
    if match:
        alternative = frozenset(tx.content(tx.tokens(match.group(1)))) - frozenset(
            tx.content(tx.tokens(normalised[: match.start()]))
        )
    return QuestionProfile(
        words,
        negated,
        kind,
        restrictive=bool(re.search(r"\b(?:only|just)\b", restricting)),
        alternative=alternative,
        on_state=bool(ON_STATE_Q.search(normalised)),
        after_try=(
            0
            if not _TRIAL_ASKED.search(normalised)
            else (1 if re.search(r"\bstill\b", normalised) else -1)
        ),
        asks_action=bool(re.match(r"\s*(?:did|have)\s+you\b", normalised)),
        off_state=bool(OFF_STATE_Q.search(normalised)),
        only=bool(re.search(r"\bonly\b", restricting)),
        restricts=frozenset(_condition_words(normalised)),
        lexical=frozenset(_state_words(normalised)),
        main=frozenset(_state_words(normalised, main_only=True)),
        disjunctive=frozenset(_alternatives(QUOTED.sub(" ", normalised))),
        asks_message=bool(_MESSAGE.search(normalised)),
        comparison=question_comparison(normalised),
        how_often=_asks_how_often(normalised),
        waits=bool(WAITS_FOR.search(_LEADING_CONDITION.sub("", normalised))),
        only_when=frozenset(_only_condition(restricting)),
        denied_head=frozenset(
            _denied_head(tx.tokens(_CONDITION.sub(" ", _LEADING_CONDITION.sub("", normalised))))
        ),
        main_negated=_main_negated(_LEADING_CONDITION.sub("", normalised)),
        mark=question_mark(normalised),
        quotes=bool(QUOTED.search(normalised)),
        excess=_excess(normalised),
        asks_failure=fails,
        asks_one_failure=fails and not {"all", "every", "both", "each"} & set(toks),
        process=_asks_process(normalised),
        by_itself=bool(BY_ITSELF.search(normalised)),
        ceases=_asks_ceasing(normalised),
        asks_change=_asks_change(normalised),
        hopes_absent=bool(freed),
        asks_ability=bool(re.search(r"^\s*(?:can|could)\s+you\b|\bable\s+to\b", normalised)),
        excludes=frozenset(_excluded_condition(normalised)),
        scales=tuple(_scale_positions(_SCALE_CONDITION.sub(" ", QUOTED.sub(" ", normalised)))),
        whole=asks_whole(QUOTED.sub(" ", normalised)),
        question=normalised,
        pairs=question_pairs(QUOTED.sub(" ", normalised)),
        no_difference_asked=bool(
            _ASKS_DIFFERENCE.search(normalised)
            and not re.search(
                r"\b(?:same|constant|steady)\b", _LEADING_CONDITION.sub("", normalised)
            )
        ),
    )


def _denied_head(toks: Sequence[str]) -> set[str]:
    """What the main clause's first negation denies, its next two words ("fail to connect"
    -> connect, "not sitting level" -> sit, level); empty without one ("does it freeze even
    when it is not hot?" negates its condition)."""
    for i, t in enumerate(toks):
        if t in _QUESTION_NEGATIONS and t not in ("without", "no", "nothing", "none"):
            return set(tx.content(_clause(toks[i + 1 : i + 3])))
    return set()


# "in just a few days?", "only 2 hours?": "only"/"just" before an amount bounds the amount;
# it does not restrict the question to a condition (so "every time it sits a few days" is not
# a broadening of it).
_ONLY_AMOUNT = re.compile(
    r"\b(?:only|just)\s+(?=(?:a\s+(?:few|couple|little|bit|handful)|\d|two|three|four|five|six|"
    r"seven|eight|nine|ten|twelve|twenty|thirty|(?:a|an)\s+(?:second|minute|hour|day|week|"
    r"month|year|mile)s?)\b)"
)
# Whether something happens without anyone doing it.
BY_ITSELF = re.compile(
    r"\b(?:by\s+(?:itself|themselves)|on\s+(?:its|their)\s+own|automatically|spontaneously|"
    r"randomly|at\s+random|for\s+no\s+(?:apparent\s+)?reason|out\s+of\s+nowhere)\b"
)
# A process whose level moves ("does it charge?", "is it downloading?", "does it warm up?"):
# an answer that holds the level still says it does not happen.
_PROCESS_VERB = re.compile(
    r"\b(?:charg(?:e|es|ing)|download(?:s|ing)?|upload(?:s|ing)?|install(?:s|ing)?|"
    r"fill(?:s|ing)?(?:\s+up)?|load(?:s|ing)|inflat(?:e|es|ing)|(?:warm|heat)(?:s|ing)?\s+up|"
    r"progress(?:es|ing)?|sync(?:s|ing)?)\b"
)
_HALT_ASKED = re.compile(
    r"\b(?:stuck|stop\w*|froze\w*|freez\w*|hang\w*|fail\w*|stall\w*|not|never)\b"
)


# A question whose main clause asks whether something ends ("does the ticking go away once
# it warms up?", "has the bleeding stopped?"), and an answer that says it goes on ("still
# ticking after 20 min", "it keeps squealing the whole drive"): a no, whatever word of the
# question it restates.
_CEASES = re.compile(
    r"\b(?:stop(?:s|ped|ping)?|go(?:es)?\s+away|gone(?:\s+away)?|went\s+away|disappear\w*|"
    r"(?:clear|clears|cleared|die|dies|died|calm|calms|calmed|settle|settles|settled|ease|eases|"
    r"eased|quiet|quiets|quieten\w*|wear|wears|wore|fade|fades|faded)\s+(?:up|down|off|away)|"
    r"subside\w*|fade[sd]?|cease\w*|vanish\w*)\b"
)
_GOES_ON = re.compile(
    r"\b(?:still|keeps?|kept|continu\w*|persist\w*|carr(?:y|ies|ied)\s+on|goes\s+on|"
    r"the\s+whole\s+(?:time|way|drive|trip|journey|day|night|while)|"
    r"all\s+(?:the\s+time|day|night|the\s+way)|non\W?stop|constantly|the\s+entire)\b"
)


def _asks_ceasing(normalised: str) -> bool:
    """The main clause (a leading condition left out) asks whether something ends; not a
    question that denies it ("does it fail to stop?") nor one about what stops another thing
    ("do the brakes stop the car?" asks about the car moving, which "still" cannot answer)."""
    main = _LEADING_CONDITION.sub("", normalised)
    match = _CEASES.search(_CONDITION.sub(" ", main) or main)
    if not match or re.search(r"\b(?:not|never|fail\w*)\b", main[: match.start()]):
        return False
    following = main[match.end() :].split()
    return not (following and following[0] in ("the", "a", "an", "my", "your", "it", "them"))


def _goes_on(s: str) -> bool:
    """The answer says the thing goes on and names no end of it ("it stops after a while",
    "it keeps ticking until it warms up" end it)."""
    return (
        bool(_GOES_ON.search(s))
        and not _CEASES.search(s)
        and not re.search(r"\b(?:until|till|then|except|apart\s+from)\b", s)
    )


# A question about a change ("does it get faster when you rev it?", "do the lights dim at
# idle?", "does the pull change direction?") and an answer that says nothing changes.
_CHANGE_VERB = re.compile(
    r"\b(?:gets?|getting|becomes?|grows?|turns?)\s+(?:\w+er|more|less|worse|better)\b|"
    r"\b(?:chang(?:e|es|ed)|var(?:y|ies)|dims?|brightens?|increases?|decreases?|rises?|"
    r"speeds?\s+up|slows?\s+down|louder|quieter|faster|slower|stronger|weaker|brighter|"
    r"dimmer|higher|lower|worse|better)\b|\b[a-z]{3,}er\s+than\b|\b(?:more|less)\s+\w+\s+than\b"
)
_STAYS_SAME = re.compile(
    r"\b(?:stays?|stayed|remains?|remained|is|are|was|were|its|it's|sounds?|sounded|looks?|"
    r"looked|feels?|felt|seems?|seemed)\s+(?:exactly\s+|just\s+|about\s+|pretty\s+much\s+|basically\s+)?the\s+same\b|"
    r"\b(?:just|exactly|same)\s+(?:like|as)\s+before\b|\bunchanged\b|\bno\s+change\b"
)


def _asks_change(normalised: str) -> bool:
    """The main clause asks whether something changes, and does not itself ask whether it
    stays the same ("does it stay the same?", "the same side?")."""
    main = _LEADING_CONDITION.sub("", normalised)
    return bool(_CHANGE_VERB.search(main)) and not re.search(
        r"\b(?:same|stays?|remains?|constant|steady|still)\b", main
    )


# A reply that says the thing asked about is all right, and no more: "the steering is fine",
# "they look normal", "fuse is ok".
_SAID_ALL_RIGHT = re.compile(
    r"\b(?:is|are|was|were|be|its|it's|theyre|they're|looks?|looked|seems?|seemed|feels?|felt|"
    r"sounds?|sounded)\s+(?:\w+ly\s+|pretty\s+|just\s+|all\s+|quite\s+)?"
    r"(?:fine|ok|okay|normal|good|great|perfect|alright|all\s+right)\b"
)
# What happens in place of the asked thing: "a blue screen instead", "goes straight to
# windows" (not "straight away").
_INSTEAD = re.compile(r"\binstead\b|\b(?:goes|went|boots?|booted)\s+straight\s+(?:in)?to\b")
# "Goes straight to windows" is in place of what the question asks to see ("does it show the
# bios screen?"), but it is the very thing asked where the question asks whether it boots,
# starts or turns on: reaching a screen is that process done.
_STRAIGHT_TO = re.compile(r"\b(?:goes|went|boots?|booted)\s+straight\s+(?:in)?to\b")
_ASKS_DESTINATION = re.compile(
    r"\b(?:show|shows|showing|display|displays|see|get|reach|message|screen|menu|page|bios|prompt"
    r"|error|logo|option|options|mode|setup|recovery)\b"
)
# The reading of a reply the reader cannot tell a yes from a no in: asked back, not guessed.
UNDECIDED = "yes or no unclear"
# The reading of a reply that gives both answers at once (cues.BOTH): taken as "not sure".
BOTH_ANSWERS = "both answers"
# A question about whether something changes is answered yes by "it varies".
_ASKS_VARIATION = re.compile(r"\b(?:vary|varies|varying|variable|depend|depends|change|changes)\b")


def _asks_process(normalised: str) -> bool:
    """The main clause asks whether a process goes on (its level moves), not about a halt."""
    main = _CONDITION.sub(" ", _LEADING_CONDITION.sub("", normalised))
    return bool(_PROCESS_VERB.search(main)) and not _HALT_ASKED.search(normalised)


def _excluded_condition(normalised: str) -> set[str]:
    """What an "even when not ...?" question excludes ("does it freeze even when it is not
    hot?" -> hot); empty without one."""
    match = re.search(r"\beven\s+(?:when|if|while|though|after|with|without)\b(.*)$", normalised)
    return set(_negated_words(tx.tokens(match.group(0)))) if match else set()


_HEAD_SUBORDINATE = frozenset(
    {"when", "whenever", "while", "if", "even", "unless", "after", "before", "because", "once"}
)


def _main_negated(normalised: str) -> frozenset[str] | None:
    """What the question's main clause denies, when it asks about a negated state ("is the
    battery not detected?" -> detect, "do some keys not respond?" -> work, "does it fail to
    unlock?" -> unlock, "does it say 'plugged in, not charging'?" -> charg); None for a
    negated condition ("... even when it is not hot?") or a "without" phrase ("boot without
    displaying anything?")."""
    toks = tx.tokens((tx.sentences(normalised) or [normalised])[-1])  # "Check X. Is Y not Z?"
    for i, t in enumerate(toks):
        if t in _HEAD_SUBORDINATE:
            return None
        if t in ("fail", "fails") and _fails_as_state(toks, i):
            continue  # "did the update fail?" asks about a failure; it denies nothing
        if t in ("not", "never", "fail", "fails", "cannot") or t.endswith("n't"):
            return frozenset(tx.content(_clause(toks[i + 1 : i + 3])))
    return None


_TOO = re.compile(r"\btoo\s+(?!much\b|many\b|often\b|long\b|far\b)([a-z]+)")
# Before the state's word: less of it than "too" asks ("just slightly warm"), or more ("so
# hot I can't hold it").
_MITIGATED = re.compile(
    r"\b(?:slightly|little|bit|tad|somewhat|mildly|barely|fairly|moderately|reasonably)\s*$"
)
_INTENSIFIED = re.compile(
    r"\b(?:so|really|very|extremely|super|incredibly|insanely|too|way|scorching|burning)\s*$"
)


def _excess(normalised: str) -> frozenset[str]:
    """The state a "too X" question asks about, with its near-synonyms ("too hot to touch?":
    hot, warm, boiling ...); empty without "too"."""
    match = _TOO.search(_LEADING_CONDITION.sub("", normalised))
    if not match:
        return frozenset()
    word = tx.canonical(match.group(1))
    return frozenset({word} | SAME_SIDE.get(word, frozenset()))


def _degree(s: str, profile: QuestionProfile) -> int:
    """To "too X?": the state said with a word of small degree is no ("it's just slightly
    warm"), with an intensifier yes ("it gets so hot"); 0 when neither, or when negated."""
    for token in re.finditer(r"[a-z]+", s):
        if tx.canonical(token.group(0)) not in profile.excess:
            continue
        before = s[: token.start()]
        if _negated_at(s, token.start(), window=3):
            return 0
        if _MITIGATED.search(before):
            return -1
        if _INTENSIFIED.search(before):
            return 1
    return 0


def _only_condition(normalised: str) -> set[str]:
    """Canonical words of what an "only ..." question restricts to ("only when the car is
    moving?" -> car, moving); empty without "only"/"just"."""
    match = re.search(r"\b(?:only|just)\b(.*)$", normalised)
    return lexical_words(match.group(1)) - tx.STOP_WORDS if match else set()


def _asks_how_often(normalised: str) -> int:
    """The frequency a question asks about (the scale of ``cues.HOW_OFTEN``), 1 if none."""
    if ASKS_ALWAYS.search(normalised):
        return 4
    if ASKS_DAILY.search(normalised):
        return 3
    return 2 if ASKS_OFTEN.search(normalised) else 1


def _state_words(normalised: str, *, main_only: bool = False) -> set[str]:
    """The question's words that may name a state: quoted names and a leading condition left
    out, and "on" unless the question asks whether something is on ("does it work on battery
    power?"). ``main_only``: the trailing condition ("... while driving straight?") too."""
    text = QUOTED.sub(" ", _LEADING_CONDITION.sub("", normalised))
    if main_only:
        text = _CONDITION.sub(" ", text)
    words = lexical_words(text)
    if not ON_STATE_Q.search(normalised):
        words.discard("on")
    if _UNEVEN_Q.search(text):
        words.add(tx.canonical("uneven"))  # "worn more on one edge than the other?"
    return words


# A question about one part against another asks whether they are uneven: "evenly" answers
# it ("worn more on one edge than the other?" - "all four wear evenly").
_UNEVEN_Q = re.compile(
    r"\bmore\s+on\s+one\s+\w+\s+than\b|\bone\s+(?:side|edge|corner|end)\b[^?]*\b(?:more|less|lower|"
    r"higher)\b|\b(?:more|less)\s+than\s+the\s+(?:other|others|rest|centre|center|middle)\b"
)


def lexical_words(normalised: str) -> set[str]:
    """Canonical forms of every word (stop words too: "above", "off"), idioms removed."""
    return {tx.canonical(t) for t in tx.tokens(_NOT_STATES.sub(" ", normalised))}


_CONDITION = re.compile(
    r"\b(?:when|if|while|without|with|on|after|before|during|alone|by\s+itself|at|under)\b(.*)$"
)
_ONLY_WHEN = re.compile(
    r"\bonly\b(?:\s+[a-z]+){0,2}?\s+(?:when|if|while|with|after|on|in|at|during)\b(.*)$"
)


def _condition_words(normalised: str) -> set[str]:
    """Content words of the question's condition ("... when it is plugged in?", "... on
    battery alone?"); empty when the question has none."""
    match = _CONDITION.search(_LEADING_CONDITION.sub("", normalised))
    return set(tx.content(tx.tokens(match.group(0)))) if match else set()


# "Does it fail to unlock?" negates "unlock" (answers say "fails", "failed", "failing").
_QUESTION_NEGATIONS = NEGATIONS | {"fail"}
_FAILS = re.compile(r"\b(?:fail\w*|refus\w*|unable)\b")


def _fails_as_state(toks: Sequence[str], i: int) -> bool:
    """A "fail" that is the state itself ("have the accessories failed?", "the update
    failed twice"), not a denial of the verb after it ("fails to unlock")."""
    return toks[i].startswith("fail") and (i + 1 == len(toks) or toks[i + 1] != "to")


def _asks_failure(toks: Sequence[str]) -> bool:
    """The question's own predicate is a failure ("did the update fail?"): an answer that
    says it failed restates it, one that says it did not fail denies it."""
    return any(_fails_as_state(toks, i) for i in range(len(toks)))


def _negated_words(toks: Sequence[str], window: int = 6) -> list[str]:
    out: list[str] = []
    for i, t in enumerate(toks):
        if t in _QUESTION_NEGATIONS:
            out.extend(tx.content(_clause(toks[i + 1 : i + 1 + window])))
    return out


# -- one sentence against one question -------------------------------------------------------


def is_asking(sentence: str) -> bool:
    """The sentence asks something back (why, how, what is ...), rather than answering."""
    s = sentence.strip()
    if META.search(s):
        return False
    return bool(WHY.search(s) or HOW.search(s) or (s.endswith("?") and not _UPTALK.match(s)))


# An answer said with a rising tone ("yes i think so?", "no not really?"): its question mark
# does not make it a question back.
_UPTALK = re.compile(
    r"^(?:yes|yeah|yep|yup|yea|no|nope|nah|not really|i think so|i guess|i suppose)\b"
)


# A question typed without its question mark ("should i flush the engine or is that a waste
# of money", "when should i replace brake fluid"): an auxiliary before its subject, or a
# question word before an auxiliary, opening the sentence. "when i brake it squeals" is a
# condition, not a question.
_QUESTION_FORM = re.compile(
    r"^(?:so |and |but |also |ok |okay )?(?:"
    r"(?:should|can|could|do|does|did|is|are|was|will|would|might|must) "
    r"(?:i|it|we|you|they|that|this|there|a|an|the|my|your|these|those)\b"
    r"|(?:when|where|which|what|who|how)(?: \w+){0,3} "
    r"(?:should|can|could|do|does|did|is|are|was|will|would) "
    r"(?:i|it|we|you|they|that|this|there|a|an|the|my|your)\b"
    r"|how (?:often|long|much|many|far)\b"
    r")"
)


def asks_something(sentence: str) -> bool:
    """The sentence is a question, with its question mark or without (a fact said by the user
    is never read out of a question they ask: "should i flush the engine?")."""
    return is_asking(sentence) or typed_as_question(sentence)


def typed_as_question(sentence: str) -> bool:
    """The sentence opens as a question does ("should i flush the engine or ..."). Unlike
    :func:`is_asking`, nothing later in it counts: "it flipped upside down, no idea what i
    pressed" and "it drains fast, should i replace it?" state a fact before the question."""
    return bool(_QUESTION_FORM.match(sentence.strip()))


def is_why(sentence: str) -> bool:
    return bool(WHY.search(sentence.strip()))


# Seen or heard with difficulty: there. Not "hardly" ("i can hardly make anything out" is
# nearer a no).
_FAINTLY = re.compile(
    r"\bcan\s+(?:just\s+about|barely|only\s+just|just|just\s+barely)\s+"
    r"(?:see|make\s+out|hear|read|notice)\b"
)
# A question whether something shows or is heard; not "can you hear the caller?", which asks
# whether it is heard well enough ("i can barely hear them" is a no there).
_ASKS_PRESENCE = re.compile(
    r"^\s*(?:do|did)\s+you\s+(?:get|see|hear|notice)\b|^\s*(?:is|are)\s+there\b|"
    r"\b(?:sounds?|noises?|hiss\w*|spin|spinning)\b",
    re.I,
)
FAINTLY_PERCEIVED = "faintly perceived"


def read_sentence(sentence: str, profile: QuestionProfile) -> Reading:
    """The polarity of one normalised sentence towards a question (see the module docstring)."""
    raw = sentence.strip()
    s = raw.strip(" ,.!?;:-\"'()")
    if not s:
        return Reading(0, 0.0, 1.0, "empty")
    reliability = 1.0
    if HEDGE.search(s):
        reliability = HEDGE_RELIABILITY
    elif APPEARANCE.search(s):
        reliability = APPEARANCE_RELIABILITY
    if WHOLE_NO.match(s):
        return Reading(-1, EXPLICIT, reliability, "no")
    if WHOLE_YES.match(s):
        return Reading(1, EXPLICIT, reliability, "yes")
    lead = LEAD_HEDGED.match(s)
    if lead:
        return Reading(-1 if lead.group("no") else 1, EXPLICIT, reliability, lead.group(0))
    if _FAINTLY.search(s) and _ASKS_PRESENCE.search(profile.question):
        # "i can just about see it if i squint" to "do you get the splash screen?": there,
        # though faint (lead19: read as the dim screen only, and the question looped).
        return Reading(1, JUDGED, min(reliability, HEDGE_RELIABILITY), FAINTLY_PERCEIVED)
    if UNSURE.search(s):
        return Reading(0, 0.0, reliability, "unsure")
    if META.search(s) or is_unable(s, profile):
        return Reading(0, 0.0, reliability, "meta")
    if is_asking(raw):
        return Reading(0, 0.0, reliability, "asking")
    opened = DISCOURSE.sub("", s) or s
    if _starts_with(opened, NO_WORDS) and _explicit_no(opened):
        return Reading(-1, EXPLICIT, reliability, "no")
    if _starts_with(opened, YES_WORDS):
        if _only_when_excluded(opened, profile):
            # "yes it freezes when its hot" to "... even when it is not hot?": the yes is to
            # another question; read as a no, hedged, so that it is confirmed.
            return Reading(-1, EXPLICIT, min(reliability, HEDGE_RELIABILITY), "yes when excluded")
        return Reading(1, EXPLICIT, reliability, "yes")
    if opened != s and (WHOLE_NO.match(opened) or WHOLE_YES.match(opened)):
        return Reading(1 if WHOLE_YES.match(opened) else -1, EXPLICIT, reliability, "explicit")
    if _absence_said(opened, profile):
        # "theres nothing on it, just dark" to "is the display blank?"; "nothing comes up" to
        # "is the cough dry?": the "nothing" is the absence asked about, not a denial.
        return Reading(1, JUDGED, reliability, "absence said")
    if _starts_with(opened, ("nothing", "none")) and re.match(r"[a-z]+\W*(?:,|$)", opened):
        return Reading(-1, EXPLICIT, reliability, "no")  # "Nothing, it's quiet."
    if DEGREE_YES.match(s):
        return Reading(1, EXPLICIT, HEDGE_RELIABILITY, "a little")
    concluded = _CONCLUDED_NO.search(s)
    if concluded and concluded.start() > 0:
        # "it charges fine while it is on too, so no": the user draws the answer from what
        # they said; it was read from "fine" alone.
        return Reading(-1, EXPLICIT, reliability, "no concluded")
    trailing = _TRAILING_YES.search(s)
    if trailing:
        return _yes_said_after(s, trailing, profile, reliability)
    s = REPORT_PREFIX.sub("", s) or s
    if profile.asks_action and ACTION_REPORT.match(s):
        # "Did you inspect the tires?" - "I have just checked the tires": what they did is the
        # answer, whatever they found.
        reading = _read_statement(s, profile, reliability, judge=False)
        if reading.polarity:
            return Reading(reading.polarity, JUDGED, reliability, "action reported")
    # A report of what the user did is context, unless the question asks whether they did it.
    action = bool(ACTION_REPORT.match(s)) and not profile.asks_action
    found = _FINDING.search(s) if action else None
    if found is not None:
        # "i checked all four and they look clean": what they found after what they did is
        # the answer, read as a statement of its own.
        reading = read_sentence(s[found.end() :], profile)
        if reading.polarity:
            return reading
    reading = _read_statement(s, profile, reliability, judge=not action)
    if reading.polarity and action:
        # "I tried booting it": context for the answer, weaker than what the user found.
        return Reading(reading.polarity, reading.strength / 2, reliability, reading.cue)
    return reading


# States that are an absence: a "nothing" or "no X" in the answer says them.
_ABSENCE_STATES = frozenset(
    tx.canonical(w) for w in ("blank", "empty", "black", "dark", "dead", "silent", "dry", "missing")
)
# "no tears that i can see", "no cracks as far as i can tell": none found where looked for.
_NONE_SEEN = re.compile(
    r"\bno\s+[a-z]+(?:\s+[a-z]+)?\s+(?:that|as\s+far\s+as)\s+i\s+(?:can|could)\s+"
    r"(?:see|tell|find|spot|hear|feel|make\s+out)\b"
)
# "zero movement", "zero response": "no" said as a count; not a reading ("zero volts").
_ZERO_THING = re.compile(
    r"\bzero\s+(?=(?!volt|percent|psi|mph|kph|degree|bar|amp|ohm|watt|mbps|kbps)[a-z]{3,})"
)
# "its gone a bit slack", "went really stiff": "gone" as "become", not as absent.
_GONE_SOME_WAY = re.compile(
    r"\b(?:gone|went|going|goes)\s+(?:a\s+(?:bit|little|lot)|really|very|quite|pretty|rather|"
    r"all|kind\s+of|sort\s+of|kinda|sorta)\s+[a-z]{3,}"
)
_PRESENCE_DENIED = re.compile(r"\b(?:nothing|none|no|zero)\b(?:\s+(?P<what>[a-z]+))?")
_VERB_NEGATION = re.compile(r"\b(?:not|never|dont|doesnt|didnt|isnt|wasnt|cant|wont|aint)\b|n't\b")


def _absence_said(s: str, profile: QuestionProfile) -> bool:
    """The question asks whether something is an absence (blank, empty, dead, dry, ...) and
    the answer says nothing is there ("nothing on it", "no picture", "nothing comes up"),
    with no verb negated, no fault named ("no leaks") and nothing fine ("no problem",
    "nothing wrong")."""
    # the state asked, its "when ..." condition left out ("is the screen black when you turn
    # it on?"); "on the boiler" is no condition
    main = _SCALE_CONDITION.sub(" ", tx.normalise(profile.question))
    toks = tx.tokens(main)
    # the absence is the predicate, said last ("is the cough dry?"), not a modifier ("dead
    # pixels") nor one of two ("dark or foamy?")
    if not toks or tx.canonical(toks[-1]) not in _ABSENCE_STATES or "or" in toks:
        return False
    asked = lexical_words(main)
    found = _PRESENCE_DENIED.search(s)
    if not found or _VERB_NEGATION.search(s) or _NO_TROUBLE.search(s) or GOOD_PHRASES.search(s):
        return False
    what = found.group("what") or ""
    if tx.stem(what) in PROBLEM_WORDS or tx.canonical(what) in PROBLEM_WORDS:
        return False
    if re.search(r"\bnothing\s+(?:wrong|unusual|odd|strange|bad)\b", s):
        return False
    present = lexical_words(s)
    return not any(present & OPPOSITES.get(w, frozenset()) for w in asked)


# Where an action report gives way to what was found: "i checked all four and they look
# clean", "i turned tight circles, it was quiet".
_FINDING = re.compile(
    r"(?:,\s*(?:and\s+)?|\s+and\s+)(?=(?:it|its|they|there|theres|the|that|nothing|no|"
    r"everything|all|both|each|every|none)\b)"
)


# "..., so no", "which means no", "so thats a no": an answer the user concludes at the end.
_CONCLUDED_NO = re.compile(
    r"\b(?:so|therefore|hence|which means|meaning)\s+"
    r"(?:(?:thats|that is|its|it is|it's|that's)\s+a\s+|the answer is\s+|i(?:d| would) say\s+)?"
    r"(?:no|nope|nah|not really)$"
)
# A yes said after the statement ("its a bit loud yeah, annoying", "kinda noisy yea"): not
# one the user quotes or presses ("it says yes", "i pressed yes"), nor "yes or no".
_TRAILING_YES = re.compile(
    r"(?<!\bsays )(?<!\bsaid )(?<!\bpress )(?<!\bpressed )(?<!\bclick )(?<!\bclicked )"
    r"(?<!\bnot )(?<!\bselect )(?<!\bchose )(?<!\btap )(?<!\btapped )"
    r"\b(?:yes|yeah|yea|yep|yup|ya|yeh)\b(?!\s+or\b)(?=\s*(?:[,.!;]|$))"
)


def _yes_said_after(
    s: str, match: re.Match[str], profile: QuestionProfile, reliability: float
) -> Reading:
    """The statement a trailing yes agrees with, in its own comma clause: a denial stays a
    denial ("its quiet yeah" to "too loud?"); a small degree of the asked state is a hedged
    yes ("a bit loud yeah" to "too loud?": the yes says it is, the degree how much); anything
    else a yes. A yes after another thing ("no fever, cough yes" to "a fever?") is about that
    thing: the sentence is read without it."""
    start = max(s.rfind(",", 0, match.start()), s.rfind(";", 0, match.start())) + 1
    ends = [i for i in (s.find(",", match.end()), s.find(";", match.end())) if i >= 0]
    end = min(ends) if ends else len(s)
    clause = (s[start : match.start()] + " " + s[match.end() : end]).strip(" ,.!?;:-")
    said = set(tx.content(tx.tokens(clause))) - tx.STOP_WORDS
    if said and not _overlap(list(said), profile.words) and not _same_state(clause, profile):
        rest = (s[: match.start()] + " " + s[match.end() :]).strip(" ,.!?;:-")
        reading = read_sentence(rest, profile) if rest else Reading(0, 0.0, 1.0, "empty")
        if reading.polarity:
            return reading
        return Reading(1, EXPLICIT, min(reliability, HEDGE_RELIABILITY), "yes said after")
    reading = read_sentence(clause, profile) if clause else Reading(0, 0.0, 1.0, "empty")
    if reading.polarity < 0 and reading.cue != "degree":
        return reading
    if reading.polarity < 0:
        return Reading(1, EXPLICIT, min(reliability, HEDGE_RELIABILITY), "yes with a degree")
    return Reading(1, EXPLICIT, reliability, "yes said after")


# An answer that judges the other side ("the rear is fine") says nothing against the asked one.
_SIDE_JUDGED = re.compile(r"\b(?:fine|ok|okay|alright|normal|good|perfect|working|works)\b")


def _read_statement(
    s: str, profile: QuestionProfile, reliability: float, *, judge: bool = True
) -> Reading:
    """A statement's polarity: judgements, opposites, negation, restatement."""
    if judge and profile.quotes:
        # "a 'no bootable device' message?" - "it says no bootable device found": the negation
        # is the message's; "it just shows the dell logo": another thing on the screen.
        if reports_message(profile.question, s):
            return Reading(1, JUDGED, reliability, "the quoted message")
        if reports_other(profile.question, s):
            return Reading(-1, JUDGED, reliability, "another message")
    if profile.asks_message and QUOTED.search(s):
        s = QUOTED.sub(" a message ", s)  # "it says 'battery not detected'": what it shows
    s = _UN_PREFIX.sub(lambda m: _expand_un(m, profile), s)
    s = _ZERO_THING.sub("no ", s)
    toks = tx.tokens(IDLE_NEGATION.sub(" ", s))
    words = tx.content(toks)
    overlap = _overlap(words, profile.words)
    bonus = min(overlap, 4) / 10.0
    negated = _effective_negation(toks, profile)
    if (
        profile.by_itself
        and not negated
        and not profile.negated  # "does it fail to return on its own?": "i turn it back myself"
        and profile.main_negated is None
        and _done_by_user(s, profile)
    ):
        # "does it restart by itself?" - "only when i restart it myself"
        return Reading(-1, JUDGED + bonus, reliability, "done by the user")
    if judge and profile.whole and one_part(s):
        # "are both earbuds playing?" - "only the left one works"; "do both speakers
        # crackle?" - "the right one crackles": the state of one part, not of the whole.
        return Reading(-1, JUDGED + bonus, reliability, "one part of the whole")
    side = other_side(profile.question, s) if judge and not negated else None
    if side is not None and not _SIDE_JUDGED.search(s):
        # "leaking from the front?" - "its coming out the back"; "pull to the left?" - "it
        # veers right": the state on the other side of the pair. ("the rear is fine" judges
        # the other side and says nothing against the asked one.)
        return Reading(-1, JUDGED + bonus, reliability, f"other side: {side}")
    zone = other_zone(profile.question, s) if judge and not negated else 0
    if zone and not _SIDE_JUDGED.search(s):
        # "from the steering column rather than the engine bay?" - "coming from under the
        # bonnet"; "from under the car?" - "from inside the dashboard": another area.
        return Reading(zone, JUDGED + bonus, reliability, "area of the car")
    if judge and not negated and _fine_elsewhere(s, profile):
        # "daytime is fine, in the evenings it cuts out" to "only in the evening?": the
        # judgement is of another time or thing; the state is affirmed where it was asked.
        return Reading(1, JUDGED + bonus, reliability, "fine elsewhere")
    against = expected.reading(s, profile.question) if judge else 0
    if against:
        # "is the pressure below the recommended?" - "24 when it should be 33" / "its at what
        # the sticker says": a value against the reference the question names.
        return Reading(against, JUDGED + bonus, reliability, "against what it should be")
    under = None
    if judge and not (_NOT_OTHERWISE.search(s) or _ANY_CONDITION.search(s) or BROADENING.search(s)):
        under = condition_reading(s, profile.pairs, profile.restrictive, profile.kind)
    if under is not None:
        # "i only hear it when turning into a parking space, not over bumps" to "a clunk over
        # bumps?": the state said under another condition than the asked one.
        polarity, cue = under
        hedged = min(reliability, HEDGE_RELIABILITY) if cue.endswith("?") else reliability
        return Reading(polarity, JUDGED + bonus if polarity else 0.0, hedged, cue)
    if profile.restrictive:
        restricted = _restricted(s, profile, negated)
        if restricted:
            return Reading(restricted[0], JUDGED + bonus, reliability, restricted[1])
    if (
        profile.only
        and negated
        and overlap
        and "only" not in toks
        and not _negates_other_thing(toks, profile)
    ):
        other = set(words) - profile.words - _GENERIC_WORDS
        if other and not other & profile.negated:
            # "only over bumps?" - "on smooth roads it makes no noise": not otherwise.
            return Reading(1, JUDGED + bonus, reliability, "not otherwise")
    unless = re.search(r"\bunless\b(.*)$", s)
    if unless and negated and profile.restricts:
        condition = set(tx.content(tx.tokens(unless.group(1))))
        if condition & profile.restricts:
            # "does it shake when you brake?" - "it doesn't shake unless I brake hard"
            return Reading(1, JUDGED + bonus, reliability, "unless")
    if profile.restrictive and not negated:
        if BROADENING.search(s):
            return Reading(-1, JUDGED + bonus, reliability, "broadening")
        if re.search(r"\b(?:only|just)\b", s) and overlap:
            return Reading(1, JUDGED + bonus, reliability, "restriction echoed")
    if not profile.restrictive and profile.restricts and not negated:
        only = _ONLY_WHEN.search(s)
        condition = set(tx.content(tx.tokens(only.group(1)))) if only else set()
        # The thing the question is about may be named in the answer's condition too ("only
        # works with the button on the tv itself" to "does the tv turn on with the remote?").
        condition -= profile.words - profile.restricts
        if only and not _ON_STATE.search(only.group(1)):
            condition.discard("on")  # "the button on the tv": a preposition, not a state
        if condition & profile.negated:
            # "does it shake even when you are not braking?" - "it only shakes when i brake":
            # only under the condition the question excludes.
            return Reading(-1, JUDGED + bonus, reliability, "only when excluded")
        if condition and not condition & profile.restricts:
            # "does it work on battery alone?" - "it only works when plugged in"
            return Reading(-1, JUDGED + bonus, reliability, "restricted otherwise")
    if not negated and _even_otherwise(s, profile):
        # "does it freeze even when it is not hot?" - "i have this problem even when the
        # temperature is low": the user answers the very condition asked.
        return Reading(1, JUDGED + bonus, reliability, "even otherwise")
    if not negated and _only_when_excluded(s, profile):
        # "it freezes when its hot" to "... even when it is not hot?"
        return Reading(-1, JUDGED + bonus, min(reliability, HEDGE_RELIABILITY), "when excluded")
    if profile.alternative and set(words) & profile.alternative:
        primary = profile.words - profile.alternative
        if not set(words) & primary - {"hear", "sound", "car", "laptop"}:
            return Reading(1 if negated else -1, JUDGED + bonus, reliability, "alternative")
    if profile.mark is not None:
        level = mark_answer(s, profile.mark)
        if level:
            return Reading(level, JUDGED + bonus, reliability, "level against the marks")
    if profile.comparison is not None:
        value = answer_value(s, profile.comparison)
        if value > 0 and _state_denied(s, profile, negated):
            # "does it shake above 50 mph?" - "it's steady even at 70": the number meets the
            # condition, and the state asked about is denied there.
            return Reading(-1, JUDGED + bonus, reliability, "denied at that value")
        if value:
            return Reading(value, JUDGED + bonus, reliability, "compared")
    if profile.waits and not negated and AT_ONCE.search(s):
        return Reading(-1, JUDGED + bonus, reliability, "at once")
    if profile.no_difference_asked and _NO_DIFFERENCE.search(s):
        return Reading(-1, JUDGED + bonus, reliability, "no difference")
    if profile.asks_change and not negated and _STAYS_SAME.search(s):
        # "does the ticking get faster when you rev it?" - "it stays the same speed"; "does
        # the pull change direction?" - "still pulls left just like before"
        return Reading(-1, JUDGED + bonus, reliability, "stays the same")
    if profile.main & _CHANGE_ASKED and _changes_in_sequence(s):
        # "does the noise change with speed?" - "it stays quiet until 40 then gets louder"
        return Reading(1, JUDGED + bonus, reliability, "changes in sequence")
    if profile.process and profile.main_negated is None and not profile.negated:
        moves = _level_moves(s)
        if moves:
            # "does it charge?" - "it stays at 12% however long it is plugged in" / "it
            # creeps up slowly": whether the level moves is whether the process goes on.
            return Reading(
                moves, JUDGED + bonus, reliability, "level moves" if moves > 0 else "level held"
            )
    if profile.ceases and not negated and _goes_on(s):
        # "does the ticking go away once it warms up?" - "it keeps ticking when warm"
        return Reading(-1, JUDGED + bonus, reliability, "goes on")
    if _SAME_OUTCOME.search(s) and not profile.asks_action and not negated:
        # "same problem with the other charger": what was tried changed nothing.
        return Reading(1 if profile.kind < 0 else -1, JUDGED + bonus, reliability, "same outcome")
    if (
        _SAME_AFTER_TRY.search(s)
        and not _NOT_SAME.search(s)
        and not profile.asks_action
        and profile.after_try
    ):
        return Reading(profile.after_try, JUDGED + bonus, reliability, "same after try")
    degree = _degree(s, profile) if profile.excess else 0
    if degree:
        return Reading(degree, JUDGED + bonus, reliability, "degree")
    frequency = _how_often(s, toks, profile, negated)
    if frequency:
        if _only_sometimes(s, negated):
            # "sometimes", "now and then", "not always": it happens, but not every time. To a
            # question whether something works ("is the parking brake working properly?") that
            # is a fault that comes and goes, so a no; to any question it is less than a plain
            # answer (lead20: four "sometimes" read as plain yeses made a 97% conclusion).
            polarity = -1 if profile.kind > 0 and profile.how_often == 1 else frequency
            return Reading(
                polarity, JUDGED + bonus, min(reliability, HEDGE_RELIABILITY), "sometimes"
            )
        return Reading(frequency, JUDGED + bonus, reliability, "how often")
    # What the user found does not answer whether they did something.
    judged = _judgement(s, toks, profile) if judge and not profile.asks_action else None
    if judged is not None:
        polarity, cue, weight = judged
        return Reading(polarity, weight + bonus, reliability, cue)
    given = _new_positions(_scale_positions(_scale_clause(s)), profile) if judge else []
    scaled = (
        compare(list(profile.scales), given, bounded=bounds(profile.question, s)) if given else None
    )
    if scaled is not None:
        # "is the car lower on one side?" - "it sits level"; "is the printer offline?" - "it
        # shows as ready": another position on the scale of the state asked about is a no,
        # the same one (in other words: "spongy" to "soft?") a yes.
        return Reading(scaled[0], JUDGED + bonus, reliability, f"scale: {scaled[1]}")
    found = _opposite(s, profile, negated) if judge else None
    opposite, denied = found if found is not None else (None, False)
    denied = denied and negated  # "without charging", like "with no airflow", negates nothing
    if opposite is not None and denied and opposite.removeprefix("opposite of ") in EXCLUSIVE:
        opposite = None  # "not green" to "is it amber?": one of several others, not a yes
    if opposite is not None and _exception_restates(s, profile):
        return Reading(1, JUDGED + bonus, reliability, "exception named")
    if opposite is not None:
        word = opposite.removeprefix("opposite of ")
        polarity = 1 if denied and word not in FREQUENCY else -1
        if word in profile.negated:
            polarity = -polarity  # "even when it is not hot?" - "even when it's cool"
        if profile.ceases and not _CEASES.search(word):
            polarity = -polarity  # "does the squeal stop once warm?" - "it goes quiet"
        return Reading(polarity, JUDGED + bonus, reliability, opposite)
    if profile.main_negated is not None and judge:
        # "is the battery not detected?" - "it says no battery detected": a negation in the
        # answer agrees with the question's; "it shows the battery" affirms what it denies.
        head = set(words) & profile.main_negated
        if head:
            if _negates_any(s, head):
                return Reading(1, NEGATED + bonus, reliability, "negation agrees")
            if _exception_restates(s, profile):
                # "do some keys not respond?" - "all keys work except the e key"
                return Reading(1, NEGATED + bonus, reliability, "exception named")
            return Reading(-1, NEGATED + bonus, reliability, "affirms negated")
        if negated or any(t in NEGATIONS for t in toks) or _FAILS.search(s):
            return Reading(1, NEGATED + bonus, reliability, "negation agrees")
        if overlap and not profile.quotes and not _names_fault(s, toks):
            if _exception_restates(s, profile):
                # "do some keys not respond?" - "all keys work except the e key"
                return Reading(1, NEGATED + bonus, reliability, "exception named")
            # "is the power light not coming on?" - "the power light turns on white": the
            # thing asked about is there and nothing is wrong with it.
            return Reading(-1, NEGATED + bonus, reliability, "affirms negated")
    # An absence word the question itself uses ("is the tray empty?") is a restatement.
    # "from full to empty in an hour": a level reached, not something missing.
    absent = not _GONE_SOME_WAY.search(s) and any(
        t in ABSENCE_WORDS
        and tx.canonical(t) not in profile.lexical
        and (i == 0 or toks[i - 1] not in ("to", "into", "until", "till"))
        for i, t in enumerate(toks)
    )
    if absent and not negated:
        # "free of corrosion?" - "nothing on them": the absence the question hopes for;
        # "does the ticking go away?" - "it is gone once warm": the end it asks about.
        polarity = 1 if profile.negated or profile.hopes_absent or profile.ceases else -1
        return Reading(polarity, NEGATED + bonus, reliability, "absence")
    if (
        profile.negated
        and not any(t in NEGATIONS for t in toks)
        and set(words) & profile.negated
        and re.search(r"\b(?:some|something|shows?|showing|appears?|activity)\b", s)
    ):
        # The question negates what the answer affirms: "does it boot without displaying
        # anything?" - "something shows on the LCD".
        return Reading(-1, NEGATED + bonus, reliability, "contradicts negated")
    if (
        profile.denied_head
        and profile.denied_head <= set(words)
        and not _FAILS.search(s)
        and not any(t in NEGATIONS for t in toks)
    ):
        # "does the app fail to connect?" - "it connects straight away": the answer affirms
        # what the question's main clause denies.
        return Reading(-1, NEGATED + bonus, reliability, "affirms negated")
    if (
        profile.kind == 0
        and not profile.asks_action
        and not profile.asks_ability
        and not negated
        and _SAID_ALL_RIGHT.search(s)
    ):
        # "is the steering hard when stationary?" - "the steering is fine": the question asks
        # about a state the lexicon calls neither a fault nor normal working, so "fine" says
        # neither yes nor no ("is the level up to the mark?" - "the level is correct" is a
        # yes; "does the pedal go to the floor?" - "the pedal is ok" a no). Guessing here
        # turned such replies into confident wrong fixes; the user is asked which it is. A
        # question about what the user can do or see ("are you able to see anything on the
        # screen?") asks about things working: "it looks normal" is a yes there.
        return Reading(0, 0.0, reliability, UNDECIDED)
    if overlap == 0 and _same_state(s, profile):
        # "is the wheel off-centre?" - "it's crooked": another word for the state asked about.
        return Reading(-1 if negated else 1, RESTATED + bonus, reliability, "same state")
    if overlap == 0:
        if negated and len(toks) <= 10 and not _negates_other_thing(toks, profile):
            # "free of corrosion?" - "nothing on them": the absence hoped for is a yes.
            return Reading(1 if profile.hopes_absent else -1, PRONOUN, reliability, "short negated")
        if (
            _INSTEAD.search(s)
            and not _same_state(s, profile)
            and not (
                _STRAIGHT_TO.search(s)
                and not re.search(r"\binstead\b", s)
                and not _ASKS_DESTINATION.search(profile.question)
            )
        ):
            # "does it show a 'no bootable device' message?" - "i get a blue screen instead":
            # what happens in place of the asked thing, which shares no word with it.
            return Reading(-1, PRONOUN, reliability, "instead")
        if _NONE_SEEN.search(s) and not profile.negated:
            # "are the boots torn?" - "no tears that i can see": the user looked for the
            # state, in a word of its own, and found none.
            return Reading(1 if profile.hopes_absent else -1, PRONOUN, reliability, "none seen")
        if len(toks) <= 8 and PRONOUNS.search(s):
            if _fault_instead(s, profile):
                # "does the pilot light stay lit?" - "it dies every time": what happens
                # instead of what was asked, not a yes to it.
                return Reading(-1, PRONOUN, reliability, "fault instead")
            if negated:
                # "it has no X" of a thing the question does not name: not a yes to it (the
                # crowd tables' "no tears that i can see" was read as "it is torn").
                return Reading(0, 0.0, reliability, "unrelated")
            return Reading(1, PRONOUN, reliability, "pronoun")
        return Reading(0, 0.0, reliability, "unrelated")
    if negated:
        return Reading(-1, NEGATED + bonus, reliability, "negated")
    if EMPHATIC.search(s):
        return Reading(1, NEGATED + bonus, reliability, "emphatic")
    if _fault_instead(s, profile) and not _restates_predicate(words, profile):
        # "can you see a picture on the monitor?" - "still black on the second monitor";
        # not "it fires then dies" to "does the engine fire?" (the asked thing happened).
        return Reading(-1, RESTATED + bonus, reliability, "fault instead")
    return Reading(1, RESTATED + bonus, reliability, "restated")


_EXCEPTION = re.compile(r"\b(?:except(?: for)?|apart from|other than|but)\b(?P<tail>.+)$")


_CHANGE_ASKED = frozenset(
    tx.canonical(w) for w in ("change", "changes", "vary", "varies", "differ", "different")
)
# One state, then another: a verb of becoming, or "until ..." (the first state ends).
_BECOMING = re.compile(
    r"\b(?:gets?|getting|got|goes|going|went|becomes?|became|turns?|turned|starts?|started|"
    r"jumps?|jumped|drops?|dropped|rises?|rose|climbs?|climbed|falls?|fell|kicks?\s+in|"
    r"picks?\s+up|ramps?\s+up|until|till)\b"
)
# A state that holds on: after the last change named, it says nothing changes.
_HOLDS = re.compile(
    r"\b(?:stays?|stayed|remains?|same|constant|steady|unchanged|no\s+change|"
    r"(?:does|do|did)\s*(?:not|n't)\s+change)\b"
)


def _changes_in_sequence(s: str) -> bool:
    """The sentence tells one state giving way to another ("quiet until 40 then louder",
    "sits at 40 idle and jumps to 90 when gaming", "quiet going straight, starts grinding
    when i turn"), and no state held on after it ("starts quiet and stays quiet")."""
    changes = [m for m in _BECOMING.finditer(s) if not _negated_at(s, m.start())]
    if not changes:
        return False
    return not _HOLDS.search(s, changes[-1].end())


# A level that does not move ("stays at 12%", "stuck on 47%", "never moves off cold", "the
# same percentage"); not one held at full ("stays at 100%": it charged).
_LEVEL_HELD = re.compile(
    r"\b(?:stays?|stayed|staying|sits?|sitting|sat|stuck|remains?|remained|hangs?|hanging|hung|"
    r"frozen)\s+(?:at|on|around|about|near)\b(?!\s+(?:the\s+)?(?:100|full)\b)|"
    r"\bnever\s+(?:moves?|moved|budges?|budged|changes?|changed|increas\w*|rises?|climbs?)\b|"
    r"\b(?:does|did|do|will|would|has|have)\s+not\s+(?:move|moved|budge|budged|change|changed|"
    r"increas\w*|rise|risen|climb|climbed)\b|"
    r"\bnot\s+(?:moving|budging|increasing|rising|climbing|changing)\b|"
    r"\bsame\s+(?:percentage|percent|level|number|reading)\b"
)
# The level moving up ("creeps up", "it goes up 1% an hour": normalised to "increasing").
_LEVEL_RISES = re.compile(
    r"\b(?:increas\w*|creep\w*\s+up|crept\s+up|climb\w*|ticks?\s+up|ticking\s+up|"
    r"fills?\s+up|filling\s+up|rises?|rising|rose)\b"
)


def _level_moves(s: str) -> int:
    """-1: the sentence holds the level still (and says nothing rose before); +1: it says the
    level rises, not negated; 0: neither."""
    held = _LEVEL_HELD.search(s)
    rises = [m for m in _LEVEL_RISES.finditer(s) if not _negated_at(s, m.start())]
    if held and not any(m.start() < held.start() for m in rises):
        return -1
    return 1 if rises and not held else 0


# The user does the asked thing themselves ("only when i restart it myself", "only if i press
# lock on the fob") where the question asks whether it happens by itself.
_BY_USER = re.compile(r"\b(?:myself|manually|by\s+hand|ourselves)\b")
_USER_DOES = re.compile(
    r"\b(?:when|whenever|if|once|after|unless|until)\s+(?:i|we|someone|somebody|you)\s+"
    r"(?P<act>[a-z']+(?:\s+[a-z']+){0,2})"
)


def _done_by_user(s: str, profile: QuestionProfile) -> bool:
    """The answer says a person does what the question asks happens by itself."""
    from .predicates import is_predicate  # predicates reads questions with this module

    if BY_ITSELF.search(s):
        return False
    if _BY_USER.search(s):
        return True
    for match in _USER_DOES.finditer(s):
        act = [tx.canonical(t) for t in tx.tokens(match.group("act"))]
        # The verb the person does ("i switch it off") or a predicate of the question in what
        # they do ("i press lock"); not the subject ("when i charge the phone").
        if any(w in profile.main and (i == 0 or is_predicate(w)) for i, w in enumerate(act)):
            return True
    return False


# A when-clause naming the condition an "even when not X?" question excludes, with nothing
# that says it happens at other times too.
_WHEN_CLAUSE = re.compile(r"\b(?:when|whenever|if|while|once|after)\b(?P<condition>[^,.;]*)")
_ALSO_OTHERWISE = re.compile(
    r"\b(?:even|also|too|as\s+well|all\s+the\s+time|any\s*time|whether|regardless|"
    r"no\s+matter|both|either|otherwise|constantly)\b"
)


_EVEN_CLAUSE = re.compile(
    r"\beven\s+(?:when|if|while|though|at|in|on|with|without|after)\b(?P<condition>[^,.;]*)"
)


def _even_otherwise(s: str, profile: QuestionProfile) -> bool:
    """An "even when ..." clause that is not the condition an "even when not X?" question
    excludes ("even when its cold", "even when it is not hot"): the asked case holds."""
    if not profile.excludes:
        return False
    for match in _EVEN_CLAUSE.finditer(s):
        if _has_negation(tx.tokens(s[: match.start()])):
            return False
        condition = match.group("condition")
        named = set(tx.content(tx.tokens(condition))) & profile.excludes
        if not named or _negates_any(condition, named):
            return True
    return False


def _only_when_excluded(s: str, profile: QuestionProfile) -> bool:
    """ "(yes) it freezes when its hot" to "does it freeze even when it is not hot?": the
    answer tells of the excluded condition only."""
    if not profile.excludes or _ALSO_OTHERWISE.search(s):
        return False
    for match in _WHEN_CLAUSE.finditer(s):
        main = tx.tokens(s[: match.start()])
        if _has_negation(main):
            return False
        toks = tx.tokens(match.group("condition"))
        if _has_negation(toks):
            continue
        if set(tx.content(toks)) & profile.excludes:
            return True
    return False


# Words that say the thing does not do anything, or stopped doing it ("it's completely
# dead", "it dies every time", "it catches and stops", "still no internet").
# Not "stuck on the logo screen" (the logo is there; "stuck at 40%" is a fault), nor a word
# in a condition ("stiff when im going slow or stopped" says when, not that something stopped).
_DOES_NOT = re.compile(
    r"\b(?:dead|dies|died|dying|stops|stopped|stuck(?!\s+on\b)|broken|"
    r"still\s+(?:no|not|nothing|black|dark|dead|sitting|there|the\s+same))\b"
)
_IN_A_CONDITION = re.compile(r"\b(?:when|while|whenever|if|until)\b(?:\W+\w+){0,6}\W*$")


# A question whether something begins (fires, starts, comes on), and a fault told as what came
# after something ("catches then dies", "starts up and then cuts out", "runs for a second
# before it stalls").
_BEGINNING_ASKED = re.compile(
    r"\b(?:fire|fires|start|starts|crank|cranks|catch|catches|boot|boots|spin|spins|"
    r"(?:turn|come|power|light|fire)\s+(?:on|up))\b",
    re.I,
)
_AFTER_A_BEGINNING = re.compile(
    r"\b[a-z']+(?:\s+(?:up|on|over))?(?:\s+for\s+(?:a|an|one|two|few|\w+)(?:\s+\w+)?)?\s*,?\s+"
    r"(?:(?:and|but)\s+)?(?:then|before|until|till)\s+(?:it\s+|just\s+)?$"
)


def _fault_instead(s: str, profile: QuestionProfile) -> bool:
    """The answer names a fault where the question asks whether something happens or works
    (not about a problem, and not negated): the fault is what happens instead. A question
    about a problem ("does it freeze when hot?" - "it stops working") is answered yes by a
    fault, and a fault the question names is a restatement."""
    if profile.kind < 0 or profile.negated or profile.main_negated is not None:
        return False
    match = next(
        (m for m in _DOES_NOT.finditer(s) if not _IN_A_CONDITION.search(s[: m.start()])), None
    )
    if match is None:
        return False
    if _BEGINNING_ASKED.search(profile.question) and _AFTER_A_BEGINNING.search(s[: match.start()]):
        # "does the engine fire?" - "it catches then dies" (lead19): the fault comes after
        # the asked beginning, which happened.
        return False
    said = {tx.canonical(w) for w in tx.tokens(match.group(0))}
    return not said & profile.lexical


def _restates_predicate(words: Sequence[str], profile: QuestionProfile) -> bool:
    """The answer says again what the question asks its subject does or is ("fires" to
    "does the engine fire?"), not only what it is about ("the monitor")."""
    from .predicates import is_predicate  # predicates reads questions with this module

    return any(
        (tx.canonical(w) in profile.words or w in profile.words) and is_predicate(w) for w in words
    )


def _exception_restates(s: str, profile: QuestionProfile) -> bool:
    """An all-clear with an exception that names the question's thing again ("quiet mostly,
    but a clunk on big bumps", "all keys work except the e key"): the exception answers."""
    match = _EXCEPTION.search(s)
    if match is None:
        return False
    tail = tx.tokens(match.group("tail"))
    if any(t in NEGATIONS for t in tail):
        return False
    return bool(_overlap(tx.content(tail), profile.words))


@lru_cache(maxsize=65536)
def similar(a: str, b: str) -> bool:
    """Typo-tolerant word match ("volatge" / "voltag") for words of five letters or more."""
    if len(a) < 5 or len(b) < 5 or abs(len(a) - len(b)) > 2:
        return False
    shortest = min(len(a), len(b))
    stem = next((i for i in range(shortest) if a[i] != b[i]), shortest)
    if a != b and is_word(a) and is_word(b) and stem < shortest - 1:
        return False  # two English words, not a typo of each other ("round" / "sound")
    return _similar(a, b)


@functools.lru_cache(maxsize=1 << 16)
def _similar(a: str, b: str) -> bool:
    # Every message is matched against a pack's whole vocabulary: the same pairs come back
    # on every turn, and the cheap upper bounds rule most of them out first.
    matcher = difflib.SequenceMatcher(None, a, b)
    return matcher.quick_ratio() >= 0.8 and matcher.ratio() >= 0.8


def _overlap(words: Sequence[str], question: frozenset[str]) -> int:
    present = set(words)
    exact = present & question
    fuzzy = {w for w in present - exact if any(similar(w, q) for q in question - exact)}
    return len(exact) + len(fuzzy)


def _starts_with(s: str, words: Sequence[str]) -> bool:
    first = re.match(r"[a-z]+", s)
    if not first or first.group(0) not in words:
        return False
    rest = s[len(first.group(0)) :]
    return not rest or not rest[0].isalpha()


# "worn or cracked?": yes when either holds ("or not", "one or more" are not alternatives).
_DISJUNCTION = re.compile(r"\b[a-z]{3,}\s+or\s+(?!not\b|more\b|less\b|so\b|any\b)[a-z]{3,}")
# Questions about a message on screen: the words quoted from it are not the user's negation.
_MESSAGE = re.compile(r"\b(?:message|error|warning|notification|prompt|pop-?up|alert)s?\b")


def _alternatives(normalised: str) -> set[str]:
    """Content words next to an "or" ("worn or cracked"); empty when the question has none."""
    toks = tx.tokens(normalised)
    out: set[str] = set()
    if not _DISJUNCTION.search(normalised):
        return out
    for i, t in enumerate(toks):
        if t == "or":
            out.update(tx.content(toks[max(0, i - 2) : i + 3]))
    return out


_SUBORDINATORS = frozenset({"when", "whenever", "while", "although", "though", "unless", "even"})
_SUBORDINATE = r"when|whenever|while|although|though|unless|even|if|because|once|until|after|before"


def _clause(toks: Sequence[str]) -> Sequence[str]:
    """The tokens up to the next subordinate clause ("nothing shows | when it boots")."""
    for i, t in enumerate(toks):
        if t in _SUBORDINATORS or t in ("if", "because", "and", "but", "after", "before"):
            return toks[:i]
    return toks


_NO_TROUBLE = re.compile(
    r"(?:no|not|without)(?: any| a)? (?:problems?|issues?|trouble|bother|worries|hiccups?)\b"
)


# What a part that has failed does not do: work, light up, come on, respond.
_FUNCTION_DENIED = re.compile(
    r"(?:of (?:them|it|those|these) )?(?:even |really |seem to |always |ever )?(?:work|works|"
    r"working|function\w*|light|lights|lighting|lit|come on|comes on|coming on|turn on|"
    r"turns on|switch on|respond\w*|flash|flashes|flashing|blink|blinks|blinking)\b"
)


def _effective_negation(toks: Sequence[str], profile: QuestionProfile, window: int = 6) -> bool:
    """A negation in the sentence that is not an echo of one in the question, nor a side
    remark ("... with no airflow"), nor in a trailing clause about when ("it loses 20% an
    hour even when I'm not using it")."""
    for i, t in enumerate(toks):
        if t in _SUBORDINATORS and i >= 2:
            return False
        if t not in NEGATIONS:
            continue
        if profile.asks_failure and t.startswith("fail"):
            continue  # "failed" to "have they failed?" restates the question's state
        # A failure of one part is said by one part not working, of all of them by "nothing
        # works" / "none of them work".
        universal = t in ("nothing", "none")
        if (
            profile.asks_failure
            and universal != profile.asks_one_failure
            and _FUNCTION_DENIED.match(" ".join(toks[i + 1 : i + 5]))
        ):
            # "the left indicator does not work" to "a single lamp failure?" says the failure
            # (stop 47: read as a no, the negation taken for the user's answer).
            continue
        if _NO_TROUBLE.match(" ".join(toks[i : i + 3])):
            continue  # "it cranks no problem": a judgement that it is fine, not a denial
        scope = set(tx.content(_clause(toks[i + 1 : i + 1 + window])))
        if scope & profile.negated and not scope & (profile.words - profile.negated):
            # "not hot" answered to "... even when it is not hot?" echoes the question; "it
            # does not work without the battery" negates "work", not the echo.
            continue
        preposition = t == "without" or (i > 0 and toks[i - 1] == "with")
        if preposition and scope and not scope & profile.words:
            continue
        return True
    return False


_CONDITION_OPENERS = frozenset({"when", "whenever", "if", "while", "once", "after", "until"})


def _judgement(
    s: str, toks: Sequence[str], profile: QuestionProfile
) -> tuple[int, str, float] | None:
    """A sentence saying things are fine (or not), mapped through the question's type."""
    good = 0
    if GOOD_PHRASES.search(s):
        good = 1
    else:
        for i, t in enumerate(toks):
            word = tx.stem(t)
            is_good = t in GOOD_WORDS and not _intensifies(toks, i)
            is_bad = word in PROBLEM_WORDS
            if not (is_good or is_bad):
                continue
            if tx.canonical(t) in profile.words or t in profile.words or word in profile.words:
                continue  # the question's own word: an echo, read by the negation rule
            if is_good and _CONDITION_OPENERS & set(toks[max(0, i - 2) : i]):
                continue  # "noisy when cold": when it happens, not that things are fine
            if is_good and _qualifies_asked_word(toks, i, profile):
                # "it clicks normally" to "does it click?": the asked thing happens, and
                # happens as it should; whether it is a problem or a function.
                return 1, "judged fine", JUDGED
            if is_good and any(tx.canonical(t) in OPPOSITES.get(n, ()) for n in profile.negated):
                continue  # "cool" answering "... even when it is not hot?" echoes the question
            # "no tears, they look fine": a negation in an earlier clause is not over it.
            start = max([0, *(b for b in _comma_starts(s, len(toks)) if b <= i)])
            negated = any(n in NEGATIONS for n in toks[max(start, i - 6) : i])
            value = 1 if is_good else -1
            good = -value if negated else value
            break
    if good == 0:
        return None
    if profile.kind == 0:
        return None  # neither a problem nor a function question: no reading from this
    if good < 0 and profile.kind < 0:
        return None  # a different problem says nothing about the one asked about
    # A good state answers "is something wrong?" with no and "does it work?" with yes.
    return good * profile.kind, "judged fine" if good > 0 else "judged faulty", JUDGED


# Judging words that also say "very" before an adjective ("properly hot", "well loud", "proper
# noisy", "perfectly awful"): lead18's "battery gets properly hot to the touch" was read as
# "too hot to touch? no" (it works properly).
_INTENSIFIERS = frozenset({"properly", "proper", "well", "perfectly", "right", "real"})
_INTENSIFIED_ADJECTIVES = frozenset(
    {"hot", "warm", "loud", "slow", "bad", "dark", "dim", "bright", "heavy", "stiff", "hard"}
    | {"weak", "awful", "terrible", "scary", "annoying", "painful", "sore", "quick", "fast"}
)


def _intensifies(toks: Sequence[str], i: int) -> bool:
    """Whether the judging word at ``i`` only intensifies the adjective after it."""
    if toks[i] not in _INTENSIFIERS or i + 1 >= len(toks):
        return False
    after = toks[i + 1]
    return after in _INTENSIFIED_ADJECTIVES or tx.stem(after) in PROBLEM_WORDS


def _comma_starts(s: str, count: int) -> list[int]:
    """Token indices at which each comma-separated part of ``s`` starts (as tokenised by
    ``_read_statement``); none when the parts do not add up to ``count`` tokens."""
    starts, n = [], 0
    for part in re.split(r"[,;]", IDLE_NEGATION.sub(" ", s)):
        starts.append(n)
        n += len(tx.tokens(part))
    return starts if n == count else []


def _qualifies_asked_word(toks: Sequence[str], i: int, profile: QuestionProfile) -> bool:
    """The good word just follows what the question asks (its predicate, not its subject),
    said without a negation ("the button clicks normally", "the fan spins fine"; not "the
    brakes work fine" to "any noises when you brake?")."""
    from .predicates import is_predicate  # predicates reads questions with this module

    if i == 0 or any(
        t in NEGATIONS or t.endswith("nt") or t.endswith("n't") for t in toks[max(0, i - 6) : i]
    ):
        return False
    word = toks[i - 1]
    asked = tx.canonical(word) in profile.words or tx.stem(word) in profile.words
    # A question naming a problem besides it ("is there a burning smell?") is answered no by
    # "smells fine": the fine is about the problem.
    others = {w for w in profile.words if w in PROBLEM_WORDS} - {tx.stem(word), tx.canonical(word)}
    return asked and is_predicate(word) and not others


# "only over bumps?" - "never otherwise", "not at other times": the restriction holds.
_NOT_OTHERWISE = re.compile(
    r"\b(?:never|not|no|nothing)\b[^,.;]{0,25}?\b(?:otherwise|other\s+times?|else)\b|"
    r"\b(?:otherwise|other\s+times|the\s+rest\s+of\s+the\s+time)\b[^.;]{0,25}?"
    r"\b(?:not|never|no|nothing|fine|quiet|normal|ok|okay)\b"
)
# "in any weather", "whatever gear": any condition, so not only the one asked about.
_ANY_CONDITION = re.compile(
    r"\b(?:in|at|with|on|under|for)\s+any\s+[a-z]+|\bwhatever\b|\ball\s+the\s+time\b"
)
# "it stops the moment I stop the car": when the symptom goes away, and on what condition.
_STOPS_WHEN = re.compile(
    r"\b(?:stops?|stopped|goes\s+away|went\s+away|disappears?|disappeared|vanish(?:es)?|"
    r"dies\s+down|settles?\s+down|calms?\s+down|clears?\s+up)\b(?:\s+[a-z]+){0,3}?\s+"
    r"(?:when|once|as\s+soon\s+as|the\s+moment|if|after|whenever)\b(?P<condition>.*)$"
)
_CONTRAST_SPLIT = re.compile(
    r"\s*(?:[,;]|\bthen\b|\buntil\b|\btill\b|\bbut\b|\bwhereas\b|\bexcept\b)\s*"
)


def _restricted(s: str, profile: QuestionProfile, negated: bool) -> tuple[int, str] | None:
    """An "only when ...?" question answered by what happens at other times: "never
    otherwise" (yes), "in any weather" (no), "it stops as soon as I stop the car" (the
    opposite of the condition ends it: yes), "mornings are fine, it cuts out in the evening"
    (fine at another time, the problem at the asked one: yes)."""
    if _NOT_OTHERWISE.search(s):
        return 1, "not otherwise"
    if _ANY_CONDITION.search(s) or BROADENING.search(s):
        return -1, "broadening"
    condition = {w for w in profile.only_when if w in OPPOSITES}
    stops = _STOPS_WHEN.search(s)
    if stops and condition:
        named = lexical_words(stops.group("condition"))
        if named & condition:
            return -1, "stops when asked"
        if any(named & OPPOSITES[w] for w in condition):
            return 1, "stops otherwise"
    parts = [p for p in _CONTRAST_SPLIT.split(s) if p.strip()]
    fine = [p for p in parts if _sounds_fine(p, profile)]
    if not fine or len(fine) == len(parts):
        return None
    affirmed = [
        p
        for p in parts
        if p not in fine
        and not _effective_negation(tx.tokens(p), profile)
        and (
            _overlap(tx.content(tx.tokens(p)), profile.words)
            or _same_state(p, profile)
            or re.match(r"(?:it|they|that)\b", p.strip())  # "it cuts out in the evening"
            or profile.only_when & lexical_words(p)  # "yanks to the right when I brake"
        )
    ]
    if not affirmed:
        return None
    if profile.only_when and all(
        profile.only_when <= lexical_words(p) | set(tx.content(tx.tokens(p))) for p in fine
    ):
        return -1, "fine when asked"  # "it's fine in the evening" to "only in the evening?"
    return 1, "fine otherwise"


# A condition named in a clause: a subordinator or a preposition and up to three words after
# it ("for the first ten minutes", "on the road", "in car parks", "every night").
_CLAUSE_CONDITION = re.compile(
    r"\b(?:when|whenever|while|if|after|before|during|once|until|till|in|on|at|for|every|"
    r"first|daytime|mornings?|evenings?|nights?)\b((?:\s+[a-z0-9]+){0,3})"
)


def _clause_words(part: str) -> set[str]:
    return set(tx.content(tx.tokens(part))) | lexical_words(part)


def _own_condition(part: str, asked: set[str]) -> bool | None:
    """Whether a clause names a condition (None: it names none), and if so whether that
    condition is another than the asked one (True) or the asked one (False)."""
    found = list(_CLAUSE_CONDITION.finditer(part))
    if not found:
        return None
    return not any(_clause_words(m.group(0)) & asked for m in found)


def _fine_elsewhere(s: str, profile: QuestionProfile) -> bool:
    """A judgement scoped to something the question does not ask about, beside a clause that
    names the state: "daytime is fine, in the evenings it cuts out" to "does it drop only in
    the evening?", "it is fine for the first ten minutes then it gets heavy" to "does it
    become stiff after the engine warms up?", "mostly through my seat, the wheel feels ok" to
    "... in the seat rather than the steering wheel?". Read alone, the "fine" became a
    confident no. Only where the fine clause names its own condition (or only the excluded
    alternative) and the other clause no condition but the asked one; a fine clause about the
    asked condition is left to the other readings ("it's fine in the evening")."""
    asked = set(profile.only_when | profile.restricts)
    if profile.only:
        asked |= _clause_words(re.sub(r"^.*?\bonly\b", "", tx.normalise(profile.question)))
    asked -= _GENERIC_WORDS
    parts = [p for p in _CONTRAST_SPLIT.split(s) if p.strip()]
    fine = [p for p in parts if _sounds_fine(p, profile)]
    rest = [p for p in parts if p not in fine]
    if not fine or not rest:
        return False
    if profile.alternative:
        primary = profile.words - profile.alternative
        about_other = all(
            _clause_words(p) & profile.alternative and not _clause_words(p) & primary for p in fine
        )
        return about_other and any(
            _clause_words(p) & primary and not _effective_negation(tx.tokens(p), profile)
            for p in rest
        )
    if not asked or not all(_own_condition(p, asked) for p in fine):
        return False
    affirmed = [
        p
        for p in rest
        if not _effective_negation(tx.tokens(p), profile)
        and _own_condition(p, asked) is not True  # "stiff after a long drive": another one
        and (
            _clause_words(p) & (profile.words | asked)
            or re.match(r"(?:then\s+)?(?:it|they|that)\b", p.strip())
            or any(tx.stem(t) in PROBLEM_WORDS for t in tx.tokens(p))
        )
    ]
    return bool(affirmed)


def _sounds_fine(part: str, profile: QuestionProfile) -> bool:
    """A clause saying things are fine, or naming the opposite of the state asked about,
    without a negation ("mornings are fine", "it's smooth")."""
    toks = tx.tokens(part)
    if any(t in NEGATIONS for t in toks):
        return False
    if GOOD_PHRASES.search(part) or any(
        t in GOOD_WORDS and not _intensifies(toks, i) for i, t in enumerate(toks)
    ):
        return True
    present = lexical_words(part)
    return any(present & OPPOSITES.get(w, frozenset()) for w in profile.main)


def _how_often(s: str, toks: Sequence[str], profile: QuestionProfile, negated: bool) -> int:
    """+1/-1 when the sentence says how often it happens and the question asks for at least
    that often ("every now and then" to "does it flicker?", "only on cold mornings" to "does it
    happen every time?"); 0 when it does not say."""
    if profile.restrictive:
        return 0
    restricted = RESTRICTED_ANSWER.search(s)
    if profile.how_often == 4 and not negated and restricted:
        condition = set(tx.content(tx.tokens(s[restricted.end() :])))
        if not condition & profile.words:
            return -1  # "only when I turn left", not the question's own condition
    levels = [level for level, pattern in HOW_OFTEN if pattern.search(s)]
    if not levels:
        return 0
    level = max(levels)
    if level == 1 and profile.how_often == 1:
        return 0  # "rarely" to "does it pull?": it happens, but the user means little of it
    if negated:
        if not re.search(r"\bnot\s+(?:always|every|constantly|all|each)\b", s):
            return 0  # "sometimes it does not start": left to the other rules
        level = 2
    if profile.how_often == 1:
        rest = s
        for _, pattern in HOW_OFTEN:
            rest = pattern.sub(" ", rest)
        others = set(tx.content(tx.tokens(rest))) - _GENERIC_WORDS
        if others - profile.words:
            return 0  # "my laptop runs all the time": about something else, read by its words
    return 1 if level >= profile.how_often else -1


def _only_sometimes(s: str, negated: bool) -> bool:
    """The sentence says it happens some of the time only: at most "sometimes" on the
    HOW_OFTEN scale, or "not always"."""
    if negated:
        return bool(re.search(r"\bnot\s+(?:always|every\s+time|each\s+time|constantly)\b", s))
    levels = [level for level, pattern in HOW_OFTEN if pattern.search(s)]
    return bool(levels) and max(levels) <= 2


def _main_clause(s: str) -> str:
    """The sentence without a trailing "when ..." clause (or a leading one, up to its comma):
    a state named there is the condition, not the answer ("it charges even though it is not
    turned on", "the wheel is crooked when the tires are straight")."""
    lead = re.match(rf"^\s*(?:{_SUBORDINATE})\b[^,]*,\s*(.+)$", s)
    if lead:
        return lead.group(1)
    trail = re.search(rf"\s\b(?:{_SUBORDINATE})\b", s)
    return s[: trail.start()] if trail else s


def _opposite(s: str, profile: QuestionProfile, negated: bool = False) -> tuple[str, bool] | None:
    """The question's word whose opposite state the sentence names instead (lexicon groups),
    and whether that opposite is itself negated ("not quiet"); with a negation, also when it
    names both sides ("it's not full, it's below the minimum").

    Only a negation over the opposite word turns the reading round. One over the question's
    own word agrees with it ("no whining, it's quiet"), and one over something else is beside
    the point ("it turns easily, barely any effort")."""
    s = _main_clause(s)
    present = lexical_words(s)
    if not _ON_STATE.search(s):
        present.discard("on")  # "printed on the adapter": a preposition, not a state
    if profile.on_state and OFF_STATE_A.search(s) and "on" not in present:
        match = OFF_STATE_A.search(s)
        return "opposite of on", bool(match) and _negated_at(s, match.start())
    if profile.off_state and ON_STATE_A.search(s):
        match = ON_STATE_A.search(s)
        return "opposite of off", bool(match) and _negated_at(s, match.start())
    for word in sorted(profile.lexical):
        opposite = OPPOSITES.get(word)
        if not opposite or word in present:
            continue
        named = opposite & profile.lexical
        if named and (word in profile.main) == bool(named & profile.main):
            continue  # the question names both sides ("swap them left to right"): no state
        if present & SAME_SIDE.get(word, frozenset()) and not negated:
            continue
        if word in profile.disjunctive and _names_alternative(present, word, profile):
            continue  # "flashing or red?" - "it's blinking white": the other alternative holds
        # An opposite that only the question's condition names ("does it pull while driving
        # straight?") is still an answer ("it goes straight").
        hits = (present & opposite) - profile.main
        if hits:
            return f"opposite of {word}", _negates_any(s, hits)
    return None


# Words of amount and comparison: the threshold of a question, not a state of the thing.
_COMPARATIVE = frozenset(
    tx.canonical(w)
    for w in [
        "more",
        "less",
        "above",
        "below",
        "over",
        "under",
        "exceed",
        "exceeds",
        "greater",
        "fewer",
        "higher",
        "lower",
        "high",
        "low",
        "than",
        "at",
        "least",
        "most",
    ]
)


def _state_denied(s: str, profile: QuestionProfile, negated: bool) -> bool:
    """The sentence denies the state the question asks about (not its threshold): it names
    its opposite ("steady" to "shake"), or negates it ("it doesn't shake")."""
    states = {
        w
        for w in profile.main - profile.restricts
        if w not in _COMPARATIVE and w not in tx.STOP_WORDS
    }
    if negated and _negates_any(s, states):
        return True
    found = _opposite(s, profile, negated)
    if found is None:
        return False
    word = found[0].removeprefix("opposite of ")
    return word in states and not (found[1] and negated)


def _names_alternative(present: set[str], word: str, profile: QuestionProfile) -> bool:
    """The sentence names another of the question's "or" alternatives than ``word``, or a
    word on its side ("blinking" for "flashing or red?", "frayed" for "loose or damaged?")."""
    others = {
        w
        for w in profile.disjunctive & OPPOSITES.keys()  # states, not "the belt" or "feel"
        if w != word and w not in OPPOSITES[word]
    }
    near = set().union(*(SAME_SIDE.get(w, frozenset()) for w in others)) if others else set()
    return bool(present & (others | near))


def _names_fault(s: str, toks: Sequence[str]) -> bool:
    """The sentence names something missing, off or faulty ("it stays dark", "the icon is
    gone", "it's dead"): it may agree with a question about a negated state."""
    return bool(
        OFF_STATE_A.search(s)
        or _HALTS.search(s)
        or _BROKEN.search(s)
        or any(t in ABSENCE_WORDS for t in toks)
    )


# Words that say the thing does not work at all (the problem list's noises, "drag" or "tick",
# say nothing about whether it is detected or responds).
_BROKEN = re.compile(
    r"\b(?:dead|broken|faulty|fault|fail\w*|error\w*|blank|frozen|freez\w*|unresponsive|"
    r"crash\w*|dies|died|black|dark)\b"
)
# "It stops at 80", "it stays turned", "I need to turn it back myself": what the question
# denies does not happen by itself.
_HALTS = re.compile(
    r"\b(?:stops?|stopped|stays?|stayed|stuck|halts?)\b|\b(?:need|needs|have|has|had)\s+to\b|"
    r"\bby\s+hand\b|\bmyself\b"
)


def _negates_any(s: str, words: frozenset[str] | set[str]) -> bool:
    """A negation stands shortly before one of ``words`` (canonical), in the same clause."""
    return any(
        tx.canonical(token.group(0)) in words and _negated_at(s, token.start())
        for token in re.finditer(r"[a-z0-9'-]+", s)
    )


def _negated_at(s: str, start: int, window: int = 4) -> bool:
    """A negation among the few words before ``start``, not across a comma or a "but"."""
    before = re.split(r"[,;.!]|\bbut\b|\band\b", s[:start])[-1]
    return _has_negation(tx.tokens(IDLE_NEGATION.sub(" ", before))[-window:])


def _has_negation(toks: Sequence[str]) -> bool:
    return any(t in NEGATIONS or t.endswith("n't") for t in toks)


def _same_state(s: str, profile: QuestionProfile) -> bool:
    """The sentence names a state on the same side of a lexicon group as one of the
    question's words (stop words like "over" or "more" do not count). Where the question
    names a kind of noise ("a clunking noise"), its "noise" is that kind: another kind said
    ("its a squeak") is not the state asked about."""
    toks = tx.tokens(_NOT_STATES.sub(" ", s))
    present = {tx.canonical(t) for t in toks if t not in tx.STOP_WORDS}
    asked = profile.lexical
    if asked & _NOISE_KIND_WORDS:
        asked = asked - {_A_NOISE}
    return any(present & SAME_SIDE.get(word, frozenset()) for word in asked)


def _expand_un(match: re.Match[str], profile: QuestionProfile) -> str:
    rest = match.group(1)
    whole = tx.canonical(match.group(0))
    if match.group(0) in _NOT_UN or whole in profile.lexical or whole in OPPOSITES:
        # "unevenly" answering "are they worn unevenly?" is an echo; "unplug" is a state
        # (or an action) the lexicon knows, not "not plug".
        return match.group(0)
    known = tx.canonical(rest)
    if (
        known in profile.lexical
        or known in OPPOSITES
        or rest in GOOD_WORDS
        or tx.stem(rest) in PROBLEM_WORDS
    ):
        return f"not {rest}"
    return match.group(0)


def is_unable(s: str, profile: QuestionProfile) -> bool:
    """The sentence says the user cannot check (no access, no tool), not what they found."""
    return any(_unable(match, profile) for p in _INABILITY if (match := p.search(s)))


def _unable(match: re.Match[str], profile: QuestionProfile) -> bool:
    groups = match.groupdict()
    if groups.get("done") is not None:
        # "have you checked the timing?" - "i havent checked": an answer, a no.
        return not profile.words & _CHECKING and not _ASKS_CHECKING.match(profile.question)
    if groups.get("means") is not None:
        # "no" opening a clause ("no i checked", "no it is") is an answer; "no meter" names a
        # thing absent, a means of checking when _names_a_means says so.
        means = tx.tokens(groups["means"])
        if not means or means[0] in NO_FOLLOWERS:
            return False
        asked = set(tx.content(means)) & (profile.words - {"access", "time", "key"})
        return _names_a_means([w for w in means if w not in _NOT_BARE_MEANS]) and not asked
    if groups.get("tool") is None and groups.get("object") is None:
        return True  # "no way of checking", "I don't know the password"
    if groups.get("tool") is not None:
        tool = tx.tokens(groups["tool"])
        asked = set(tx.content(tool)) & (profile.words - {"access", "time", "key"})
        return _names_a_means(tool) and not asked
    thing = set(tx.content(tx.tokens(groups.get("object") or "")))
    # "I can't access it" is about the thing asked; "... the settings page" about a means.
    return bool(thing) and not thing & profile.words


# Instruments by their everyday endings ("clamp meter", "hydrometer", "pressure gauge", "circuit
# tester"), beyond the INABILITY_TOOLS words; a length or a size is no instrument.
_INSTRUMENT = re.compile(r"^(?!kilo|centi|milli|dia|peri|para)\w*(?:meter|gauge|tester|scope)s?$")
# A check as the kind of a thing ("test strips", "measuring tape"); not "check", which names
# things ("no check engine light").
_TEST_WORD = re.compile(r"^(?:test|measur)\w*$")
# Words of INABILITY_TOOLS that after a bare "no" more often name something else ("no time of
# day in particular", "no key fob", "no jack, bluetooth only").
_NOT_BARE_MEANS = frozenset({"time", "key", "jack", "details", "manual"})


def _names_a_means(words: Sequence[str]) -> bool:
    """The words name a means of checking: a tool, an instrument, or a check as the thing's
    kind ("test strips", "testing kit")."""
    return any(
        w in INABILITY_TOOLS or _INSTRUMENT.search(w) or (i < 2 and _TEST_WORD.match(w))
        for i, w in enumerate(words)
    )


def _negates_other_thing(toks: Sequence[str], profile: QuestionProfile) -> bool:
    """Every negation is "no <thing>" about a thing the question does not name ("there is
    sound but no picture" says nothing about the sound)."""
    found = False
    for i, t in enumerate(toks):
        if t not in NEGATIONS:
            continue
        if t not in ("no", "without") or i + 1 >= len(toks):
            return False
        following = tx.content(toks[i + 1 : i + 2])
        if not following or following[0] in profile.words:
            return False
        found = True
    return found


def _explicit_no(s: str) -> bool:
    match = re.match(r"([a-z]+)\W*([a-z']*)", s)
    if not match or match.group(1) != "no":
        return True
    following = s[len(match.group(1)) :]
    if not following.strip() or not following[0].isspace():
        return True  # "no", "no, ...", "no. ..."
    return match.group(2) in NO_FOLLOWERS


_AFFIRMING = frozenset({"restated", "emphatic", "same state"})


def read_answer(text: str, question: str) -> Reading:
    """The decisive reading of a whole message (its strongest sentence) towards a question."""
    profile = question_profile(question)
    normalised = tx.normalise(text)
    if BOTH.search(normalised.strip()) and not _ASKS_VARIATION.search(question.lower()):
        # "sometimes yes, sometimes no": read clause by clause it became whichever answer
        # word came last, and three of them a 97% conclusion. To "is the fan running all
        # the time?" the same reply says it is not.
        if ASKS_ALWAYS.search(tx.normalise(question)):
            return Reading(-1, JUDGED, 1.0, "not always")
        return Reading(0, 0.0, 1.0, BOTH_ANSWERS)
    turned = (
        None
        if is_asking(normalised)
        else preferred_answer(normalised, question, profile.alternative)
    )
    if turned is not None:
        # "more of a grind than a squeal" to "squealing?": the comparison decides, not the
        # question's word found in it (bots.language.preference).
        hedged = HEDGE_RELIABILITY if HEDGE.search(normalised) else 1.0
        if DISCLAIMER.search(normalised):
            hedged = min(hedged, DOUBT_RELIABILITY)  # "..., but dont quote me": as below
        return Reading(turned, JUDGED, hedged, "preferred" if turned > 0 else "set aside")
    best = Reading(0, 0.0, 1.0, "unrelated")
    readings = []
    alternatives = []
    for sentence, contrast in clauses(normalised):
        reading = read_sentence(sentence, profile)
        named = set(tx.content(tx.tokens(sentence))) & profile.disjunctive
        if reading.polarity > 0 and reading.cue in _AFFIRMING and named:
            alternatives.append(reading)
        if (
            contrast
            and reading.polarity
            and not (
                reading.cue == "short negated"
                and best.cue in _RESTATING
                and best.polarity > 0
                and not re.search(r"\b(?:nothing|none|nobody)\b", sentence)
            )
        ):
            # Not "it cranks but does not catch" to "does it crank?": a "but" clause that
            # denies something the question does not name leaves the restatement standing
            # ("... but nothing came on" denies everything, the asked thing too).
            reading = Reading(
                reading.polarity, reading.strength + 1.0, reading.reliability, reading.cue
            )
        readings.append(reading)
        if reading.strength > best.strength:
            best = reading
        elif (
            contrast
            and reading.polarity > 0
            and reading.cue in _RESTATING
            and best.polarity < 0
            and (best.cue in _ALL_CLEAR or best.cue.startswith("opposite of"))
        ):
            # "quiet mostly, but a clunk on big bumps": the all-clear is qualified by the
            # "but" that names the thing asked about.
            best = reading
    if best.cue == "judged fine" and best.polarity < 0:
        # "hard to turn in car parks but fine on the road": the "but" clause read alone is an
        # all-clear; read with the clause before it, the fine is of another condition.
        for sentence in tx.sentences(normalised) or [normalised]:
            joined = re.sub(r",?\s+but\s+", ", ", sentence)
            if joined != sentence:
                reading = read_sentence(joined, profile)
                if reading.cue == "fine elsewhere":
                    best = reading
    if best.polarity == 0:
        return next((r for r in readings if r.cue == UNDECIDED), best)
    if alternatives and best.polarity < 0 and best.strength < EXPLICIT:
        # "Is it worn or cracked?" - "a bit worn, but not cracked": one alternative is a yes.
        best = max(alternatives, key=lambda r: r.strength)
    # "Not sure. I have chest pain": an explicit "not sure" answers the question; a sentence
    # that shares no word with the question (read by pronoun alone) is about something else.
    unsure = next((r for r in readings if r.cue == "unsure"), None)
    if unsure is not None and best.cue in ("pronoun", "short negated"):
        return unsure
    # A hedge anywhere in the sentences that say the same thing weakens the answer.
    # (A reading made of two sentences joined is not among them: its own reliability.)
    hedged = min(
        (r.reliability for r in readings if r.polarity == best.polarity),
        default=best.reliability,
    )
    if DISCLAIMER.search(normalised):
        # The warning is about the whole answer, wherever it stands.
        hedged = min(hedged, DOUBT_RELIABILITY)
    return Reading(best.polarity, best.strength, hedged, best.cue)


# Readings of an all-clear ("it's quiet", "it stays the same", "every key works") and of a
# plain restatement, for a "but" clause that names the thing after an all-clear.
_ALL_CLEAR = frozenset({"affirms negated", "judged fine"})
_RESTATING = frozenset({"restated", "emphatic", "negation agrees"})


def clauses(normalised: str) -> list[tuple[str, bool]]:
    """Sentences, with a "but" clause split off (flagged True): it usually carries the answer."""
    out: list[tuple[str, bool]] = []
    for sentence in tx.sentences(normalised) or [normalised]:
        parts = re.split(r",?\s+but\s+", sentence)
        out.extend((p, i > 0) for i, p in enumerate(parts) if p.strip())
    return out


# A question's condition ("... when the engine is warm?") names no state asked about; "on" and
# "at" are kept ("lower on one side", "hot at the top").
_SCALE_CONDITION = re.compile(
    r"\b(?:when|whenever|if|while|after|before|during|once|until|since)\b.*$"
)
# ... up to the end of its clause: "left it 10 days while on holiday and it fired right up".
_ANSWER_CONDITION = re.compile(
    r"\b(?:when|whenever|if|while|after|before|during|once|until|since|although|though|because"
    r"|unless|even (?:when|if|though|after|with|at|on|in))\b"
    r"(?! (?:lunch|noon|midday|morning|the morning|the afternoon|dinner|bedtime|teatime)\b)"
    r".*?(?=[,;]|\band (?:it|they|then|the|i)\b|\bbut\b|$)"
)


def _scale_clause(s: str) -> str:
    """The answer without its condition ("it went off after i filled them"; "when it is hot,
    it stays level"): a state named there is not the state given."""
    lead = re.match(rf"^\s*(?:{_SUBORDINATE})\b[^,]*,\s*(.+)$", s)
    return _ANSWER_CONDITION.sub(" ", lead.group(1) if lead else s)


def _scale_positions(s: str) -> list[Position]:
    """The scale positions a text names (:mod:`~bots.language.scales`), a negated one turned
    round on a two-position scale ("not level" is tilted) and dropped on a longer one ("not
    hot" may be warm or cold)."""
    out = []
    for p in positions(s):
        if _negated_at(s, p.start):
            if p.size != 2:
                continue
            p = Position(p.scale, 1 - p.index, p.start, p.size)
        out.append(p)
    return out


def _new_positions(given: list[Position], profile: QuestionProfile) -> list[Position]:
    """The answer's scale positions on scales where it names none in the question's own
    words. Those words make a restatement ("i do not smell any burning" to "can you smell
    burning?", "the abs light came on, the tyre light is off" to "is the tyre light or the
    abs light on?"), which the negation and restatement readings judge better."""
    if not profile.scales:
        return []
    asked = {tx.stem(w) for p in profile.scales for w in tx.tokens(p.words)}
    restated = {p.scale for p in given if {tx.stem(w) for w in tx.tokens(p.words)} & asked}
    return [p for p in given if p.scale not in restated]
