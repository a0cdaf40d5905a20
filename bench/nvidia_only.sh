# shellcheck shell=bash
# nvidia_only.sh — sourced by the GPU scripts that run PPCG's programs.
# PPCG's host code takes the first OpenCL platform, which is PoCL (the CPU)
# on the GPU machine, so every program there sees NVIDIA's platform alone:
# the ICD loader lists its drivers in OCL_ICD_FILENAMES
# (libpocl.so.2:libnvidia-opencl.so.1) and /etc/OpenCL/vendors (pocl.icd);
# keep the NVIDIA entries of the first, and an empty folder DIR for the second.
nvidia_only() { # DIR
  local nv
  nv=$(tr ':' '\n' <<<"${OCL_ICD_FILENAMES:-}" | grep -i nvidia | paste -sd: -)
  export OCL_ICD_FILENAMES=${nv:-libnvidia-opencl.so.1}
  mkdir -p "$1"
  export OCL_ICD_VENDORS=$1
}
