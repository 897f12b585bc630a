#!/usr/bin/env bash
# `npm test`: everything, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tests/ensure-chromium.sh
# PostgreSQL first: its own tests (event bus, job leader, shared limits) run in both passes.
postgres=installed
bash tests/ensure-postgres.sh || postgres=missing
npm run typecheck
npm run lint
npx vitest run --reporter=default --reporter=json --outputFile=tests/.tmp/reports/unit.json
# The same database tests again on PostgreSQL (docs/decisions/0037), in a throwaway cluster.
reports=(tests/.tmp/reports/unit.json)
if [ "$postgres" = installed ]; then
  VITEST_POSTGRES=1 npx tsx tests/postgres/with-cluster.ts -- npx vitest run \
    tests/unit/services tests/unit/routes tests/unit/db tests/unit/jobs tests/unit/api \
    tests/unit/email tests/unit/realtime \
    --reporter=default --reporter=json --outputFile=tests/.tmp/reports/unit-postgres.json
  reports+=(tests/.tmp/reports/unit-postgres.json)
else
  echo "PostgreSQL could not be installed: the PostgreSQL pass of the tests is SKIPPED"
fi
npm run build
npx playwright test

node tests/summarize-results.mjs "${reports[@]}" tests/.tmp/reports/e2e.json
