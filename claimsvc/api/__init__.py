"""HTTP: one module per resource (handlers, schemas, routes); app.py joins the routes."""
