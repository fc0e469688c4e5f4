"""The web app (``empires serve``): FastAPI + uvicorn, SQLAlchemy storage, a browser UI.

``create_app(db_url)`` builds the ASGI app; ``serve(host, port, db)`` runs it.
"""

from empires.server.app import create_app, serve

__all__ = ["create_app", "serve"]
