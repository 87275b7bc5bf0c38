"""What the two pytest plugins (doccheck.plugin, the checks; doccheck.browser, the browser
fixtures) keep on pytest's config and share: the session's snippet runs and the site build."""

from __future__ import annotations

from pathlib import Path

import pytest

from .session import DocSession
from .site import SiteBuild

SESSION = pytest.StashKey[DocSession]()
BUILD = pytest.StashKey[SiteBuild]()
CHANGED = pytest.StashKey[list[Path]]()  # files --update-outputs rewrote
