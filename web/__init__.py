"""The browser layer: the game's pages around the ``attika`` rules, in SVG and HTML.

Every module here is pure (a model, a message or a scene in; a model, effects or markup
out), so CPython tests can check it, except the binders that touch the page: ``main.py``,
``browser/``, and each page's ``page.py`` (with ``table/focus.py``). docs/architecture.md
lists every file and its layer.
"""
