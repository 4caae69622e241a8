"""VAL076, VAL077: under 4.x, tools and parameters hold only the keys the 4.x runtime allows (its own codes).

Each rule is in its own module of this folder (and `rules/fl/` for FL codes); this module holds what they share.
"""

from __future__ import annotations

V4 = (
    "export const main = {\n"
    "    namespace: 'demo', name: 'Demo', description: 'Demo API', version: '4.0.0', root: 'https://api.example.com',\n"
)
