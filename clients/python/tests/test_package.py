"""The package under test is the installed distribution, as users get it from a wheel."""

import os
from importlib.metadata import files, version
from pathlib import Path

import pytest

import assay


def test_the_tests_import_the_installed_wheel_not_the_sources() -> None:
    """scripts/test.sh sets ASSAY_SDK_SOURCE; a run straight from a checkout has nothing to compare."""
    source = os.environ.get("ASSAY_SDK_SOURCE")
    if source is None:
        pytest.skip("not run by scripts/test.sh")
    installed = Path(assay.__file__).resolve()
    assert "site-packages" in installed.parts
    assert Path(source).resolve() not in installed.parents


def test_the_distribution_carries_its_version_and_type_marker() -> None:
    assert version("assay-client") == assay.__version__
    shipped = {str(f).replace(os.sep, "/") for f in files("assay-client") or []}
    assert "assay/py.typed" in shipped and "assay/resources/_polling.py" in shipped
    assert (Path(assay.__file__).parent / "py.typed").is_file()
