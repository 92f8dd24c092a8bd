#!/usr/bin/env bash
# Installs what dpc needs on Debian 12 (as root), skipping what is there.
set -euo pipefail
PKGS=(cmake ninja-build g++ make python3 git
      libisl-dev libfmt-dev llvm-19-dev libclang-19-dev llvm-19-tools clang-19
      libomp-19-dev libclang-rt-19-dev)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
