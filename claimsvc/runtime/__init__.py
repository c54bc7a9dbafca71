"""Process runtime: the command line, the three processes, and running them (servers and
loops drained on SIGTERM)."""
