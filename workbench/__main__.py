"""``python -m workbench`` and the ``workbench`` command (``run``)."""
import sys


def run() -> int:
    """The command line; Ctrl-C at any moment is the exit in words (130), never a traceback.

    Importing the commands takes a good part of a short run, before :func:`workbench.cli.main`
    can catch an interrupt itself, so the import is caught here too.
    """
    try:
        from .cli import common, main

        common.ONE_SHOT = True
        return main()
    except KeyboardInterrupt:
        try:
            print("workbench: error: interrupted", file=sys.stderr)
        except (KeyboardInterrupt, OSError):   # a second Ctrl-C, or a closed terminal: the status says it
            pass
        return 130


if __name__ == "__main__":
    sys.exit(run())
