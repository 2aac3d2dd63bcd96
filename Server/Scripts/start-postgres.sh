#!/usr/bin/env bash
# Starts a PostgreSQL server for the content server's tests, from Debian's packages, and
# prints the URL to reach it on standard output (everything else goes to standard error):
#
#   export FACTS_TEST_POSTGRES_URL="$(Server/Scripts/start-postgres.sh)"
#
# Run as root on Debian 12. It installs the `postgresql` package when it is missing, creates
# the cluster when there is none, starts it with pg_ctlcluster when it is down, and creates
# the role and database when they do not exist. Running it again changes nothing.
#
# The role may create databases: the tests of the `facts-server` executable give each run a
# database of its own. Override the names with FACTS_PG_ROLE, FACTS_PG_PASSWORD and
# FACTS_PG_DATABASE.
set -euo pipefail

role="${FACTS_PG_ROLE:-facts}"
password="${FACTS_PG_PASSWORD:-facts}"
database="${FACTS_PG_DATABASE:-facts_test}"

say() { echo "start-postgres: $*" >&2; }

if [ "$(id -u)" -ne 0 ]; then
    say "run me as root: I install packages and start the cluster as the postgres user"
    exit 1
fi

if ! command -v pg_lsclusters >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    say "installing postgresql from Debian's packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    apt-get install -y -qq postgresql >&2
fi

version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
if ! pg_lsclusters --no-header | awk -v v="$version" '$1 == v && $2 == "main" { found = 1 } END { exit !found }'; then
    say "creating cluster $version/main"
    pg_createcluster "$version" main >&2
fi

port="$(pg_lsclusters --no-header | awk -v v="$version" '$1 == v && $2 == "main" { print $3 }')"
status="$(pg_lsclusters --no-header | awk -v v="$version" '$1 == v && $2 == "main" { print $4 }')"
if [ "$status" != "online" ]; then
    say "starting cluster $version/main on port $port"
    pg_ctlcluster "$version" main start >&2
fi

for _ in $(seq 1 30); do
    if pg_isready -q -h 127.0.0.1 -p "$port"; then break; fi
    sleep 1
done
if ! pg_isready -q -h 127.0.0.1 -p "$port"; then
    say "the cluster on port $port did not become ready in 30 s"
    exit 1
fi

psql_admin() { runuser -u postgres -- psql -p "$port" -v ON_ERROR_STOP=1 -qtA "$@"; }

if [ "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = '$role'")" != "1" ]; then
    say "creating role $role"
    psql_admin -c "CREATE ROLE \"$role\" LOGIN CREATEDB PASSWORD '$password'" >&2
fi
if [ "$(psql_admin -c "SELECT 1 FROM pg_database WHERE datname = '$database'")" != "1" ]; then
    say "creating database $database"
    psql_admin -c "CREATE DATABASE \"$database\" OWNER \"$role\"" >&2
fi

echo "postgres://$role:$password@127.0.0.1:$port/$database"
