"""link4 in the browser: the page and the HTTP API of ``link4 serve``.

It needs the web extra (``pip install "link4[web]"``: Starlette and Uvicorn); ``import
link4`` never imports it. :func:`link4.web.app.create_app` gives the ASGI application, for
any ASGI server, configured by a :class:`link4.web.app.ServeConfig`; ``link4 serve`` runs
it on Uvicorn.

- :mod:`link4.web.app`: the application, its routes and its configuration;
- :mod:`link4.web.answers`: the API's answers as plain values, no web framework needed;
- :mod:`link4.web.slots`: the fixed set of solvers the searches run on;
- :mod:`link4.web.guard`: the checks every request passes, and the request log;
- :mod:`link4.web.process`: ``link4 serve`` in a child process, for tests and measurements.
"""

# The package has no names of its own: its API is its modules'.
__all__: list[str] = []
