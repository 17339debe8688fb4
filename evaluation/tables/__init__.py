"""Phrasing tables written as users write: the answer reader is developed, trained and
measured on them (development parts) and reported on their held-out parts. Data, not tests:
the evaluation trains the learned reader from them, and the tests score the rules on them."""
