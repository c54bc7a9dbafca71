"""Persistence: one thin class per collection or Redis key family. Every invariant is an index
or an atomic script; nothing here reads-then-writes."""
