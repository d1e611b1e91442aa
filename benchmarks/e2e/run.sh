#!/usr/bin/env bash
# The end-to-end load benchmark (issue #6): builds the example app and the harness, then measures the example on
# Payara Micro with and without @Idempotent against the local MariaDB, PostgreSQL and Redis, and writes
# docs/benchmarks-e2e-results.md and docs/benchmarks-e2e.png. About 28 minutes with the defaults.
#
#   benchmarks/e2e/run.sh                                    # everything, defaults
#   benchmarks/e2e/run.sh -De2e.round-seconds=5 -De2e.configurations=postgresql-redis -De2e.series=unique-trivial
#   benchmarks/e2e/run.sh -De2e.round-seconds=5 -De2e.configurations=postgresql-redis -De2e.series=open-loop-realistic
#
# Settings (system properties, see E2eSettings): e2e.round-seconds (8), e2e.warmup-seconds (3),
# e2e.initial-warmup-seconds (120, after each server start), e2e.pairs (3),
# e2e.connections (32), e2e.configurations, e2e.series, e2e.primed-keys (1000), e2e.redis.url, and the database
# servers as for the tests (idempo-testing's TestDatabase): e2e.postgresql.url (jdbc:postgresql://127.0.0.1:5432/test)
# and e2e.mariadb.url (jdbc:mariadb://127.0.0.1:3306/test), beside whose database the run creates its own.
# MVN_ARGS adds Maven options (such as -o).
set -euo pipefail
cd "$(dirname "$0")/../.."

if ! command -v wrk >/dev/null; then
  if [ "$(id -u)" = 0 ]; then
    echo "[e2e] installing wrk (Debian package)"
    apt-get install -y -qq wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
  else
    echo "[e2e] wrk is missing: sudo apt-get install wrk" >&2
    exit 1
  fi
fi

# The servers are shared: the benchmark never starts or stops them, it only uses databases and keys of its own.
pg_isready -h 127.0.0.1 -p 5432 -q || { echo "[e2e] PostgreSQL is not up on 127.0.0.1:5432" >&2; exit 1; }
mariadb-admin -h 127.0.0.1 -P 3306 -u root ping >/dev/null \
  || { echo "[e2e] MariaDB is not up on 127.0.0.1:3306" >&2; exit 1; }
[ "$(redis-cli -h 127.0.0.1 -p 6379 ping)" = "PONG" ] || { echo "[e2e] Redis is not up on 127.0.0.1:6379" >&2; exit 1; }

echo "[e2e] building the example WAR and the harness"
# shellcheck disable=SC2086
mvn -B -q ${MVN_ARGS:-} -pl example-payara-app,benchmarks -am -DskipTests package

exec java -cp benchmarks/target/benchmarks.jar "$@" io.idempo.benchmarks.e2e.E2eBenchmark
