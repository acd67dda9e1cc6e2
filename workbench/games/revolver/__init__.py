"""Revolver 1.2 Hunt the Man Down: scope targeting, the Prison phase, bullet wounds, FAQ rulings.

Pure functions over the library's card data; every die, draw and choice is in the returned log.
"""
