package dev.refarch.experiments.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.experiments.plan.Plan;
import dev.refarch.experiments.plan.PlannedTrial;
import dev.refarch.experiments.plan.TrialShape;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.experiments.spec.Reference;
import dev.refarch.experiments.spec.Transfer;
import dev.refarch.platform.spi.Topology;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** What the catalog promises about the papers' studies, checked on their plans. */
class CatalogTest {

  private static List<ExperimentSpec> all(String scale) {
    List<ExperimentSpec> specs = new ArrayList<>();
    Catalog.entries().stream().filter(e -> e.scales().contains(scale))
        .forEach(e -> specs.add(e.spec(scale)));
    return specs;
  }

  @Test
  void aSuiteRecordsTheScaleItRanAtEvenForEntriesWithoutOverlays() {
    // the tour's entries have no scales of their own; their reports said "custom" for a laptop run
    assertThat(Catalog.resolve("tour", "laptop")).isNotEmpty()
        .allSatisfy(s -> assertThat(s.scale()).as(s.id()).isEqualTo("laptop"));
    assertThat(Catalog.resolve("all", "paper")).filteredOn(s -> s.id().startsWith("A1-"))
        .singleElement().satisfies(s -> assertThat(s.scale()).isEqualTo("paper"));
  }

  @Test
  void everyReferenceDeclaresWhatTransfers() {
    List<String> undeclared = new ArrayList<>();
    for (String scale : List.of("laptop", "paper")) {
      for (ExperimentSpec s : all(scale)) {
        for (Reference r : s.references()) {
          if (r.transfer() instanceof Transfer.Undeclared) {
            undeclared.add(s.id() + " [" + scale + "] " + r.parameters() + " " + r.metric());
          }
        }
      }
    }
    assertThat(undeclared).isEmpty();
  }

  @Test
  void everyShardedTrialAtPaperScaleShardsTheCollectionOnAHashedIdPreSplit() {
    int sharded = 0;
    for (ExperimentSpec s : all("paper")) {
      Plan plan = Plan.of(s, s.properties());
      for (PlannedTrial t : plan.trials()) {
        TrialShape shape = t.shape();
        if (shape.topology() instanceof Topology.Sharded) {
          sharded++;
          assertThat(shape.sharding()).as(t.id()).hasValueSatisfying(d ->
              assertThat(d).startsWith("hashed _id, pre-split into"));
        }
      }
    }
    assertThat(sharded).isGreaterThan(50);
  }

  @Test
  void theVsanStudiesRunFourClientsOf128ThreadsEachOnFourShards() {
    for (String study : List.of("A3", "A4", "A7", "A8", "A9", "A10")) {
      ExperimentSpec s = Catalog.resolve(study, "paper").get(0);
      TrialShape shape = TrialShape.of(s, s.sweep().points().get(0));
      assertThat(shape.clients()).as(study).isEqualTo(4);
      assertThat(shape.threadsPerClient()).as(study).isEqualTo(128);
      assertThat(shape.totalThreads()).as(study).isEqualTo(512);
      assertThat(shape.topology()).as(study).isEqualTo(Topology.parse("sharded:4x1,cfg=3,routers=4"));
    }
  }

  @Test
  void a1SweepsEveryThreadCountOfThePaperAndQuotesItsFigure() {
    ExperimentSpec a1 = Catalog.resolve("A1", "paper").get(0);
    assertThat(a1.sweep().parameters().get("threadcount"))
        .containsExactly("32", "64", "96", "128", "160", "192", "224", "256");
    assertThat(a1.references()).anySatisfy(r -> {
      assertThat(r.parameters()).containsEntry("threadcount", "192").containsEntry("workload", "b");
      assertThat(r.value()).hasValue(143_696);
    });
  }

  @Test
  void b3RunsConfigurationsOneTwoAndThreeOnFourShards() {
    ExperimentSpec b3 = Catalog.resolve("B3", "paper").get(0);
    Set<String> configurations = new TreeSet<>();
    for (Map<String, String> p : b3.sweep().points()) {
      TrialShape shape = TrialShape.of(b3, p);
      assertThat(((Topology.Sharded) shape.topology()).shards()).isEqualTo(4);
      assertThat(shape.clients()).isEqualTo(4);
      assertThat(shape.threadsPerClient()).isEqualTo(p.get("workload").equals("a") ? 8 : 16);
      configurations.add(shape.topology().label() + " ftt=" + p.get("vsan.policy.ftt"));
    }
    assertThat(configurations).containsExactly("sharded:4x1,cfg=3,routers=4 ftt=1",
        "sharded:4x2,cfg=3,routers=4 ftt=0", "sharded:4x2,cfg=3,routers=4 ftt=1");
  }

