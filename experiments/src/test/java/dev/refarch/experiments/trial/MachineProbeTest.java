package dev.refarch.experiments.trial;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class MachineProbeTest {

  @Test
  void readsFiveUnitsOfWorkInThreadCpuTime() throws InterruptedException {
    assertThat(MachineProbe.available()).as("Linux JVMs time a thread's CPU").isTrue();
    List<Double> ns = MachineProbe.read();
    assertThat(ns).hasSize(5).allSatisfy(v -> assertThat(v).isPositive());
    assertThat(MachineProbe.read()).as("a second reading, as every trial takes two").hasSize(5);
  }
}
