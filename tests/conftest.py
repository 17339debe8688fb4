import os

# Keep test runs away from the developer's data directory.
os.environ.setdefault(
    "DATA_DIR", os.path.join(os.path.dirname(__file__), "..", "test-output", "data")
)