  @Test
  void a12RunsRsOneAndRsThreeEachOnItsOwnClusterWithHostAndDiskFailure() {
    ExperimentSpec a12 = Catalog.resolve("A12", "paper").get(0);
    assertThat(a12.cluster().uriFor(Topology.parse("rs=1")))
        .isNotEqualTo(a12.cluster().uriFor(Topology.parse("rs=3")));
    assertThat(a12.sweep().parameters().get("variant")).containsExactly("host-failure", "disk-failure");
    assertThat(a12.sweep().points()).hasSize(4);
  }

  @Test
  void theMissingSweepPointsArePlanned() {
    assertThat(Catalog.resolve("C2", "paper").get(0).sweep().parameters())
        .containsKeys("variant", "workload", "threadcount");
    assertThat(Catalog.resolve("C3", "paper").get(0).sweep().parameters().get("workload"))
        .containsExactly("c", "b");
    assertThat(Catalog.resolve("C4", "paper").get(0).sweep().parameters().get("variant"))
        .containsExactly("ssd-failure", "ssd-replacement", "hdd-failure", "controller-failure");
    assertThat(Catalog.resolve("B4", "paper").get(0).sweep().parameters().get("variant"))
        .containsExactly("primary-pod", "esxi-host");
  }

  @Test
  void laptopStudiesThatMeasureThroughputRunUntilSteady() {
    for (ExperimentSpec s : all("laptop")) {
      if (s.faults().isEmpty() && s.variants().values().stream().allMatch(v -> v.faults().isEmpty())
          && s.manual().isEmpty()) {
        assertThat(s.untilSteady()).as(s.id()).isPresent();
        assertThat(s.warmup().isNone()).as(s.id()).isFalse();
      }
    }
  }

  /**
   * CatalogIT's rule for a skipped study, on the catalog's own entries and on planted ones: the
   * studies CI skips today are accepted (vSAN, SANtricity, A11's cache-tier hardware, B4n's
   * three Kubernetes nodes); a Kubernetes study that one node could run, a study skipped for a
   * missing hook, or a local study skipped for anything are not.
   */
  @Test
  void ciAcceptsASkippedStudyOnlyForPartsNoMachineHereCanHave() {
    String vsan = "needs a platform that is not configured: vsan (set vsan.url, and VSAN_PASSWORD"
        + " or vsan.passwordFile)";
    assertThat(CatalogIT.acceptedSkip(laptop("A3"), vsan)).isTrue();
    assertThat(CatalogIT.acceptedSkip(laptop("C1"), "needs a platform that is not configured:"
        + " santricity (set santricity.url, and SANTRICITY_PASSWORD or santricity.passwordFile)"))
        .isTrue();
    assertThat(CatalogIT.acceptedSkip(laptop("A11"), "manual study: the cache tier is hardware"))
        .isTrue();
    String kubernetes = "needs a platform that is not configured: kubernetes (set k8s.*"
        + " properties and a kubeconfig)";
    assertThat(CatalogIT.acceptedSkip(laptop("B4n"), kubernetes)).isTrue();

    ExperimentSpec b4n = laptop("B4n");
    ExperimentSpec oneNode = b4n.toBuilder().cluster(new dev.refarch.experiments.spec.ClusterSpec(
        "kubernetes", b4n.cluster().topology(), java.util.Optional.empty(), Map.of(), Map.of()))
        .build();
    assertThat(CatalogIT.acceptedSkip(oneNode, kubernetes))
        .as("without required anti-affinity one node runs it").isFalse();
    assertThat(CatalogIT.acceptedSkip(laptop("C1"), "needs a platform that is not configured:"
        + " the 'santricity' hook (add platform-adapters/santricity to the class path)"))
        .as("a missing adapter is a broken build, not a missing array").isFalse();
    assertThat(CatalogIT.acceptedSkip(laptop("A4"), kubernetes)).isFalse();
    assertThat(CatalogIT.acceptedSkip(laptop("A11").toBuilder().source("a laptop paper").build(),
        "manual study: anything")).as("a manual study of no array's hardware").isFalse();
  }

  private static ExperimentSpec laptop(String study) {
    return Catalog.resolve(study, "laptop").get(0);
  }
}
