"""Getting layout-cli and its bundled fonts to every executor.

SwiftPM installs the bundled fonts as a resource bundle next to the executable
(`cell-layout_CellLayoutFonts.resources/`), and layout-cli finds them there wherever the
pair is copied. So the driver packs the two into one .tar.gz and hands it to
`SparkContext.addArchive`; Spark copies it to each executor and unpacks it in the
executor's SparkFiles folder, where `cli_on_executor` finds the binary.

For a cluster, build the binary with the Swift runtime linked in
(`swift build -c release --static-swift-stdlib --product layout-cli`) so that executors
need only the Debian libraries it links (HarfBuzz, FreeType, fontconfig, ICU, libpng;
see README.md). With `installed=True` nothing is shipped: the binary must be at the same
path on every node (a container image).
"""
import atexit
import gzip
import hashlib
import io
import os
import shutil
import tarfile
import tempfile
import zipfile

from .runner import FONTS_BUNDLE, LayoutStageError

BINARY = "layout-cli"


class Shipped:
    """Where executors find layout-cli: a shipped archive's name, or an installed path."""

    def __init__(self, archive_name=None, installed_path=None):
        self.archive_name = archive_name
        self.installed_path = installed_path

    def cli_on_executor(self):
        """The binary's path on this executor (call it inside a task)."""
        if self.installed_path:
            return self.installed_path
        from pyspark import SparkFiles
        return os.path.join(SparkFiles.get(self.archive_name), BINARY)


def pack(cli, directory):
    """Packs `cli` and the fonts bundle beside it into DIRECTORY/cell-layout-cli-HASH.tar.gz.

    The archive is the same bytes for the same files (no times, owners or modes but the
    executable bit), and its name carries their hash: Spark refuses a second file of one
    name with other contents, and a new build is never confused with an old one."""
    cli = os.path.abspath(cli)
    fonts = os.path.join(os.path.dirname(cli), FONTS_BUNDLE)
    if not os.path.isfile(cli) or not os.access(cli, os.X_OK):
        raise LayoutStageError(f"driver: no executable layout-cli at {cli} (build it: swift build -c release)")
    if not os.path.isdir(fonts):
        raise LayoutStageError(f"driver: the bundled fonts are not next to {cli}: no {fonts}")
    members = [(cli, BINARY)]
    for folder, subfolders, files in os.walk(fonts):
        subfolders.sort()
        for name in sorted(files):
            path = os.path.join(folder, name)
            members.append((path, os.path.join(FONTS_BUNDLE, os.path.relpath(path, fonts))))
    buffer = io.BytesIO()
    # Fast compression: the fonts hardly shrink, and level 9 costs seconds on every job.
    with gzip.GzipFile(fileobj=buffer, mode="wb", mtime=0, compresslevel=1) as zipped, \
            tarfile.open(fileobj=zipped, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for path, name in members:
            info = tar.gettarinfo(path, arcname=name)
            info.mtime, info.uid, info.gid, info.uname, info.gname = 0, 0, 0, "", ""
            info.mode = 0o755 if os.access(path, os.X_OK) and name == BINARY else 0o644
            with open(path, "rb") as f:
                tar.addfile(info, f)
    data = buffer.getvalue()
    path = os.path.join(directory, f"cell-layout-cli-{hashlib.sha256(data).hexdigest()[:12]}.tar.gz")
    with open(path, "wb") as f:
        f.write(data)
    return path


def pack_package(directory):
    """This package as DIRECTORY/cell_layout_spark-HASH.zip, for the executors' Python (the
    same bytes for the same sources, named by their hash, as `pack`)."""
    package = os.path.dirname(os.path.abspath(__file__))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name in sorted(os.listdir(package)):
            if name.endswith(".py"):
                with open(os.path.join(package, name), "rb") as f:
                    archive.writestr(zipfile.ZipInfo(f"cell_layout_spark/{name}", (1980, 1, 1, 0, 0, 0)), f.read())
    data = buffer.getvalue()
    path = os.path.join(directory, f"cell_layout_spark-{hashlib.sha256(data).hexdigest()[:12]}.zip")
    with open(path, "wb") as f:
        f.write(data)
    return path


# What each Spark application has been given already, by archive name: Spark refuses the
# same name twice from two paths, and the contents are the same when the name is.
_added = {}


def ship(spark_context, cli, installed=False):
    """Makes this package, and layout-cli unless `installed`, available to the executors;
    returns the `Shipped` that finds the binary there. The driver's copies are removed
    when the driver's Python exits (Spark may read them until its context stops)."""
    directory = tempfile.mkdtemp(prefix="cell-layout-ship-")
    atexit.register(shutil.rmtree, directory, True)
    added = _added.setdefault(spark_context.applicationId, set())
    package = pack_package(directory)
    if os.path.basename(package) not in added:
        spark_context.addPyFile(package)
        added.add(os.path.basename(package))
    if installed:
        return Shipped(installed_path=cli)
    archive = pack(cli, directory)
    name = os.path.basename(archive)
    if name not in added:
        spark_context.addArchive(archive)
        added.add(name)
    return Shipped(archive_name=name)
