"""Reading and writing Sources/StrokeBenchDevice/Resources/device-costs.json, the device cost model's data,
for the scripts that measure or fit its figures (calibrate_host.py, fit_device.py)."""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Sources", "StrokeBenchDevice", "Resources", "device-costs.json")
# The version of the data these scripts read and write: DeviceCostData.format in
# Sources/StrokeBenchDevice/DeviceCosts.swift. A file of another version is refused, never rewritten.
FORMAT_VERSION = 5


def load():
    with open(DATA) as f:
        data = json.load(f)
    check_version(data)
    return data


def check_version(data):
    found = data.get("format_version")
    if found != FORMAT_VERSION:
        sys.exit(f"{os.path.relpath(DATA, ROOT)}: format_version {found} is not {FORMAT_VERSION}, the version "
                 "these scripts write; update the scripts with bench")


def save(data):
    """Writes the data as the repository keeps it (two-space indent, a final newline) and says so."""
    check_version(data)
    with open(DATA, "w") as f:
        json.dump(data, f, indent=2)
        f.write("\n")
    print(f"wrote {os.path.relpath(DATA, ROOT)}")
