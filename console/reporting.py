"""What an error report (the DEBUG=1 page, an admin error mail) may show of the settings.

Django's filter hides settings whose names say API, TOKEN, KEY, SECRET, PASS or SIGNATURE. Ours
hold credentials under other names too: URLs with a password in them (``LLM_BASE_URL``,
``DATABASE_URL``, ``REDIS_URL``, the Celery broker, the cache ``LOCATION``). This filter also
hides every setting named like a URL or a broker, and any value that carries ``user:password@``.
"""

from __future__ import annotations

import re
from typing import Any

from django.views.debug import SafeExceptionReporterFilter

URL_CREDENTIALS = re.compile(r"://[^/@\s]*:[^/@\s]*@")


class CredentialSafeFilter(SafeExceptionReporterFilter):
    hidden_settings = re.compile(
        r"API|AUTH|TOKEN|KEY|SECRET|PASS|SIGNATURE|HTTP_COOKIE|_URL$|BROKER|RESULT_BACKEND|"
        r"LOCATION|DSN",
        flags=re.IGNORECASE,
    )

    def cleanse_setting(self, key: Any, value: Any) -> Any:
        # Keys inside dict settings need not be strings (a lazy object, a number).
        cleansed = super().cleanse_setting(key if isinstance(key, str) else str(key), value)
        if isinstance(cleansed, str) and URL_CREDENTIALS.search(str(cleansed)):
            return self.cleansed_substitute
        return cleansed
