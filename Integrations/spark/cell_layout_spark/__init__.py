"""cell-layout as a stage of an Apache Spark job.

Every JSON Lines row is measured (`layout-cli measure`) or laid out as a cell
(`layout-cli layout --jsonl`) at every width, by one long-lived layout-cli process per
partition; bad rows go to a side output with the CLI's located error. The command line
is `python -m cell_layout_spark` (see `job.py`); in a pipeline of your own, use
`ship` and `tagged_rows`, then `rows.jsonl_row` / `rows.parquet_row` on the rows.
"""
from .job import main, run, tagged_rows
from .runner import LayoutStageError, run_partition
from .shipping import ship

__all__ = ["LayoutStageError", "main", "run", "run_partition", "ship", "tagged_rows"]
