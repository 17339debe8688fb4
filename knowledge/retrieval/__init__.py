"""Retrieval for the conversation: routing the opening complaint and answering "how do I check?".

`routing.Router` maps a complaint to problem areas (`sections`) and to a prior over hypotheses;
`faq.answer_how_to_check` answers a user's "how do I check that?" from FAQ passages; `text` is
the offline language layer both use. All of it reads knowledge-pack text only. See
docs/retrieval.md.
"""
