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

sys.exit(1 if bad else 0)
