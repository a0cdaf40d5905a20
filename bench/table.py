"""table.py -- turns the raw outputs of bench/run_gpu.sh into the results
table (Markdown) and a bar chart of each row's fraction of its reference.

Usage: python3 bench/table.py RAW [--check CHECK_SMALL] [--out DIR]
  RAW          raw.txt written by bench/run_gpu.sh
  CHECK_SMALL  bench/results/check_small.txt (bench/check_small.sh)
  DIR          where README.md and fraction.png go (default: beside RAW)
Prints the table.  The chart needs matplotlib; without it only README.md is
written (render the chart later from the saved raw.txt where it is installed).
"""
import argparse
import os
import re
import statistics

# label, program stem, which of the stem's sizes (in run order), unit, reference
ROWS = [
    ("imgconv 3×3", "imgconv", 0, "GB/s", "bw"),
    ("nbody", "nbody", 0, "GFLOP/s", "fp32"),
    ("sgemm", "sgemm", 0, "GFLOP/s", "sgemm"),
    ("sgemm", "sgemm", 1, "GFLOP/s", "sgemm"),
    ("dgemm", "dgemm", 0, "GFLOP/s", "dgemm"),
    ("dgemm", "dgemm", 1, "GFLOP/s", "dgemm"),
    ("Himeno", "himeno", 0, "GFLOP/s", "himeno"),
    ("Himeno", "himeno", 1, "GFLOP/s", "himeno"),
    ("array sum", "sum", 0, "GB/s", "sum"),
    ("wave 3-D", "wave", 0, "GB/s", "bw"),
]
HIMENO_BYTES = 64  # per point and iteration: 13 arrays read + wrk2 written, then wrk2 -> p
FP32_LANES = 128  # FP32 lanes per SM (Hopper)
BEST = re.compile(r"best time: ([0-9.]+) ms, ([0-9.]+) \S+(?: \((.*)\))?")
LAUNCH = re.compile(r"best time: ([0-9.]+) us per launch \((.*)\)")
# A kernel's line in the NU_PROFILE report: name, loop, launches, total, min ms.
PROFILE = re.compile(r"^nu_\w+\s+\S+:\d+\s+(\d+)\s+[0-9.]+\s+([0-9.]+)")


def parse(path):
    """Sections of raw.txt: a list of dicts with name, args, lines, rc."""
    sections = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("### rc ") and sections:
                sections[-1]["rc"] = int(line.split()[2])
            elif line.startswith("### "):
                words = line[4:].split()
                sections.append({"name": words[0], "args": words[1:], "lines": [], "rc": None})
            elif sections:
                sections[-1]["lines"].append(line)
            elif line.startswith("# "):
                sections.append({"name": "header", "args": [], "lines": [line], "rc": None})
    return sections


def rate(sec):
    """(rate, note, kernel-only rate) of a program's run, or None.  The
    kernel-only rate counts the shortest run of each kernel (NU_PROFILE's min
    column) instead of the host's time of the nest, which also holds the
    launches and, for reductions, the wait for the partial sums."""
    for line in sec["lines"]:
        m = BEST.search(line)
        if m and sec["rc"] == 0:
            ms, value = float(m.group(1)), float(m.group(2))
            kms = sum(float(p.group(2)) for ln in sec["lines"]
                      if (p := PROFILE.match(ln)) and int(p.group(1)) > 0)
            return value, m.group(3) or "", value * ms / kms if kms > 0 else None
    return None


def size_label(stem, args):
    if stem == "wave":
        return "×".join(args[:3])
    if stem == "imgconv":
        return f"{args[0]}²"
    if stem == "sum" and args[0].isdigit() and int(args[0]) == 1 << 28:
        return "2^28"
    return args[0]


