"""Only for non-editable installs (a wheel, or pre-commit installing this repository as a hook):
copy the top-level schemas/ and variants/ into the package, since they live beside it in the
repository. Everything else is in pyproject.toml."""
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithData(build_py):
    def run(self):
        super().run()
        target = Path(self.build_lib) / "workbench" / "_data"
        for folder in ("schemas", "variants"):
            if (ROOT / folder).is_dir():
                shutil.rmtree(target / folder, ignore_errors=True)
                shutil.copytree(ROOT / folder, target / folder)


setup(cmdclass={"build_py": BuildWithData})
