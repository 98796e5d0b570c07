#!/usr/bin/env bash
# The README's test command: everything CI checks, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

echo "Node $(node --version) (pinned in the repo through the node package)"

# Each Vitest run also writes a JSON report; the last line of the run adds them up.
results=$(mktemp -d /tmp/vigil-results.XXXXXX)
trap 'rm -rf "$results"' EXIT
vitest() { local name="$1"; shift; npx vitest run --reporter=default --reporter=json --outputFile.json="$results/$name.json" "$@"; }

say "Type check"
npm run typecheck --silent

say "Lint"
npm run lint --silent

# The three largest server suites run once, on the database they prove most about (each is 1.5–3
# minutes): the OpenAPI fuzzer on PGlite (hostile input meets the same SQL either way), the
# 1,000-person journey and the kill-the-server crash test on PostgreSQL (the multi-process,
# real-server deployment they model). Every other file runs on both.
say "Unit and integration tests on PGlite (embedded)"
vitest pglite --project auth-provider --project server --project web --project docs \
  --exclude '**/campaign-journey.test.ts' --exclude '**/campaign-crash-safety.test.ts'

say "Integration tests (provider and server) on a real PostgreSQL server"
bash scripts/with-postgres.sh npx vitest run --project auth-provider --project server --exclude '**/openapi-fuzz.test.ts' \
  --reporter=default --reporter=json --outputFile.json="$results/postgres.json"

say "End-to-end in headless Chromium against the built, started product"
if [ ! -x /usr/bin/chromium ]; then
  ensure_debian_packages "Chromium for the end-to-end tests (/usr/bin/chromium)" chromium fonts-dejavu-core
fi
npm run build --silent -w @vigil/web
vitest e2e --project e2e

# The second pass proves the product's data journeys on a real server: starting on an empty
# database with demo data, sign-in, people, onboarding, a campaign sent and tracked, a lesson passed. Pages that
# only render the shell (roles, accessibility, languages) read the same rows either way.
say "End-to-end again with the product on the real PostgreSQL server (DATABASE_URL): the data journeys"
bash scripts/with-postgres.sh bash -c 'E2E_DATABASE_URL="$TEST_DATABASE_URL" npx vitest run --project e2e smoke sign-in organization-users onboarding campaigns trainings --reporter=default --reporter=json --outputFile.json="$0/e2e-postgres.json"' "$results"

node scripts/summarize-results.mjs "$results"
