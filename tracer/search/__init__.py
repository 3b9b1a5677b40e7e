"""Searches: each records every call of one algorithm into a Trace and never prints."""
