#!/usr/bin/env bash
# The production install (issue 19): `npm ci --omit=dev` of this commit in a temporary folder,
# then `mira --version`, `mira serve --help` and the demo's read task there. It fails when
# something the CLI, the server or the evaluation imports at run time (or the install-time
# build, `prepare`) is only a devDependency.
#
# Kept fast: the install skips lifecycle scripts and takes the native addon (better-sqlite3)
# already compiled by the full install of this checkout (same Node, same machine) instead of
# compiling it again; `prepare` (the TypeScript build and the CLI bundle made from it,
# scripts/bundleCli.ts) then runs with the production dependencies only. The language tables come from the usual cache (keyed by their code).
set -euo pipefail
cd "$(dirname "$0")/.."

dir=$(mktemp -d "${TMPDIR:-/tmp}/mira-omit-dev.XXXXXX")
trap 'rm -rf "$dir"' EXIT
git archive HEAD | tar -x -C "$dir"
cd "$dir"
npm ci --omit=dev --ignore-scripts --no-audit --no-fund --prefer-offline --loglevel=error
if [ -d node_modules/typescript ] && [ ! -d node_modules/vitest ]; then :; else echo "omit-dev: the install is not a production one" >&2; exit 1; fi
cp -R "$OLDPWD/node_modules/better-sqlite3/build" node_modules/better-sqlite3/
npm run --silent prepare

./bin/mira.js --version
./bin/mira.js serve --help >/dev/null && echo "mira serve --help: ok"
ws="$dir/.mira/demo-workspace"
mkdir -p "$dir/.mira" && cp -R demo/workspace "$ws"
./bin/mira.js run "Where is the retry limit configured, and what is its value?" --workspace "$ws" --checkpointer "sqlite:$dir/.mira/demo.db"
