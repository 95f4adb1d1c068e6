"""``python -m worksheet``: the same as the ``worksheet`` command."""

import sys

from worksheet.cli import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
