#!/usr/bin/env bash
# The main job: the offline planner on a fresh copy of the demo workspace, with the
# embedded SQLite checkpointer — no API key, no network.
#   1. a read task: locate → open → answer citing what it read;
#   2. a change task: stops at waiting_approval, then completes after `mira resume`;
#   3. delegation to the explain-module skill (a scripted planner: the offline one never delegates).
set -euo pipefail
cd "$(dirname "$0")/.."

ws=.mira/demo-workspace
store=sqlite:.mira/demo.db
thread="demo-change-$(date +%s)"
rm -rf "$ws" && mkdir -p .mira && cp -R demo/workspace "$ws"

echo "== 1. read task"
npx mira run "Where is the retry limit configured, and what is its value?" --workspace "$ws" --checkpointer "$store"

echo
echo "== 2. change task (pauses for approval)"
set +e
npx mira run 'Create notes/release.md with "Retry limit reviewed: 5"' --workspace "$ws" --checkpointer "$store" --thread "$thread"
code=$?
set -e
if [ "$code" != 2 ]; then echo "expected the change task to wait for approval (exit 2), got exit $code" >&2; exit 1; fi

# Approve exactly the pending call: its identity comes from the paused run itself.
read -r call_id input_hash < <(npx mira show "$thread" --checkpointer "$store" --json |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const p=JSON.parse(s).pendingToolCall;console.log(p.toolCallId,p.inputHash)})')

echo
echo "== 3. approve and resume: mira resume $thread --approve --tool-call-id $call_id --input-hash ${input_hash:0:12}…"
npx mira resume "$thread" --approve --tool-call-id "$call_id" --input-hash "$input_hash" --checkpointer "$store"

echo
echo "== the file on disk ($ws/notes/release.md):"
cat "$ws/notes/release.md"

echo
echo "== 4. delegation: the Planner hands \"explain src/client.ts\" to the explain-module skill (scripted planner, demo/delegation.json)"
npx mira run "Explain what src/client.ts does" --workspace "$ws" --checkpointer "$store" --model scripted:demo/delegation.json
