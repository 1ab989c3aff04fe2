"""Use cases of the product: each service loads rows, calls a plain-Python core and saves the
outcome in one transaction. Forms, the REST API, imports and management commands call these."""
