"""The notes worker: imports, exports and publishes notes in the background."""
