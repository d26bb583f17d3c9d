"""Builds cases.json from cases_en.py and cases_zh.py, replaying every case's work first."""
import json
import sys
from collections import Counter

from lib import replay
import cases_en
import cases_zh

cases = cases_en.CASES + cases_zh.CASES
bad = 0
for n, c in enumerate(cases, 1):
    c["id"] = f"h8-{n:03d}"
    outs, problems = replay(c)
    if problems or "-v" in sys.argv:
        print(c["id"], c["category"], problems)
        if problems:
            bad += 1
            for i, o in enumerate(outs):
                print("   ", i, repr(o[:400]))
keys = ["id", "category", "lang", "request", "files", "work", "answer", "verdict", "why"]
out = [{k: c[k] for k in keys} for c in cases]
json.dump(out, open("cases.json", "w"), ensure_ascii=False, indent=1)
open("cases.json", "a").write("\n")
print(len(out), "cases;", bad, "with problems")
print("verdict", Counter(c["verdict"] for c in out))
print("lang", Counter(c["lang"] for c in out))
print("group", Counter(c["category"].split("/")[0] for c in out))

if "--provenance" in sys.argv:
    from datetime import datetime, timezone
    prov = {
        "split": "heldout8",
        "author": "helper session writer8 (Claude), blind to the gate's code",
        "written": datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z"),
        "status": "written blind, not yet measured",
        "cases": len(out),
        "byShape": dict(sorted(Counter(c["category"].split("/", 1)[1] for c in out).items())),
        "byCategory": dict(sorted(Counter(c["category"].split("/")[0] for c in out).items())),
        "byVerdict": dict(Counter(c["verdict"] for c in out)),
        "byLang": dict(Counter(c["lang"] for c in out)),
    }
    json.dump(prov, open("provenance.json", "w"), ensure_ascii=False, indent=1)
    open("provenance.json", "a").write("\n")

sys.exit(1 if bad else 0)
