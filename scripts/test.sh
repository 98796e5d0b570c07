#!/usr/bin/env bash
# The README's test command: everything CI checks, in the order that fails fastest.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

echo "Node $(node --version) (pinned in the repo through the node package)"

# Vitest runs one file at a time on two cores (cores - 1): two at once keep both busy, since a file
# waits on its database much of the time. The PostgreSQL pass gives each worker its own database.
workers=2

# Each Vitest run also writes a JSON report; the last line of the run adds them up.
results=$(mktemp -d /tmp/vigil-results.XXXXXX)
trap 'rm -rf "$results"' EXIT
vitest() { local name="$1"; shift; npx vitest run --maxWorkers="$workers" --reporter=default --reporter=json --outputFile.json="$results/$name.json" "$@"; }

say "Type check"
npm run typecheck --silent

say "Lint"
npm run lint --silent

# Server files run where they prove most. Every server file (but the fuzzer) runs on the real PostgreSQL server,
# the database of a deployment with several instances, where a file takes about 2.5 times less
# time than on PGlite's WebAssembly engine. On PGlite (the embedded default) run the files that prove
# the embedded product: start-up, configuration, workers and jobs, the event log's cursors, the demo
# seed `npm start` plays, the tenancy matrix and the OpenAPI fuzzer (the largest suite: hostile input
# meets the same SQL either way). The first end-to-end pass also runs the whole product on PGlite.
# The provider's files are small and run on both.
embedded_server_files=(src/app.test src/phish-app.test src/config.test src/entry-points.test src/worker.test
  src/plugins/ src/modules/health/ src/modules/events/ src/modules/demo/ src/test/)

say "Unit and integration tests on PGlite (embedded)"
vitest pglite --project auth-provider --project web --project docs
vitest pglite-server --project server "${embedded_server_files[@]}"

# The reported-phish mailbox tests read a real IMAP server: Dovecot, which they start in a temporary folder.
if [ ! -x /usr/sbin/dovecot ]; then
  ensure_debian_packages "Dovecot for the reported-phish mailbox tests (/usr/sbin/dovecot)" dovecot-imapd
fi

say "Integration tests (provider and server) on a real PostgreSQL server"
bash scripts/with-postgres.sh npx vitest run --maxWorkers="$workers" --project auth-provider --project server --exclude '**/openapi-fuzz.test.ts' \
  --reporter=default --reporter=json --outputFile.json="$results/postgres.json"

say "End-to-end in headless Chromium against the built, started product: on PGlite, and beside it on PostgreSQL"
if [ ! -x /usr/bin/chromium ]; then
  ensure_debian_packages "Chromium for the end-to-end tests (/usr/bin/chromium)" chromium fonts-dejavu-core
fi
npm run build --silent -w @vigil/web

# Two products, two browsers, side by side: much of an end-to-end pass waits (a lure's delivery, the
# scanner window, a page's data), so the second pass costs far less beside the first than after it.
# The PostgreSQL pass (DATABASE_URL) proves the product's data journeys on a real server: starting
# on an empty database with demo data, sign-in, people, onboarding, a campaign sent and tracked, a
# lesson passed. Pages that only render the shell (roles, accessibility, languages) read the same
# rows either way. Its output is printed when both are done.
postgres_log="$results/e2e-postgres.log"
# Both products migrate and seed at the same time, then both passes' specs start (e2e/start-product.ts).
export E2E_BARRIER_DIR="$results/e2e-ready" E2E_BARRIER_PARTIES=2
setsid bash scripts/with-postgres.sh bash -c 'E2E_DATABASE_URL="$TEST_DATABASE_URL" npx vitest run --project e2e smoke sign-in organization-users onboarding campaigns trainings --reporter=default --reporter=json --outputFile.json="$0/e2e-postgres.json"' "$results" >"$postgres_log" 2>&1 &
postgres_pass=$!
# Stopped (Ctrl-C, a cancelled CI) or failed early: the pass beside this one (a session of its own) stops too.
trap 'kill -- -"$postgres_pass" 2>/dev/null; rm -rf "$results"' EXIT
pglite_status=0
vitest e2e --project e2e || pglite_status=$?
postgres_status=0
wait "$postgres_pass" || postgres_status=$?
say "End-to-end with the product on the real PostgreSQL server (DATABASE_URL): the data journeys (ran beside the PGlite pass)"
cat "$postgres_log"
trap 'rm -rf "$results"' EXIT
if [ "$pglite_status" -ne 0 ] || [ "$postgres_status" -ne 0 ]; then
  echo "End-to-end failed: PGlite pass exit $pglite_status, PostgreSQL pass exit $postgres_status" >&2
  exit 1
fi

node scripts/summarize-results.mjs "$results"
