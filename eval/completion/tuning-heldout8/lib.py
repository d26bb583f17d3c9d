"""Helpers for writing heldout8 cases and replaying their work in a temp directory.

The replay is plain Python/bash, not the runtime: it checks that the outputs an answer
relies on are real, and that block answers are wrong only in the way the case says.
"""
import os
import re
import shutil
import subprocess
import tempfile


def rc(command, *args, cwd=None):
    a = {"command": command, "args": list(args)}
    if cwd:
        a["cwd"] = cwd
    return {"tool": "run_command", "args": a}


def sh(script, cwd=None):
    return rc("sh", "-c", script, cwd=cwd)


def ro(path, maxLines=None):
    a = {"path": path}
    if maxLines:
        a["maxLines"] = maxLines
    return {"tool": "read_open", "args": a}


def rs(path, start, end):
    return {"tool": "read_slice", "args": {"path": path, "startLine": start, "endLine": end}}


def rx(path, pattern):
    return {"tool": "read_extract", "args": {"path": path, "pattern": pattern}}


def rl(path=".", depth=None):
    a = {"path": path}
    if depth:
        a["depth"] = depth
    return {"tool": "read_list", "args": a}


def st(query, path=".", regex=False):
    a = {"query": query, "path": path}
    if regex:
        a["regex"] = True
    return {"tool": "search_text", "args": a}


def loc(query, path="."):
    return {"tool": "read_locate", "args": {"query": query, "path": path}}


def wf(path, content, overwrite=False):
    a = {"path": path, "content": content}
    if overwrite:
        a["overwrite"] = True
    return {"tool": "write_file", "args": a}


def ef(path, old, new):
    return {"tool": "edit_file", "args": {"path": path, "oldText": old, "newText": new}}


def mvp(a, b):
    return {"tool": "move_path", "args": {"from": a, "to": b}}


def rmp(path, recursive=False):
    a = {"path": path}
    if recursive:
        a["recursive"] = True
    return {"tool": "delete_path", "args": a}


def tool(name, **args):
    return {"tool": name, "args": args}


SKIP = {".git", "node_modules"}


def _walk(root, rel, depth):
    out = []
    base = os.path.join(root, rel)
    for name in sorted(os.listdir(base)):
        if name in SKIP:
            continue
        p = os.path.join(base, name)
        r = os.path.normpath(os.path.join(rel, name))
        if os.path.isdir(p):
            out.append(r + "/")
            if depth > 1:
                out += _walk(root, r, depth - 1)
        else:
            out.append(f"{r} ({os.path.getsize(p)} B)")
    return out


def _files_under(root, rel):
    base = os.path.join(root, rel)
    if os.path.isfile(base):
        return [os.path.normpath(rel)]
    out = []
    for d, dirs, files in os.walk(base):
        dirs[:] = sorted(x for x in dirs if x not in SKIP)
        for f in sorted(files):
            out.append(os.path.relpath(os.path.join(d, f), root))
    return out


def run_step(root, step):
    t, a = step["tool"], step["args"]
    p = lambda x: os.path.join(root, x)
    try:
        if t == "run_command":
            r = subprocess.run([a["command"], *a.get("args", [])], cwd=p(a.get("cwd", ".")), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=30, env={"PATH": os.environ["PATH"], "LANG": "C.UTF-8", "HOME": os.environ.get("HOME", "/tmp")})
            return f"exit {r.returncode}\n" + r.stdout.decode("utf8", "replace")
        if t == "read_open":
            return open(p(a["path"]), encoding="utf8").read()
        if t == "read_slice":
            lines = open(p(a["path"]), encoding="utf8").read().split("\n")
            return "\n".join(lines[a["startLine"] - 1 : a["endLine"]])
        if t == "read_extract":
            return "\n".join(l for l in open(p(a["path"]), encoding="utf8").read().split("\n") if a["pattern"].lower() in l.lower())
        if t == "read_list":
            return "\n".join(_walk(root, a.get("path", "."), a.get("depth", 1)))
        if t in ("search_text", "read_locate"):
            hits = []
            for f in _files_under(root, a.get("path", ".")):
                for i, line in enumerate(open(p(f), encoding="utf8", errors="replace").read().split("\n"), 1):
                    q = a["query"]
                    ok = re.search(q, line, re.I) if a.get("regex") else q.lower() in line.lower()
                    if t == "read_locate":
                        ok = ok or any(w.lower() in line.lower() for w in q.split())
                    if ok:
                        hits.append(f"{f}:{i}: {line}")
            return "\n".join(hits) if hits else "(no matches)"
        if t == "write_file":
            if os.path.exists(p(a["path"])) and not a.get("overwrite"):
                return "ERROR exists"
            os.makedirs(os.path.dirname(p(a["path"])) or ".", exist_ok=True)
            open(p(a["path"]), "w", encoding="utf8").write(a["content"])
            return "written"
        if t == "edit_file":
            text = open(p(a["path"]), encoding="utf8").read()
            if text.count(a["oldText"]) != 1:
                return f"ERROR oldText found {text.count(a['oldText'])} times"
            open(p(a["path"]), "w", encoding="utf8").write(text.replace(a["oldText"], a["newText"]))
            return "edited"
        if t == "move_path":
            if os.path.exists(p(a["to"])):
                return "ERROR target exists"
            os.rename(p(a["from"]), p(a["to"]))
            return "moved"
        if t == "delete_path":
            if os.path.isdir(p(a["path"])):
                shutil.rmtree(p(a["path"]))
            else:
                os.remove(p(a["path"]))
            return "deleted"
        return f"{t}: {a}"
    except Exception as e:  # a failed tool call is an observation too
        return f"ERROR {type(e).__name__}: {e}"


def replay(case):
    root = tempfile.mkdtemp(prefix="h8-")
    try:
        for rel, text in case["files"].items():
            os.makedirs(os.path.dirname(os.path.join(root, rel)) or root, exist_ok=True)
            open(os.path.join(root, rel), "w", encoding="utf8").write(text)
        outs = [run_step(root, s) for s in case["work"]]
        problems = []
        for i, sub in case.get("_exp", []):
            if sub not in outs[i]:
                problems.append(f"step {i} lacks {sub!r}; got {outs[i][:300]!r}")
        for i, sub in case.get("_nexp", []):
            if sub in outs[i]:
                problems.append(f"step {i} unexpectedly has {sub!r}")
        for path, want in case.get("_disk", []):
            full = os.path.join(root, path)
            if want is None:
                if os.path.exists(full):
                    problems.append(f"{path} should be absent")
            elif not os.path.exists(full):
                problems.append(f"{path} missing")
            elif want is not True and want not in open(full, encoding="utf8").read():
                problems.append(f"{path} lacks {want!r}")
        return outs, problems
    finally:
        shutil.rmtree(root)
