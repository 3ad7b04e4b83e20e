"""link4 in the browser: the page and the HTTP API of ``link4 serve``.

It needs the web extra (``pip install "link4[web]"``: Starlette and Uvicorn); ``import
link4`` never imports it. ``link4.web.app.create_app`` gives the ASGI application, for
any ASGI server; ``link4 serve`` runs it.
"""
