"""Outbound adapters: what the process sends to peers outside it (webhook receivers)."""
