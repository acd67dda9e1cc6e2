"""The ground floor: errors, size limits, paths, ids and safe file writes. Imports nothing else
of the workbench, so every layer may use it."""
