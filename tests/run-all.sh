#!/usr/bin/env bash
# `npm test`: everything, in the order a failure is cheapest to find; each stage's time at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

stage_times=()
# Runs a stage and notes its time, failed or not.
stage() {
  local name=$1 started=$SECONDS status=0 outcome=""
  shift
  "$@" || status=$?
  local seconds=$((SECONDS - started))
  [ "$status" = 0 ] || outcome="  (failed)"
  local line
  printf -v line '%-18s %3d:%02d%s' "$name" $((seconds / 60)) $((seconds % 60)) "$outcome"
  stage_times+=("$line")
  return "$status"
}
print_stage_times() {
  [ ${#stage_times[@]} -eq 0 ] && return
  echo "Time by stage (minutes:seconds):"
  printf '  %s\n' "${stage_times[@]}"
}
trap print_stage_times EXIT

# npm scripts run side by side, each one's output held in a file and shown when all are done (so
# the lines do not interleave); each one's own time is noted with what it ran beside, then the
# group's wall time.
together() {
  local logs=tests/.tmp/stage-logs started=$SECONDS failed=0 name line
  mkdir -p "$logs"
  for name in "$@"; do
    (
      begun=$SECONDS status=0
      npm run "$name" >"$logs/$name.log" 2>&1 || status=$?
      echo "$status $((SECONDS - begun))" >"$logs/$name.result"
    ) &
  done
  wait
  for name in "$@"; do
    cat "$logs/$name.log"
    local status seconds outcome=""
    read -r status seconds <"$logs/$name.result"
    [ "$status" = 0 ] || { outcome="  (failed)"; failed=1; }
    printf -v line '%-18s %3d:%02d  (beside: %s)%s' "$name" $((seconds / 60)) $((seconds % 60)) \
      "$*" "$outcome"
    stage_times+=("$line")
  done
  local seconds=$((SECONDS - started))
  printf -v line '%-18s %3d:%02d' "  together" $((seconds / 60)) $((seconds % 60))
  stage_times+=("$line")
  return "$failed"
}

bash tests/ensure-chromium.sh
postgres=installed
bash tests/ensure-postgres.sh || postgres=missing
# The tests of PostgreSQL alone (event bus, job leader, pools, shared rate limits, the copy to
# PostgreSQL) make their own databases: in one throwaway cluster a pass when PostgreSQL is there.
with_cluster=()
if [ "$postgres" = installed ]; then with_cluster=(npx tsx tests/postgres/with-cluster.ts --); fi

# typecheck and lint use one core each; the build (Playwright's, last) takes seconds beside them.
together typecheck lint build
stage "vitest SQLite" "${with_cluster[@]}" npx vitest run \
  --reporter=default --reporter=json --outputFile=tests/.tmp/reports/unit.json
reports=(tests/.tmp/reports/unit.json)

# The PostgreSQL pass (docs/decisions/0037, 0057) runs only the files that exercise what differs
# between the dialects: stores and queries with raw SQL or a path per dialect, backups (pg_dump),
# migrations' constraints, transactions racing each other or refused inside the database, the rate
# limits and the event bus (in PostgreSQL when DATABASE_URL is set), the sync end to end. Routes,
# API, e-mail and the rest reach the same services and run on SQLite only. A test file added for
# dialect-specific code is listed here.
postgres_files=(
  # Stores and queries: raw SQL or a path per dialect (player-store, -queries, -ranks, standings,
  # the session statement planned once...)
  tests/unit/services/shell-user.test.ts
  tests/unit/services/player-search.test.ts
  tests/unit/services/player-names.test.ts
  tests/unit/services/players.test.ts
  tests/unit/services/store-batches.test.ts
  tests/unit/services/store-interrupted.test.ts
  tests/unit/services/store-published-whole.test.ts
  tests/unit/services/store-fresh-tables.test.ts
  tests/unit/services/store-statistics.test.ts
  tests/unit/services/snapshot-player-key.test.ts
  tests/unit/services/races.test.ts
  tests/unit/services/retention.test.ts
  tests/unit/services/admin-analytics.test.ts
  tests/unit/services/admin-users.test.ts
  tests/unit/services/support-chat.test.ts
  tests/unit/services/user-activity.test.ts
  tests/unit/services/goated-links.test.ts
  tests/unit/services/giveaways.test.ts
  tests/unit/services/users.test.ts
  tests/unit/services/account-lookups.test.ts
  tests/unit/services/backups.test.ts
  tests/unit/jobs/backup-job.test.ts
  tests/unit/routes/admin-panel-backups.test.ts
  tests/unit/email/outbox.test.ts
  # Constraints; transactions racing each other or refused inside the database (test-triggers.ts)
  tests/unit/services/race-audit.test.ts
  tests/unit/routes/admin-wager-races-input.test.ts
  tests/unit/services/concurrent-claims.test.ts
  tests/unit/services/processes-starting-together.test.ts
  tests/unit/services/sign-in-replaces-session.test.ts
  tests/unit/jobs/race-completion-first-start.test.ts
  tests/unit/services/race-payouts.test.ts
  tests/unit/services/race-proof.test.ts
  # Rate limits (PostgreSQL's rate_limits table)
  tests/unit/services/login-throttle.test.ts
  tests/unit/services/authentication-throttle.test.ts
  # The event bus (LISTEN/NOTIFY) and the sync end to end
  tests/unit/jobs/sync-provider-settings.test.ts
  tests/unit/realtime/notification-push.test.ts
  tests/unit/realtime/support-chat-sockets.test.ts
  tests/unit/jobs/sync.test.ts
  tests/unit/jobs/sync-worker.test.ts
)
if [ "$postgres" = installed ]; then
  VITEST_POSTGRES=1 stage "vitest PostgreSQL" "${with_cluster[@]}" \
    npx vitest run "${postgres_files[@]}" \
    --reporter=default --reporter=json --outputFile=tests/.tmp/reports/unit-postgres.json
  reports+=(tests/.tmp/reports/unit-postgres.json)
else
  echo "PostgreSQL could not be installed: the PostgreSQL pass of the tests is SKIPPED"
fi
stage playwright npx playwright test

node tests/summarize-results.mjs "${reports[@]}" tests/.tmp/reports/e2e.json
