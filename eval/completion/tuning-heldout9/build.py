"""Writes cases.json from cases_en.py and cases_zh.py (the replay checks live in check.py).
It never writes provenance.json: that file records the set as committed before its one measurement."""
import json
import os
import lib
import cases_en  # noqa: F401
import cases_zh  # noqa: F401

here = os.path.dirname(os.path.abspath(__file__))
out = [{k: v for k, v in c.items() if not k.startswith("_")} for c in lib.CASES]
with open(os.path.join(here, "cases.json"), "w", encoding="utf8") as f:
    json.dump(out, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(f"wrote {len(out)} cases")
