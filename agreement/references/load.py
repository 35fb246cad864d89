"""Loads one module of an installed reference package by its file path.

Importing `lm_eval.tasks.x.utils` the usual way runs `lm_eval/__init__.py` and
`lm_eval/tasks/__init__.py`, which import the model-running stack (torch, datasets) that is not
installed (no-deps.txt). Loading the file alone runs only the scoring code we compare against.
"""

import importlib.util
import sys
import sysconfig
from pathlib import Path
from types import ModuleType


def package_file(relative: str) -> Path:
    """The path of a file of an installed package, e.g. `lm_eval/tasks/aime/utils.py`."""
    path = Path(sysconfig.get_paths()["purelib"]) / relative
    if not path.is_file():
        raise FileNotFoundError(f"{relative} is not installed: run agreement/setup.sh")
    return path


def load_module(name: str, relative: str) -> ModuleType:
    """Loads `relative` (a path under site-packages) as module `name`, registered in sys.modules
    so that modules loaded after it can import it under that name."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, package_file(relative))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
