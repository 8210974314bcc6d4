"""The browser layer: turns an ``attika`` game into SVG and HTML, and taps into actions.

Everything here except ``main.py`` is pure (state in, markup out) so CPython
tests can check it; ``main.py`` is the thin part that touches ``document``.
"""
