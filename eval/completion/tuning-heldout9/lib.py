"""Helpers for heldout9: compact case builders and a plain-Python replay that checks each
case's quoted facts against real command output (the gate is never run here)."""
import os, re, shutil, subprocess, tempfile

CASES = []


def sh(cmd, cwd="."):
    return {"tool": "run_command", "args": {"command": "sh", "args": ["-c", cmd], **({"cwd": cwd} if cwd != "." else {})}}


def run(cmd, *args, cwd="."):
    return {"tool": "run_command", "args": {"command": cmd, "args": list(args), **({"cwd": cwd} if cwd != "." else {})}}


def ro(path):
    return {"tool": "read_open", "args": {"path": path}}


def ls(path=".", depth=1):
    return {"tool": "read_list", "args": {"path": path, "depth": depth}}


def st(query, path="."):
    return {"tool": "search_text", "args": {"query": query, "path": path}}


def wf(path, content, overwrite=False):
    a = {"path": path, "content": content}
    if overwrite:
        a["overwrite"] = True
    return {"tool": "write_file", "args": a}


def ef(path, old, new):
    return {"tool": "edit_file", "args": {"path": path, "oldText": old, "newText": new}}


def tool(name, **args):
    return {"tool": name, "args": args}


def case(cat, lang, request, files, work, answer, verdict, why, has=(), lacks=()):
    """has: strings the replayed outputs must contain; lacks: strings they must not contain."""
    CASES.append(dict(id=f"h9-{len(CASES) + 1:03d}", category=cat, lang=lang, request=request, files=files,
                      work=work, answer=answer, verdict=verdict, why=why, _has=list(has), _lacks=list(lacks)))


def _walk(root, rel, depth):
    out = []
    base = os.path.join(root, rel)
    for name in sorted(os.listdir(base)):
        p = os.path.join(rel, name) if rel != "." else name
        if os.path.isdir(os.path.join(root, p)):
            out.append(p + "/")
            if depth > 1:
                out += _walk(root, p, depth - 1)
        else:
            out.append(p)
    return out


def replay(c):
    """Runs a case's work in a temp dir; returns the concatenated observations."""
    root = tempfile.mkdtemp(prefix="h9-")
    try:
        for rel, text in c["files"].items():
            os.makedirs(os.path.dirname(os.path.join(root, rel)) or root, exist_ok=True)
            with open(os.path.join(root, rel), "w", encoding="utf8") as f:
                f.write(text)
        outs = []
        for w in c["work"]:
            t, a = w["tool"], w["args"]
            P = lambda k="path": os.path.join(root, a.get(k, "."))
            if t == "run_command":
                env = {k: os.environ[k] for k in ("PATH", "LANG", "HOME") if k in os.environ}
                r = subprocess.run([a["command"], *a["args"]], cwd=os.path.join(root, a.get("cwd", ".")), capture_output=True, text=True, env=env)
                outs.append(f"exit {r.returncode}\n{r.stdout}{r.stderr}")
            elif t in ("read_open",):
                outs.append(open(P(), encoding="utf8").read())
            elif t in ("read_list", "workspace_inventory"):
                outs.append("\n".join(_walk(root, a.get("path", "."), a.get("depth", 4 if t == "workspace_inventory" else 1))) or "(empty)")
            elif t in ("search_text", "read_extract"):
                q = a.get("query") or a.get("pattern")
                rx = re.compile(q if a.get("regex") else re.escape(q), 0 if a.get("caseSensitive") else re.I)
                hits = []
                base = P()
                files = [base] if os.path.isfile(base) else [os.path.join(d, f) for d, _, fs in os.walk(base) for f in fs]
                for fp in sorted(files):
                    for i, line in enumerate(open(fp, encoding="utf8", errors="replace").read().splitlines(), 1):
                        if rx.search(line):
                            hits.append(f"{os.path.relpath(fp, root)}:{i}: {line}")
                outs.append("\n".join(hits) or "(no matches)")
            elif t == "write_file":
                assert a.get("overwrite") or not os.path.exists(P()), (c["id"], "write over existing")
                os.makedirs(os.path.dirname(P()), exist_ok=True)
                open(P(), "w", encoding="utf8").write(a["content"])
                outs.append("written")
            elif t == "edit_file":
                s = open(P(), encoding="utf8").read()
                assert s.count(a["oldText"]) == 1, (c["id"], "edit_file oldText not unique/absent")
                open(P(), "w", encoding="utf8").write(s.replace(a["oldText"], a["newText"]))
                outs.append("edited")
            elif t == "move_path":
                assert not os.path.exists(P("to")), (c["id"], "move target exists")
                shutil.move(P("from"), P("to"))
                outs.append("moved")
            elif t == "delete_path":
                (shutil.rmtree if os.path.isdir(P()) else os.remove)(P())
                outs.append("deleted")
            else:
                outs.append(f"[{t}]")
        return "\n----\n".join(outs)
    finally:
        shutil.rmtree(root)
