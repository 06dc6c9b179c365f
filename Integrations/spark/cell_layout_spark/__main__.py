"""`python -m cell_layout_spark …`: see job.py."""
import sys

from .job import main

sys.exit(main())
