#!/usr/bin/env bash
# Regenerates test/corpus/: SARIF written by the real scanners scripts/lib.sh installs, run on
# code in this repository, and manifest.json (same format as ../shared/sarif-corpus/manifest.json)
# with the statistics and schema verdicts of each file. The files are committed test data; run
# this only to refresh them (new scanner version, new scanned code): bash test/corpus/generate.sh
#
# Each scanner runs the way a customer's CI runs it: from the root of the project it scans
# (recorded as `generated.cwd`), with relative targets, so every relative URI in the output is
# relative to that directory. Where a scanner writes absolute URIs anyway (ESLint's SARIF
# formatter: file:// URIs for every artifact; SpotBugs: an absolute file: base in
# originalUriBaseIds), they are kept as written, since that is what customers upload, and the
# manifest records the checkout they are under (`generated.checkout_uri`): the upload's
# checkout_uri.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=../../scripts/lib.sh
source "$HERE/../../scripts/lib.sh"
OUT="$HERE"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
SCANS="$WORK/scans.jsonl"
: >"$SCANS"

# record FILE FAMILY CWD VERSION COMMAND...: one line for manifest.mjs.
record() {
  local file="$1" family="$2" cwd="$3" version="$4"
  shift 4
  node -e 'const [file, tool_family, cwd, tool_version, ...command] = process.argv.slice(1);
    console.log(JSON.stringify({ file, tool_family, cwd, tool_version, command: command.join(" ") }));' \
    "$file" "$family" "$cwd" "$version" "$@" >>"$SCANS"
}

# run_in DIR EXPECTED_CODES COMMAND...: runs a scanner in DIR; scanners exit non-zero when they
# report findings, so only the listed exit codes count as success.
run_in() {
  local dir="$1" codes="$2" code=0
  shift 2
  (cd "$ROOT/$dir" && "$@") >"$WORK/last.log" 2>&1 || code=$?
  if [[ " $codes " != *" $code "* ]]; then
    cat "$WORK/last.log" >&2
    echo "generate.sh: $* in $dir exited $code" >&2
    exit 1
  fi
}

scan_bandit() {
  ensure_bandit
  local dir=bench/fix-rate/projects/python file=bandit__local_fix-rate-python.sarif
  run_in "$dir" "0 1" bandit -r . -f sarif -o "$OUT/$file"
  record "$file" bandit "$dir" "$(bandit --version | head -1)" bandit -r . -f sarif -o "$file"
}

scan_gosec() {
  ensure_gosec
  local dir=bench/triage-quality/repo/inventory file=gosec__local_triage-inventory.sarif
  run_in "$dir" "0" gosec -no-fail -fmt sarif -out "$OUT/$file" ./...
  record "$file" gosec "$dir" "gosec $GOSEC_VERSION" gosec -no-fail -fmt sarif -out "$file" ./...
}

scan_spotbugs() {
  ensure_spotbugs
  local dir=bench/fix-rate/projects/java file=spotbugs__local_fix-rate-java.sarif
  # SpotBugs reads bytecode: the application is compiled against the project's API stand-ins,
  # which are given as the auxiliary classpath so they are not analyzed themselves.
  mkdir -p "$WORK/stubs" "$WORK/classes"
  (cd "$ROOT/$dir" && javac -g -d "$WORK/stubs" $(find stubs -name '*.java') &&
    javac -g -cp "$WORK/stubs" -d "$WORK/classes" $(find src/main/java -name '*.java'))
  # Find Security Bugs sits in SpotBugs' plugin folder (ensure_spotbugs), which loads it.
  run_in "$dir" "0" spotbugs -textui -quiet -effort:max -low -auxclasspath "$WORK/stubs" \
    -sourcepath src/main/java -sarif="$OUT/$file" "$WORK/classes"
  record "$file" spotbugs "$dir" "SpotBugs $SPOTBUGS_VERSION + Find Security Bugs $FINDSECBUGS_VERSION" \
    spotbugs -textui -effort:max -low -auxclasspath '<compiled stubs>' -sourcepath src/main/java \
    "-sarif=$file" '<compiled src/main/java>'
}

scan_checkov() {
  ensure_checkov
  local dir=. file=checkov__local_deploy.sarif
  # --skip-download: Checkov otherwise asks Prisma Cloud for guidelines and severities; without
  # an API key it has none, so its SARIF carries no severity (every failed check is `error`).
  run_in "$dir" "0" checkov -d deploy -d .github --framework dockerfile github_actions \
    --skip-download --quiet --compact --soft-fail -o sarif --output-file-path "$WORK/checkov"
  cp "$WORK/checkov/results_sarif.sarif" "$OUT/$file"
  record "$file" checkov "$dir" "checkov $(checkov --version)" checkov -d deploy -d .github \
    --framework dockerfile github_actions --skip-download -o sarif
}

scan_eslint() {
  ensure_node
  local dir=bench/fix-rate/projects/js file=eslint__local_fix-rate-js.sarif
  local eslint="$ROOT/bench/node_modules/.bin/eslint"
  if [ ! -d "$ROOT/bench/node_modules/@microsoft/eslint-formatter-sarif" ]; then
    (cd "$ROOT" && pnpm install --frozen-lockfile --filter '@remediation/bench...' >&2)
  fi
  run_in "$dir" "0 1" "$eslint" --no-config-lookup -c eslint.config.mjs \
    -f @microsoft/eslint-formatter-sarif -o "$OUT/$file" .
  record "$file" eslint "$dir" "ESLint $("$eslint" --version | tr -d v)" eslint --no-config-lookup \
    -c eslint.config.mjs -f @microsoft/eslint-formatter-sarif -o "$file" .
}

# scan_semgrep LANGUAGE PROJECT: the rules of one language folder on one bench project.
scan_semgrep() {
  ensure_semgrep
  # From the repository root with the rules' relative path: Semgrep prefixes every rule id with
  # the path of the config folder it was given (an absolute path would put this machine's
  # directories into the ids).
  local lang="$1" target="bench/fix-rate/projects/$2" dir=.
  local rules="bench/rules/semgrep/$lang" file="semgrep__local_fix-rate-$2.sarif"
  [ -d "$ROOT/$rules" ] || { echo "generate.sh: $rules is missing" >&2; exit 1; }
  run_in "$dir" "0 1" semgrep scan --metrics=off --config "$rules" --sarif \
    --output "$OUT/$file" "$target"
  record "$file" semgrep "$dir" "semgrep $(semgrep --version)" semgrep scan --metrics=off \
    --config "$rules" --sarif --output "$file" "$target"
}

rm -f "$OUT"/*.sarif
scan_bandit
scan_gosec
scan_spotbugs
scan_checkov
scan_eslint
scan_semgrep python python
scan_semgrep java java
node "$HERE/manifest.mjs" "$SCANS" "$OUT"
