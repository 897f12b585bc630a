#!/usr/bin/env bash
# `npm test`: everything, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tests/ensure-chromium.sh
npm run typecheck
npm run lint
npx vitest run --reporter=default --reporter=json --outputFile=tests/.tmp/reports/unit.json
npm run build
npx playwright test

node tests/summarize-results.mjs tests/.tmp/reports/unit.json tests/.tmp/reports/e2e.json
