package dev.refarch.platform.vsan.config;

/**
 * The CPU and memory a trial wants for its VMs (study A3); {@code null} keeps what a VM has.
 *
 * @param cpus virtual CPUs, 1–768
 * @param memoryMb memory in MiB, a multiple of 4
 * @param powerCycle power running VMs off to resize and back on afterwards
 * @param shutdownSeconds how long a guest shutdown may take before a hard power-off; 0 = hard
 */
public record VmSizing(Integer cpus, Long memoryMb, boolean powerCycle, int shutdownSeconds) {

  public VmSizing {
    if (cpus != null && (cpus < 1 || cpus > 768)) {
      throw new IllegalArgumentException("cpus=" + cpus + "; allowed: 1 to 768");
    }
    if (memoryMb != null && (memoryMb < 4 || memoryMb % 4 != 0)) {
      throw new IllegalArgumentException("memoryMb=" + memoryMb + "; allowed: a multiple of 4");
    }
    if (shutdownSeconds < 0) {
      throw new IllegalArgumentException("shutdownSeconds=" + shutdownSeconds + "; allowed: 0+");
    }
  }

  public boolean isEmpty() {
    return cpus == null && memoryMb == null;
  }
}
