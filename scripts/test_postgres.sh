#!/usr/bin/env bash
# A throwaway PostgreSQL for the test suite: Debian's postgresql-15 (installed
# if missing), a cluster made by initdb in a temporary folder as an
# unprivileged user, listening on a free loopback port with a password role.
#
#   scripts/test_postgres.sh start DIR   prints the URL to connect with
#   scripts/test_postgres.sh stop DIR    stops it and removes DIR
#   scripts/test_postgres.sh restart DIR | restart-immediate DIR
#
# No docker, no system cluster: nothing outside DIR is touched but the
# package install.
set -euo pipefail

command=${1:?usage: test_postgres.sh start|stop DIR}
dir=${2:?usage: test_postgres.sh start|stop DIR}
bin=/usr/lib/postgresql/15/bin

# initdb refuses root; as root, the cluster belongs to the postgres user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$command" in
start)
  if [ ! -x "$bin/initdb" ]; then
    echo "the tests need PostgreSQL 15: installing Debian's postgresql-15" >&2
    if [ "$(id -u)" -eq 0 ]; then
      apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >&2
    else
      sudo apt-get update -qq >&2 && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >&2
    fi
    # Debian's package makes and starts a system cluster; the tests do not use it.
  fi
  mkdir -p "$dir"
  if [ "$(id -u)" -eq 0 ]; then
    chown postgres: "$dir"
    runuser -u postgres -- test -w "$dir" \
      || { echo "the postgres user cannot reach $dir: give the folders above it o+x" >&2; exit 1; }
  fi
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  password=test-$(python3 -c 'import secrets; print(secrets.token_hex(8))')
  printf '%s\n' "$password" >"$dir/.pwfile"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$dir/.pwfile"
  as_owner "$bin/initdb" -D "$dir/data" -U widgethost --pwfile="$dir/.pwfile" -A scram-sha-256 -E UTF8 --no-instructions >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; exit 1; }
  rm -f "$dir/.pwfile"
  # A fleet test runs three hosts and many commands at once; fsync off because
  # the cluster lives only as long as the run.
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
    -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$dir' -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
    start >/dev/null || { cat "$dir/server.log" >&2; exit 1; }
  echo "postgres://widgethost:$password@127.0.0.1:$port/postgres"
  ;;
stop)
  if [ -d "$dir/data" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true; fi
  rm -rf "$dir"
  ;;
restart)
  # For the test of a database that goes away mid-run.
  as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w restart >/dev/null
  ;;
restart-immediate)
  # For make chaos: a crash of the server, recovered from its WAL.
  as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w restart >/dev/null
  ;;
*)
  echo "usage: test_postgres.sh start|stop|restart|restart-immediate DIR" >&2; exit 2
  ;;
esac