def references(sections, runs):
    """Reference values by key, and lines that say how they were found."""
    refs, notes, info = {}, [], {}
    for sec in sections:
        if sec["name"] == "reference":
            for line in sec["lines"]:
                w = line.split()
                if line.startswith("ref device"):
                    info["torch_device"] = line[len("ref device "):].split(" sms ")[0]
                    info["sms"] = int(w[w.index("sms") + 1])
                elif line.startswith("ref ") and len(w) >= 4:
                    refs[w[1]] = float(w[2])
        elif sec["name"] == "nvidia-smi" and len(sec["lines"]) > 1:
            cols = [c.strip() for c in sec["lines"][1].split(",")]
            if len(cols) >= 3:
                info["gpu"], info["driver"] = cols[0], cols[1]
                info["clock"] = float(cols[2].split()[0]) if cols[2][:1].isdigit() else None
    ocl_copy = max((r[0] for s in runs.get("copy", []) if (r := rate(s))), default=None)
    torch_copy = refs.get("copy")
    bws = [b for b in (ocl_copy, torch_copy) if b]
    if bws:
        refs["bw"] = max(bws)
        refs["himeno"] = refs["bw"] / HIMENO_BYTES * 34
        notes.append(
            f"Bandwidth reference: the larger of the OpenCL copy kernel through nucc "
            f"(bench/kernels/copy.c, 2^26 floats: {fmt(ocl_copy)} GB/s) and torch's copy_ "
            f"(2^28 floats: {fmt(torch_copy)} GB/s), counting bytes read and written: "
            f"{fmt(refs['bw'])} GB/s.  imgconv counts 8 B per pixel, wave 12 B per cell "
            f"(two layers read, one written), so their fraction is of this bandwidth.")
        notes.append(
            f"Himeno roofline: {HIMENO_BYTES} B per point and iteration (the stencil reads "
            f"13 arrays: a[4], b[3], c[3], bnd, wrk1, p, and writes wrk2; the copy reads wrk2 "
            f"and writes p; 4 B each), 34 flops per point: {fmt(refs['bw'])} / "
            f"{HIMENO_BYTES} × 34 = {fmt(refs['himeno'])} GFLOP/s.")
    if info.get("clock"):
        sms = info.get("sms") or 132
        refs["fp32"] = info["clock"] * 1e-3 * sms * FP32_LANES * 2
        notes.append(
            f"FP32 peak: {info['clock']:.0f} MHz (nvidia-smi clocks.max.sm) × {sms} SMs "
            f"({'from torch' if info.get('sms') else 'assumed'}) × {FP32_LANES} FP32 lanes × "
            f"2 (FMA) = {fmt(refs['fp32'])} GFLOP/s.  nbody counts 20 flops per interaction.")
    notes.append("cuBLAS SGEMM (TF32 off) and DGEMM, torch.sum over 2^28 floats: best of 10 "
                 "after 3 warm-ups, CUDA events (bench/reference.py).")
    return refs, notes, info


def fmt(x):
    if x is None:
        return "–"
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"


def check_column(path):
    status = {}
    if not path or not os.path.exists(path):
        return status
    with open(path, encoding="utf-8") as f:
        for line in f:
            w = line.split()
            if not w or w[0].startswith("#"):
                continue
            stem = w[0].rsplit("_", 1)[0] if w[0].endswith(("_base", "_opt")) else w[0]
            ok = "FAIL" not in line
            status[stem] = status.get(stem, True) and ok
    return status


def build_rows(runs, refs, checks):
    rows = []
    for label, stem, index, unit, refkind in ROWS:
        sizes = []
        for sec in runs.get(stem + "_base", []):
            if sec["args"][:1] not in [s[:1] for s in sizes]:
                sizes.append(sec["args"])
        if index >= len(sizes):
            continue
        size = sizes[index]
        same = [s for s in runs.get(stem + "_base", []) if s["args"][:1] == size[:1]]
        base = max((r[0] for s in same if (r := rate(s))), default=None)
        opts = [r for s in runs.get(stem + "_opt", []) if s["args"][:1] == size[:1] and (r := rate(s))]
        opt, shape, kernel = max(opts, default=(None, "", None))
        key = f"{refkind}_{size[0]}" if refkind in ("sgemm", "dgemm") else refkind
        ref = refs.get(key)
        refname = {"bw": "copy bandwidth", "fp32": "FP32 peak", "sgemm": "cuBLAS SGEMM",
                   "dgemm": "cuBLAS DGEMM", "himeno": "roofline 64 B/pt",
                   "sum": "torch.sum"}[refkind]
        check = checks.get(stem)
        rows.append({
            "label": label, "size": size_label(stem, size), "unit": unit, "base": base,
            "opt": opt, "shape": shape, "kernel": kernel, "ref": ref, "refname": refname,
            "check": "not run" if check is None else ("yes" if check else "NO")})
    return rows


