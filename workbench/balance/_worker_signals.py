"""Loaded by every worker process of the workbench's local Dask cluster as it starts (a Dask
``preload``): the worker ignores Ctrl-C. A terminal's Ctrl-C reaches the whole process group, and
only the command should act on it (cancel the tasks, keep the finished games, close the
cluster), instead of every worker dying with a traceback."""
import signal
import threading

if threading.current_thread() is threading.main_thread():
    signal.signal(signal.SIGINT, signal.SIG_IGN)
