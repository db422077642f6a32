#!/usr/bin/env bash
# Chromium and ChromeDriver for the browser tests: Debian's packages
# (same version, no download from elsewhere), installed when missing and root.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 && command -v chromedriver >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" = 0 ]; then
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium chromium-driver
else
  echo "The browser tests need Chromium and ChromeDriver: sudo apt-get install chromium chromium-driver" >&2
  exit 1
fi
