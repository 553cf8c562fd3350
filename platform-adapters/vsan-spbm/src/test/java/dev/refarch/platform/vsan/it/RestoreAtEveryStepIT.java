package dev.refarch.platform.vsan.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.refarch.platform.spi.Fault;
import dev.refarch.platform.spi.Phase;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformHook;
import dev.refarch.platform.vsan.VsanSession;
import dev.refarch.platform.vsan.fault.VsanFaultInjector;
import dev.refarch.platform.vsan.hook.StoragePolicyHook;
import dev.refarch.platform.vsan.hook.VmSizeHook;
import dev.refarch.platform.vsan.testing.TestContext;
import dev.refarch.platform.vsan.vim.HostInfo;
import dev.refarch.platform.vsan.vim.VmInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every vSAN hook and fault restores what it changed, also when a step in the middle fails. For
 * each trial — a storage policy the hook creates, a policy the disks already carry that the hook
 * updates, two VMs the hook resizes (one running: guest shutdown, reconfigure, power on; one off,
 * which must stay off), and a host failed to standby and woken again — a clean run is counted
 * first: vcsim-plus numbers its changing calls n (and the platform must end as it started). Then
 * the k-th change is refused for every k in 1..n, once or for good, and the trial carries on as
 * the runner would ({@code after} with the failure when {@code before} threw; the fault's recovery
 * is fired either way). The platform must end as it started; only a change refused for good may
 * stay undone, and then the error must name the object of the refused call and every VM, policy
 * and host that differs (a policy whose rules were put back but could not be applied to a VM's
 * disks again differs in no property a client can read, yet is named), and a second {@code after},
 * once the simulator accepts the change again, must finish the job (the hook still knows what to
 * put back).
 */
class RestoreAtEveryStepIT {

  @RegisterExtension
  static final SimulatorExtension SIM = new SimulatorExtension(Simulators::plus,
      "-vm", "2", "-host", "2", "-data-disks", "1", "-compliance-checks", "0");

  private static final String POLICY_VMS = "DC0_C0_RP0_VM*";
  private static final String BASELINE_POLICY = "it-step-data";
  /** Read once, after the policy trials' baseline is set: every case must end in it. */
  private static PlatformSnapshot baseline;
  /** One session reads every snapshot (the hooks and faults open their own). */
  private static VsanSession reader;

  /** What is changed and then put back. */
  enum Trial {
    POLICY_CREATED, POLICY_UPDATED, VM_SIZE, HOST_STANDBY
  }

  /** One trial: which change is refused, and whether for good. */
  record Case(Trial trial, int step, int of, boolean forGood) {
    @Override
    public String toString() {
      return trial + ": change " + step + " of " + of + (forGood ? " refused for good"
          : " refused once");
    }
  }

  /** A trial in progress: its {@code before} and {@code after} (for a fault: fault, recovery). */
  private record Run(Step before, Finish after) {
  }

  /** A {@code before} (hooks declare {@code throws Exception}). */
  private interface Step {
    void run() throws Exception;
  }

  /** An {@code after}. */
  private interface Finish {
    void accept(PhaseOutcome outcome) throws Exception;
  }

