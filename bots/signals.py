"""What the conversation side tells the console about, without importing it.

``left_queue``: a case left the operators' queue with no operator (the user corrected what
the bot's hand-off went by, :mod:`bots.conversation.correction`); sent inside the turn's
transaction with ``case`` and ``reason``. The console records it in its audit log
(``console.audit``), so the queue item's leaving is an audited action like an operator's.
"""

from __future__ import annotations

from django.dispatch import Signal

left_queue = Signal()
