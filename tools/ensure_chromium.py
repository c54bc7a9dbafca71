"""Chromium for the browser tests: installed from Debian when missing (placeholder until issue 6)."""
