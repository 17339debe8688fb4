"""The conversation service's parts, one concern per module (the facade is :mod:`bots.service`).

- :mod:`.context`: what one turn works with (:class:`Context`), what it produces
  (:class:`Outcome`) and the process-wide parts every concern shares (:class:`Kit`);
- :mod:`.intake`: greeting, pack and section choice, the complaint and its volunteered facts;
- :mod:`.answering`: reading the message, applying the answer, the policy's decision and
  confirmations;
- :mod:`.safety`: emergency words, red flags, patient triage;
- :mod:`.presentation`: questions, buttons and wording of replies;
- :mod:`.handoff`: passing the case to a person (hand-over, abstention, escalation).
"""
