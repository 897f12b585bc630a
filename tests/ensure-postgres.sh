#!/usr/bin/env bash
# The PostgreSQL pass of the tests runs a throwaway cluster of Debian's postgresql (tests/postgres).
# Installs the server when no initdb is found; needs root or passwordless sudo. Exits non-zero when
# it cannot, and tests/run-all.sh then says the PostgreSQL pass is skipped.
set -euo pipefail
if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
  exit 0
fi
echo "Installing Debian's postgresql for the PostgreSQL pass of the tests..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo -n"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# Only the server's files: the package's own cluster is not started (policy-rc.d would be needed in
# a container; the tests start their own cluster instead).
$SUDO apt-get install -y -qq --no-install-recommends postgresql >/dev/null
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null
