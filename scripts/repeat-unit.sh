#!/usr/bin/env bash
# Runs the unit suite N times in a row (default 20) and stops at the first failure, so a flaky
# test shows up before it blocks someone else. Prints how many runs passed.
#   npm run test:unit:repeat -- 20        or        bash scripts/repeat-unit.sh 20 [vitest args…]
set -u
runs="${1:-20}"
shift || true
if ! [[ "$runs" =~ ^[1-9][0-9]*$ ]]; then
  echo "repeat-unit: the number of runs must be a positive whole number, not '$runs'" >&2
  exit 2
fi
log="$(mktemp -t repeat-unit.XXXXXX)"
for ((i = 1; i <= runs; i++)); do
  if ! npx vitest run "$@" >"$log" 2>&1; then
    cat "$log"
    echo "repeat-unit: run $i of $runs failed after $((i - 1)) passing in a row (output above)." >&2
    rm -f "$log"
    exit 1
  fi
  echo "repeat-unit: run $i of $runs passed."
done
rm -f "$log"
echo "repeat-unit: $runs of $runs runs passed in a row."
