import sys
from pathlib import Path

# Test helper modules (helpers.py, invariants.py) are imported by their plain names.
sys.path.insert(0, str(Path(__file__).parent / "discovery"))
sys.path.insert(0, str(Path(__file__).parent / "settlers"))