  static Stream<Case> cases() {
    prepare();
    baseline = PlatformSnapshot.read(reader);
    List<Case> cases = new ArrayList<>();
    for (Trial trial : Trial.values()) {
      int n = changesOfACleanTrial(trial);
      for (int k = 1; k <= n; k++) {
        cases.add(new Case(trial, k, n, false));
        cases.add(new Case(trial, k, n, true));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void endsAsItStartedOrNamesWhatIsLeft(Case c) throws Exception {
    PlusControl log = new PlusControl(SIM.running());
    Run run = start(c.trial());
    log.failChange(c.step(), c.forGood());

    Throwable afterFailure = runTrial(run);

    List<String> changes = log.changes();
    assertThat(changes).as("the refused change was reached").hasSizeGreaterThanOrEqualTo(
        c.step());
    log.failChange(0, false);
    PlatformSnapshot end = PlatformSnapshot.read(reader);
    if (afterFailure == null) {
      assertThat(end.differingFrom(baseline)).isEmpty();
      return;
    }
    String report = afterFailure.getMessage();
    assertThat(c.forGood()).as("only a change refused for good may stay undone: " + report)
        .isTrue();
    assertThat(end.differingFrom(baseline)).as("every difference is named in: " + report)
        .allMatch(report::contains);
    assertThat(report).as("names the object of the refused " + changes.get(c.step() - 1))
        .contains(end.nameOf(changes.get(c.step() - 1)));
    run.after().accept(PhaseOutcome.failed("the phase failed"));
    assertThat(PlatformSnapshot.read(reader).differingFrom(baseline))
        .as("a second after, with the change accepted again").isEmpty();
  }

  @Test
  void namesTheVmsAFailedStandbyCouldNotPowerOnAgain() {
    PlusControl control = new PlusControl(SIM.running());
    VmInfo vm;
    HostInfo host;
    try (VsanSession session = ItSupport.session(SIM.running())) {
      vm = session.vim().vms().find("DC0_C0_RP0_VM0"::equals).get(0);
      host = session.vim().hosts().all().stream().filter(h -> h.ref().equals(vm.host()))
          .findFirst().orElseThrow();
    }
    VsanFaultInjector faults = new VsanFaultInjector(ItSupport.settings(SIM.running(), "*"),
        ItSupport.ENV);
    control.failChange(0, false, "PowerDownHostToStandBy_Task " + host.ref().value(),
        "PowerOnVM_Task " + vm.ref().value());
    try {
      assertThatThrownBy(() -> faults.inject(Fault.of("host-standby", host.name())))
          .hasMessageContaining("put host " + host.name() + " in standby: put " + host.name()
              + " in standby: SystemError")
          .hasMessageContaining("VMs it powered off and could not power on again: power on "
              + vm.name());
    } finally {
      control.failChange(0, false);
    }
    try (VsanSession session = ItSupport.session(SIM.running())) {
      VmInfo now = session.vim().vms().get(vm.ref());
      assertThat(now.powerState()).isEqualTo("poweredOff");
      session.vim().vms().powerOn(now);
    }
  }

  private static Throwable runTrial(Run run) {
    PhaseOutcome outcome = PhaseOutcome.success();
    try {
      run.before().run();
    } catch (Exception e) {
      outcome = PhaseOutcome.failed("before failed: " + e.getMessage());
    }
    PhaseOutcome ended = outcome;
    return catchThrowable(() -> run.after().accept(ended));
  }

  private static int changesOfACleanTrial(Trial trial) {
    PlusControl log = new PlusControl(SIM.running());
    log.failChange(0, false);
    assertThat(runTrial(start(trial))).isNull();
    assertThat(PlatformSnapshot.read(reader).differingFrom(baseline)).isEmpty();
    return log.changes().size();
  }

  /**
   * The disks of the policy trials carry {@link #BASELINE_POLICY} (stripe width 2) to begin with,
   * and of the VMs the size trial resizes one runs and one is off (and must stay off).
   */
  private static void prepare() {
    new StoragePolicyHook(ItSupport.ENV).before(policy(2).with("vsan.policy.name",
        BASELINE_POLICY).with("vsan.restore", "false"));
    reader = ItSupport.session(SIM.running());
    reader.vim().vms().powerOff(reader.vim().vms().find("DC0_H0_VM1"::equals).get(0));
  }

  @AfterAll
  static void closeReader() {
    if (reader != null) {
      reader.close();
    }
  }

  private static Run start(Trial trial) {
    return switch (trial) {
      case POLICY_CREATED -> hook(new StoragePolicyHook(ItSupport.ENV), policy(4));
      case POLICY_UPDATED -> hook(new StoragePolicyHook(ItSupport.ENV),
          policy(6).with("vsan.policy.name", BASELINE_POLICY));
      case VM_SIZE -> hook(new VmSizeHook(ItSupport.ENV), context(VmSizeHook.NAME, "DC0_H0_VM*")
          .with("vsan.vm.cpus", "2").with("vsan.vm.memoryMB", "64"));
      case HOST_STANDBY -> standby();
    };
  }

  private static Run hook(PlatformHook hook, TestContext context) {
    return new Run(() -> hook.before(context), outcome -> hook.after(context, outcome));
  }

  /** Fails the host of {@code DC0_C0_RP0_VM0} (standby, its VMs stopped) and wakes it. */
  private static Run standby() {
    VsanFaultInjector faults = new VsanFaultInjector(ItSupport.settings(SIM.running(), "*"),
        ItSupport.ENV);
    String host;
    try (VsanSession session = ItSupport.session(SIM.running())) {
      VmInfo vm = session.vim().vms().find("DC0_C0_RP0_VM0"::equals).get(0);
      host = session.vim().hosts().all().stream().filter(h -> h.ref().equals(vm.host()))
          .findFirst().orElseThrow().name();
    }
    return new Run(() -> faults.inject(Fault.of("host-standby", host)),
        outcome -> faults.inject(Fault.of("host-power-on", host)));
  }

  private static TestContext policy(int stripeWidth) {
    return context(StoragePolicyHook.NAME, POLICY_VMS).with("vsan.policy.ftt", "1")
        .with("vsan.policy.stripeWidth", Integer.toString(stripeWidth));
  }

  private static TestContext context(String hook, String vms) {
    Map<String, String> settings = ItSupport.settings(SIM.running(), vms);
    return TestContext.of(hook, Phase.RUN, settings);
  }
}
