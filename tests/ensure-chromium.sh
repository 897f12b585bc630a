#!/usr/bin/env bash
# The browser tests drive Debian's Chromium headless shell, the bench's Lighthouse runs the full
# Chromium (Playwright cannot download its own browsers here). Installs what is missing; needs root
# or passwordless sudo.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromium-headless-shell ]; then
  exit 0
fi
echo "Installing Debian's chromium and chromium-headless-shell for the browser tests..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium chromium-headless-shell fonts-liberation >/dev/null
/usr/bin/chromium-headless-shell --version
