"""Forms of the console: case filters, operator actions, link masses, refits, dashboard range."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model

from bots.models import CaseStatus, Channel
from planning.network import EvidentialNetwork, Finding

from .casework import NOTE_MAX, REPLY_MAX
from .labels import outcome_choices
from .pack_changes import allowed_focal_sets, focal_key
from .roles import WORK_CASES

MASS_PREFIX = "m__"


def valid_part(form: forms.Form) -> dict[str, Any]:
    """The fields of a bound form that validated: a filter form with one bad field still
    filters by the others (and shows the error)."""
    if not form.is_bound:
        return {}
    form.is_valid()
    return dict(form.cleaned_data)


def _packs() -> list[tuple[str, str]]:
    """Loaded packs and the packs cases name (a pack may have been removed since)."""
    from bots.models import Case
    from knowledge.models import Pack

    names = set(Pack.objects.values_list("name", flat=True))
    names |= set(Case.objects.order_by().values_list("pack", flat=True).distinct())
    return [("", "any pack"), *((p, p) for p in sorted(names - {""}))]


class CaseFilterForm(forms.Form):
    q = forms.CharField(required=False, max_length=200, label="Search transcripts")
    status = forms.ChoiceField(required=False, choices=[("", "any status"), *CaseStatus.choices])
    channel = forms.ChoiceField(required=False, choices=[("", "any channel"), *Channel.choices])
    pack = forms.ChoiceField(required=False, choices=[])
    since = forms.DateField(required=False, label="From", widget=forms.DateInput({"type": "date"}))
    until = forms.DateField(required=False, label="To", widget=forms.DateInput({"type": "date"}))
    assigned = forms.ChoiceField(
        required=False,
        choices=[("", "anyone"), ("me", "assigned to me"), ("none", "unassigned")],
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["pack"].choices = _packs()

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        since, until = data.get("since"), data.get("until")
        if since and until and since > until:
            raise forms.ValidationError("the date range ends before it starts")
        return data


class QueueFilterForm(CaseFilterForm):
    status = forms.ChoiceField(
        required=False,
        choices=[
            ("", "waiting (all)"),
            (CaseStatus.ABSTAINED, "Abstained"),
            (CaseStatus.ESCALATED, "Escalated"),
            (CaseStatus.HANDED_OFF, "Handed off"),
        ],
    )


class ReplyForm(forms.Form):
    text = forms.CharField(
        max_length=REPLY_MAX, widget=forms.Textarea({"rows": 3}), label="Reply to the user"
    )
    close = forms.BooleanField(required=False, label="Close the case after sending")
    # The case's status when the operator opened it: a reply meant for a case waiting in the
    # queue is refused if the bot has resumed it since (casework.reply).
    seen_status = forms.CharField(required=False, max_length=16, widget=forms.HiddenInput)


def operators() -> list[tuple[int, str]]:
    users = get_user_model().objects.filter(is_active=True).order_by("username")
    return [(u.pk, u.get_full_name() or u.username) for u in users if u.has_perm(WORK_CASES)]


class AssignForm(forms.Form):
    user = forms.TypedChoiceField(coerce=int, choices=[], label="Assign to")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["user"].choices = operators()


OTHER = "__other__"


class NoteForm(forms.Form):
    text = forms.CharField(
        max_length=NOTE_MAX, widget=forms.Textarea({"rows": 2}),
        label="Internal note (never sent to the user)",
    )


class LabelForm(forms.Form):
    hypothesis = forms.ChoiceField(choices=[], label="True outcome")
    note = forms.CharField(
        required=False, max_length=NOTE_MAX, widget=forms.Textarea({"rows": 2}), label="Note"
    )

    def __init__(self, network: EvidentialNetwork | None, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices: list[tuple[str, object]] = [("", "choose…")]
        if network is not None:
            choices += outcome_choices(network)
        choices.append((OTHER, "other (describe in the note)"))
        self.fields["hypothesis"].choices = choices

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if data.get("hypothesis") == OTHER and not (data.get("note") or "").strip():
            self.add_error("note", '"other" needs a note saying what it was')
        return data


class LinkMassForm(forms.Form):
    """One number per allowed focal set of the finding (singletons, pairs, the whole frame)."""

    note = forms.CharField(required=False, max_length=500, label="Why (kept in the history)")

    def __init__(self, finding: Finding, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.finding = finding
        self.focal_sets = allowed_focal_sets(finding.states)
        for focal in self.focal_sets:
            label = "{" + ", ".join(focal) + "}"
            if len(focal) == len(finding.states):
                label += "  (ignorance)"
            self.fields[MASS_PREFIX + focal_key(focal)] = forms.FloatField(
                required=False,
                min_value=0.0,
                max_value=1.0,
                label=label,
                widget=forms.NumberInput({"step": "any", "min": "0", "max": "1"}),
            )

    def mass_fields(self) -> list[Any]:
        return [self[MASS_PREFIX + focal_key(f)] for f in self.focal_sets]

    def masses(self) -> dict[frozenset[str], float]:
        """The masses entered (blank counts as 0); call after is_valid()."""
        out: dict[frozenset[str], float] = {}
        for focal in self.focal_sets:
            value = self.cleaned_data.get(MASS_PREFIX + focal_key(focal))
            if value:
                out[frozenset(focal)] = float(value)
        return out


def posted_masses(data: Any) -> dict[frozenset[str], float]:
    """Every ``m__<states>`` field of a POST, including focal sets the form does not offer, so
    that a tampered request is refused by validation instead of silently dropped."""
    out: dict[frozenset[str], float] = {}
    for key in data:
        if key.startswith(MASS_PREFIX) and str(data.get(key, "")).strip():
            states = frozenset(s for s in key[len(MASS_PREFIX) :].split("|") if s)
            try:
                out[states] = out.get(states, 0.0) + float(data[key])
            except ValueError as exc:
                raise forms.ValidationError(f"{key}: {data[key]!r} is not a number") from exc
    return out


class RefitForm(forms.Form):
    s = forms.FloatField(
        initial=1.0, min_value=0.01, max_value=100.0, label="IDM strength s",
        help_text="prior strength: m(Θ|h) = s / (N + s)",
    )
    min_count = forms.FloatField(
        initial=3.0, min_value=1.0, max_value=100000.0, label="Minimum answers N",
        help_text="propose a link only when this many labelled answers support it",
    )


class DashboardForm(forms.Form):
    pack = forms.ChoiceField(required=False, choices=[])
    since = forms.DateField(required=False, label="From", widget=forms.DateInput({"type": "date"}))
    until = forms.DateField(required=False, label="To", widget=forms.DateInput({"type": "date"}))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["pack"].choices = _packs()


class AuditFilterForm(forms.Form):
    user = forms.CharField(required=False, max_length=150)
    action = forms.ChoiceField(required=False, choices=[])
    case = forms.IntegerField(required=False, min_value=1)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        from .audit import ACTIONS

        super().__init__(*args, **kwargs)
        self.fields["action"].choices = [("", "any action"), *sorted(ACTIONS.items())]
