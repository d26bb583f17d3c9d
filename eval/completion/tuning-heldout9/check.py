"""Replays every case in a temp dir and checks the facts its answer relies on (run: python3 check.py)."""
import sys
import lib
import cases_en  # noqa: F401
import cases_zh  # noqa: F401

bad = 0
for c in lib.CASES:
    out = lib.replay(c)
    for h in c["_has"]:
        if h not in out:
            bad += 1
            print(f"{c['id']} {c['category']}: missing {h!r}\n{out}\n")
    for h in c["_lacks"]:
        if h in out:
            bad += 1
            print(f"{c['id']} {c['category']}: unexpected {h!r}\n{out}\n")
if "-v" in sys.argv:
    for c in lib.CASES:
        print("=====", c["id"], c["category"], c["verdict"]); print(lib.replay(c))
print(f"{len(lib.CASES)} cases, {bad} problems")
sys.exit(1 if bad else 0)
