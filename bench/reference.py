"""reference.py -- the vendor references of the bench table, measured with
PyTorch on the GPU in the same run as the nucc programs (bench/run_gpu.sh):
cuBLAS SGEMM (TF32 off) and DGEMM at n = 2048 and 4096, torch.sum over 2^28
floats, and the device-to-device copy bandwidth of copy_ over 2^28 floats.
Each figure is the best of 10 timings (CUDA events) after 3 warm-ups.
Prints one line per figure:  ref KEY VALUE UNIT (MS ms)."""
import torch


def best_ms(fn, reps=10, warmups=3):
    for _ in range(warmups):
        fn()
    torch.cuda.synchronize()
    best = float("inf")
    for _ in range(reps):
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        best = min(best, start.elapsed_time(end))
    return best


def main():
    dev = torch.device("cuda")
    props = torch.cuda.get_device_properties(dev)
    print(f"ref device {props.name} sms {props.multi_processor_count} torch {torch.__version__}")
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.set_float32_matmul_precision("highest")
    for name, dtype in (("sgemm", torch.float32), ("dgemm", torch.float64)):
        for n in (2048, 4096):
            a = torch.rand(n, n, dtype=dtype, device=dev)
            b = torch.rand(n, n, dtype=dtype, device=dev)
            c = torch.empty(n, n, dtype=dtype, device=dev)
            ms = best_ms(lambda: torch.matmul(a, b, out=c))
            print(f"ref {name}_{n} {2.0 * n ** 3 / ms / 1e6:.1f} GFLOP/s ({ms:.3f} ms)")
            del a, b, c
    n = 1 << 28
    x = torch.rand(n, dtype=torch.float32, device=dev)
    ms = best_ms(lambda: x.sum())
    print(f"ref sum {4.0 * n / ms / 1e6:.1f} GB/s ({ms:.3f} ms)")
    y = torch.empty_like(x)
    ms = best_ms(lambda: y.copy_(x))
    print(f"ref copy {8.0 * n / ms / 1e6:.1f} GB/s ({ms:.3f} ms)")


if __name__ == "__main__":
    main()
