"""``python -m stytvolt``: the same as the ``stytvolt`` command."""

from stytvolt.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
