"""Shelf, a small bookshop."""
