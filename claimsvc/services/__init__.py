"""Use-cases: each service method is one thing a user does, over the stores and the domain."""
