"""Test and benchmark instrumentation: imported by tests and benches, never by the service."""
