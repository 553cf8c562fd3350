package example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.refarch.experiments.catalog.Catalog;
import dev.refarch.experiments.kubernetes.KubernetesSupport;
import dev.refarch.experiments.plan.Plan;
import dev.refarch.experiments.spec.ExperimentSpec;
import dev.refarch.platform.spi.Extensions;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RunnerWithoutAdaptersTest {

  @Test
  void plansACatalogStudy() {
    List<ExperimentSpec> specs = Catalog.resolve("A1", "laptop");
    assertEquals(1, specs.size());
    assertFalse(Plan.of(specs.get(0), Map.of()).trials().isEmpty());
  }

  @Test
  void readsEveryStudyAndNamesTheAdapterAPlatformStudyNeeds() {
    List<ExperimentSpec> all = Catalog.resolve(Catalog.ALL, "laptop");
    assertTrue(all.size() >= 20, "studies read: " + all.size());
    all.forEach(spec -> Plan.of(spec, Map.of()));
    Plan a3 = Plan.of(Catalog.resolve("A3", "laptop").get(0), Map.of());
    String reason = a3.skipped().orElseThrow();
    assertTrue(reason.contains("dev.refarch:platform-vsan-spbm"), reason);
  }

  @Test
  void findsNoAdapterAndSaysWhatKubernetesNeeds() {
    assertFalse(KubernetesSupport.available());
    assertFalse(Extensions.provisioners().containsKey("kubernetes"));
    assertFalse(Extensions.provisioners().containsKey("local"));
    ConfigurationException e = assertThrows(ConfigurationException.class,
        () -> KubernetesSupport.require("--cluster", "kubernetes-local"));
    assertTrue(e.getMessage().contains("platform-kubernetes-pvc"), e.getMessage());
  }
}
