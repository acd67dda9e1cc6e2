"""The notebooks' widgets: thin layers over the engines.

Each front end is a plain class holding its logic (tested with pytest, no browser) and building
its ipywidgets on demand. Errors inside widget callbacks are shown in the notebook, never lost.
"""