def markdown_table(rows):
    out = ["| row | size | unit | base | opt | speed-up | reference | ref. value | "
           "base/ref | opt/ref | opt/ref, kernels only | matched (small) |",
           "| --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | --- |"]
    for r in rows:
        up = r["opt"] / r["base"] if r["opt"] and r["base"] else None
        fb = r["base"] / r["ref"] if r["base"] and r["ref"] else None
        fo = r["opt"] / r["ref"] if r["opt"] and r["ref"] else None
        fk = r["kernel"] / r["ref"] if r["kernel"] and r["ref"] else None
        shape = f" ({r['shape']})" if r["shape"] else ""
        out.append(
            f"| {r['label']} | {r['size']} | {r['unit']} | {fmt(r['base'])} | "
            f"{fmt(r['opt'])}{shape} | {'–' if up is None else f'{up:.2f}×'} | {r['refname']} | "
            f"{fmt(r['ref'])} | {'–' if fb is None else f'{fb:.2f}'} | "
            f"{'–' if fo is None else f'{fo:.2f}'} | {'–' if fk is None else f'{fk:.2f}'} | "
            f"{r['check']} |")
    return out


def launch_lines(runs):
    vals = {}
    for name in ("launch_nu", "launch_cl"):
        for sec in runs.get(name, []):
            for line in sec["lines"]:
                m = LAUNCH.search(line)
                if m:
                    vals[m.group(2)] = float(m.group(1))
    if not vals:
        return []
    out = ["Launch overhead (an almost empty kernel of 64 work-items enqueued 20000 times, "
           "then one wait; best of 5): " + ", ".join(f"{k} {v:.2f} µs" for k, v in vals.items())
           + " per launch."]
    if "nurt" in vals and "bare" in vals:
        out.append(f"nurt adds {vals['nurt'] - vals['bare']:.2f} µs per launch over a bare "
                   f"clEnqueueNDRangeKernel (bench/overhead/launch_cl.c).")
    return out


def nucc_lines(sections):
    times = []
    for sec in sections:
        if sec["name"] == "nucc_times":
            times = [(ln.split()[0], int(ln.split()[1])) for ln in sec["lines"]
                     if ln and not ln.startswith("#")]
    if not times:
        return []
    ms = [t for _, t in times]
    return [f"nucc's translation time here (bench/prepare.sh, best of 3 per file, "
            f"{len(times)} files): {min(ms)}–{max(ms)} ms, median "
            f"{statistics.median(ms):.0f} ms per file."]


def example_lines(runs):
    out = []
    for name in sorted(n for n in runs if n.startswith("example_")):
        for sec in runs[name]:
            out.append(f"$ NU_PROFILE=1 {name[len('example_'):]} {' '.join(sec['args'])}"
                       f"   (exit {sec['rc']})")
            lines = sec["lines"]
            out += [ln for ln in lines if "kernel time" in ln or ln.startswith("gosa")]
            start = next((i for i, ln in enumerate(lines) if ln.startswith("nurt profile")), None)
            if name == "example_himeno" and start is not None:
                for ln in lines[start:]:  # the whole report, up to its last line
                    if ln.strip():
                        out.append(ln)
                    if ln.startswith("total:"):
                        break
            else:
                out += [ln for ln in lines if ln.startswith("total:")]
    return out


