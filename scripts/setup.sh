#!/usr/bin/env bash
# setup.sh — install what building and testing nucc needs, and nothing else.
#
# On Debian/Ubuntu: checks each package with dpkg-query; as root installs the
# missing ones with apt-get (running `apt-get update` only when the package
# lists are empty or a first install fails); as another user prints the one
# `sudo apt-get install` line needed and exits 1.  Elsewhere it checks for the
# basic tools and says which libraries to install.  Quiet when all is there.
set -euo pipefail

# What each package is for (README.md, "Libraries and what each is for").
REQUIRED=(
  cmake make gcc pkg-config # the build
  LIBCLANG                  # libclang's C API, LLVM >= 17 (chosen below)
  libisl-dev                # isl: dependences, legality and access regions on integer sets
  ocl-icd-opencl-dev        # the OpenCL ICD loader: nurt talks to any driver
  opencl-headers            # CL/cl.h
  pocl-opencl-icd           # an OpenCL device on the CPU, so tests run without a GPU
)
OPTIONAL=(
  clang-format    # make format-check
  clang-tidy      # make tidy
  cppcheck        # make cppcheck
  valgrind        # the valgrind.* tests
  clang           # the fuzz.* tests: libFuzzer targets built by clang,
  libclang-rt-dev # with its fuzzer runtime
  libmpich-dev    # MPI: libnurt_mpi, nurt's layer for MPI programs, and the mpi.* test,
  mpich           # with its mpicc and mpiexec (runs as root and oversubscribed as it is)
  ninja-build     # the pipeline.*ninja tests: nucc's dependency files under Ninja
  groff-base      # the pipeline.manpage test renders nucc.1 (groff -man),
  man-db          # and man -l / man nucc read it
  chromium        # browser.explain_html opens the --explain=html pages headless (large: ~100 MB)
)
LIBCLANG_VERSIONS=(19 18 17) # newest first; any one of them will do

say() { printf 'setup: %s\n' "$*"; }

installed() {
  [[ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" == "install ok installed" ]]
}

lists_empty() {
  ! compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null
}

has_candidate() {
  local cand
  cand=$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p')
  [[ -n "$cand" && "$cand" != "(none)" ]]
}

# The libclang package to use: one already installed, else the newest that the
# package lists offer, else libclang-19-dev (Debian 12).
libclang_package() {
  local v
  for v in "${LIBCLANG_VERSIONS[@]}"; do
    if installed "libclang-$v-dev"; then
      echo "libclang-$v-dev"
      return
    fi
  done
  for v in "${LIBCLANG_VERSIONS[@]}"; do
    if has_candidate "libclang-$v-dev"; then
      echo "libclang-$v-dev"
      return
    fi
  done
  echo "libclang-${LIBCLANG_VERSIONS[0]}-dev"
}

# Sets MISSING_REQUIRED and MISSING_OPTIONAL.
find_missing() {
  local p
  MISSING_REQUIRED=()
  MISSING_OPTIONAL=()
  for p in "${REQUIRED[@]}"; do
    [[ "$p" == LIBCLANG ]] && p=$(libclang_package)
    installed "$p" || MISSING_REQUIRED+=("$p")
  done
  # an optional package the lists do not offer is left out, not an error
  for p in "${OPTIONAL[@]}"; do
    installed "$p" || ! has_candidate "$p" || MISSING_OPTIONAL+=("$p")
  done
}

apt_install() {
  apt-get install -y --no-install-recommends "$@"
}

setup_debian() {
  find_missing
  local missing=("${MISSING_REQUIRED[@]}" "${MISSING_OPTIONAL[@]}")
  ((${#missing[@]} == 0)) && return 0

  if [[ "$(id -u)" != 0 ]]; then
    if ((${#MISSING_REQUIRED[@]} == 0)); then
      say "optional, for the style, static and fuzz checks: sudo apt-get install ${missing[*]}"
      return 0
    fi
    say "missing packages: ${missing[*]}; install them with:"
    echo "sudo apt-get install ${missing[*]}"
    exit 1
  fi

  export DEBIAN_FRONTEND=noninteractive
  say "installing ${missing[*]}"
  if lists_empty; then
    apt-get update
    find_missing # the libclang version offered may have changed
    missing=("${MISSING_REQUIRED[@]}" "${MISSING_OPTIONAL[@]}")
    apt_install "${missing[@]}"
  elif ! apt_install "${missing[@]}"; then
    say "install failed; updating the package lists and trying again"
    apt-get update
    apt_install "${missing[@]}"
  fi
}

setup_other() {
  local tool missing=()
  for tool in cmake cc pkg-config; do
    command -v "$tool" >/dev/null || missing+=("$tool")
  done
  if ((${#missing[@]} > 0)); then
    say "not found: ${missing[*]}"
  fi
  say "not a Debian system: install with your package manager a C compiler, CMake >= 3.20,"
  say "pkg-config, libclang >= 17 with its headers (clang-c/Index.h), the OpenCL ICD loader"
  say "and headers, an OpenCL driver (PoCL runs on the CPU) and optionally clang-format."
  ((${#missing[@]} == 0))
}

if command -v dpkg-query >/dev/null && command -v apt-get >/dev/null; then
  setup_debian
else
  setup_other
fi
