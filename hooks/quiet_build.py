"""Keep the build's output to real messages: jieba (Chinese search segmentation) logs its
dictionary loading on every build, which would bury a real warning.

Material's end-of-life banner is printed before any hook is loaded, so README's serve command
and the tests set NO_MKDOCS_2_WARNING=1 instead.
"""

from __future__ import annotations

import logging

import jieba

jieba.setLogLevel(logging.WARNING)
