#!/usr/bin/env bash
# Profiles the example app on Payara Micro with PostgreSQL and Redis (issue #15): the plain endpoint, a first call
# and a completed duplicate of the @Idempotent one, each under wrk's load inside a JDK Flight Recorder recording.
# Writes docs/benchmarks-e2e-profile.md (top frames, CPU by component, bytes allocated per request); the recordings
# stay under benchmarks/target/e2e/profile-<run>/. About 4 minutes with the defaults, 5 with 60 s phases.
#
#   benchmarks/e2e/profile.sh
#   benchmarks/e2e/profile.sh -De2e.profile-seconds=60     # as docs/benchmarks-e2e-profile.md was written
#
# Settings (system properties): e2e.profile-seconds (30, per recorded phase), e2e.profile-warmup-seconds (15, per
# phase, two passes), and those of run.sh that apply (e2e.connections, e2e.primed-keys, e2e.redis.url,
# e2e.postgresql.url). MVN_ARGS adds Maven options (such as -o). Needs wrk (benchmarks/e2e/run.sh installs it).
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v wrk >/dev/null || { echo "[e2e-profile] wrk is missing: apt-get install wrk" >&2; exit 1; }
pg_isready -h 127.0.0.1 -p 5432 -q || { echo "[e2e-profile] PostgreSQL is not up on 127.0.0.1:5432" >&2; exit 1; }
[ "$(redis-cli -h 127.0.0.1 -p 6379 ping)" = "PONG" ] \
  || { echo "[e2e-profile] Redis is not up on 127.0.0.1:6379" >&2; exit 1; }

echo "[e2e-profile] building the example WAR and the harness"
# shellcheck disable=SC2086
mvn -B -q ${MVN_ARGS:-} -pl example-payara-app,benchmarks -am -DskipTests package

exec java -cp benchmarks/target/benchmarks.jar "$@" io.idempo.benchmarks.e2e.E2eProfile
