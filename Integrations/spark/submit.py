"""The entry point for spark-submit (which runs a file, not a module):

    spark-submit --master yarn Integrations/spark/submit.py INPUT… --output OUT --widths … [-- …]

The job ships this package to the executors itself.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from cell_layout_spark.job import main  # noqa: E402

sys.exit(main())
