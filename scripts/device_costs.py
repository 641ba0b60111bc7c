"""Reading and writing Sources/StrokeBenchDisplay/Resources/device-costs.json, the device cost model's data,
for the scripts that measure or fit its figures (calibrate_host.py, fit_device.py)."""
import json
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "Sources", "StrokeBenchDisplay", "Resources", "device-costs.json")


def load():
    with open(DATA) as f:
        return json.load(f)


def save(data):
    """Writes the data as the repository keeps it (two-space indent, a final newline) and says so."""
    with open(DATA, "w") as f:
        json.dump(data, f, indent=2)
        f.write("\n")
    print(f"wrote {os.path.relpath(DATA, ROOT)}")