def register_lines(runs):
    """One line per kernel from the `### registers` section (bench/regs.c
    over nucc's --emit=cl output): the program, the kernel, the registers
    ptxas gave it and the bytes it spilled."""
    out, prog, kern, spill = [], "?", "?", 0
    for sec in runs.get("registers", []):
        for line in sec["lines"]:
            if line.startswith("== "):
                prog = os.path.basename(line[3:].split()[0])
            elif m := re.search(r"Compiling entry function '([^']+)'", line):
                kern, spill = m.group(1), 0
            elif m := re.search(r"(\d+) bytes spill stores", line):
                spill = int(m.group(1))  # ptxas prints it before the count
            elif m := re.search(r"Used (\d+) registers", line):
                out.append(f"{prog} {kern}: {m.group(1)} registers"
                           + (f", {spill} bytes spilled" if spill else ""))
    return out


def chart(rows, title, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    rows = [r for r in rows if r["ref"]]
    labels = [f"{r['label']} {r['size']}" for r in rows]
    base = [(r["base"] or 0) / r["ref"] for r in rows]
    opt = [(r["opt"] or 0) / r["ref"] for r in rows]
    y = range(len(rows))
    fig, ax = plt.subplots(figsize=(8, 0.45 * len(rows) + 1.5))
    ax.barh([i - 0.2 for i in y], base, 0.4, label="base (work only)")
    ax.barh([i + 0.2 for i in y], opt, 0.4, label="opt")
    ax.set_yticks(list(y), labels)
    ax.invert_yaxis()
    ax.axvline(1.0, color="grey", lw=0.8)
    ax.set_xlabel("fraction of the reference measured in the same run")
    ax.set_title(title, fontsize=10)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("raw")
    ap.add_argument("--check")
    ap.add_argument("--out")
    args = ap.parse_args()
    out = args.out or os.path.dirname(os.path.abspath(args.raw))
    sections = parse(args.raw)
    runs = {}
    for sec in sections:
        runs.setdefault(sec["name"], []).append(sec)
    refs, notes, info = references(sections, runs)
    rows = build_rows(runs, refs, check_column(args.check))
    header = next((s["lines"][0] for s in sections if s["name"] == "header"), "")
    ocl = next((ln.split(": ", 1)[1] for s in runs.get("launch_cl", []) for ln in s["lines"]
                if ln.startswith("launch_cl device:")), "?")
    device = info.get("gpu") or info.get("torch_device") or ocl
    table = markdown_table(rows)
    text = ["# Benchmark results", "",
            f"Device: **{device}** (driver {info.get('driver', '?')}; OpenCL device of the "
            f"nucc programs: {ocl}).  Run: `{header.lstrip('# ')}`.", "",
            "Rates from host timings of the nest after a warm-up (`#pragma nu wait` "
            "before the second clock reading), best of 5; `opt` is the best work-group shape "
            "tried (in brackets); `kernels only` rates the same run by its kernels' shortest "
            "times from NU_PROFILE instead (no launch gaps, no host part of reductions).  `matched (small)`: bench/check_small.sh ran base and opt at "
            "a small size both ways on PoCL and they agreed with the sequential build.", ""]
    text += table + [""] + [f"- {n}" for n in notes + launch_lines(runs) + nucc_lines(sections)]
    regs = register_lines(runs)
    if regs:
        text += ["", "## Registers of each kernel (`-cl-nv-verbose`, bench/regs.c)", "",
                 "```"] + regs + ["```"]
    text += ["", "![fraction of the reference](fraction.png)", "",
             "## The examples, with NU_PROFILE=1", "", "```"] + example_lines(runs) + ["```", ""]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "README.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(text))
    try:
        drawn = chart(rows, f"nucc bench on {device}", os.path.join(out, "fraction.png"))
    except Exception as e:  # the table matters more than the picture
        print(f"table.py: no chart: {e!r}")
        drawn = False
    print("\n".join(table))
    print("\n".join(f"- {n}" for n in notes + launch_lines(runs) + nucc_lines(sections)))
    print(f"wrote {os.path.join(out, 'README.md')}"
          + (" and fraction.png" if drawn else " (no matplotlib: no chart)"))


if __name__ == "__main__":
    main()
