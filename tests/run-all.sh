#!/usr/bin/env bash
# `npm test`: everything, in the order a failure is cheapest to find.
set -euo pipefail
cd "$(dirname "$0")/.."

bash tests/ensure-chromium.sh
npm run typecheck
npm run lint
npx vitest run --reporter=default --reporter=json --outputFile=test-results/unit-report.json
npm run build
npx playwright test

node tests/summarize-results.mjs test-results/unit-report.json test-results/e2e-report.json
