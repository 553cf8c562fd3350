package dev.refarch.experiments.trial;

import dev.refarch.experiments.audit.AckAudit;
import dev.refarch.experiments.results.ClientOutput;
import dev.refarch.experiments.results.TrialResult.PhaseResult;
import dev.refarch.platform.spi.Phase;
import dev.refarch.ycsb.measure.MeasurementSession;
import dev.refarch.ycsb.mongo.MongoSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a trial's {@code trial.json} records besides the merged phases: the parameters it was
 * asked to run with, the binding's effective settings, the acknowledged-write audit and the host.
 *
 * <p>Stateless and thread-safe.
 */
public final class TrialDetails {

  private TrialDetails() {
  }

  /**
   * Reads every insert and updated record the clients logged back from the primary: after the
   * last phase, so after the trial's faults (a lost write is one the new primary does not show).
   */
  static AckAudit.AuditReport audit(Map<String, String> settings, Path staging) {
    MongoSettings mongo = MongoSettings.fromProperties(settings);
    List<Path> dirs = new ArrayList<>();
    try (var clients = Files.list(staging.resolve("clients"))) {
      clients.map(c -> c.resolve(ClientPlan.AUDIT_DIR)).filter(Files::isDirectory)
          .sorted().forEach(dirs::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return AckAudit.audit(settings.get("mongodb.url"), mongo.database(), mongo.table(), dirs);
  }

  /**
   * {@code audit} with what the members' rollback files say, when the cluster can read them;
   * {@code audit} itself otherwise.
   */
  static AckAudit.AuditReport withRollback(AckAudit.AuditReport audit,
      Map<String, String> settings,
      java.util.function.Supplier<java.util.Optional<Map<String, Map<String, byte[]>>>> files) {
    MongoSettings mongo = MongoSettings.fromProperties(settings);
    return dev.refarch.experiments.audit.RollbackCheck.check(settings.get("mongodb.url"),
        mongo.database(), mongo.table(), audit.lostKeys(),
        audit.updates().lostKeys(), files).map(audit::withRollback)
        .orElse(audit);
  }

  /** The binding's settings as the first client of the last phase reported them. */
  static Map<String, String> effectiveSettings(Path staging, Map<Phase, PhaseResult> phases) {
    for (Phase phase : List.of(Phase.RUN, Phase.LOAD)) {
      PhaseResult p = phases.get(phase);
      if (p != null && !p.clients().isEmpty()) {
        Path dir = staging.resolve("clients").resolve(p.clients().get(0).name()).resolve("measurements");
        if (Files.exists(dir.resolve(MeasurementSession.CLIENT_JSON))) {
          return ClientOutput.read(dir).client();
        }
      }
    }
    return Map.of();
  }

  public static Map<String, String> parameters(TrialSpec spec) {
    Map<String, String> p = new LinkedHashMap<>();
    spec.properties().forEach((k, v) -> p.put("property." + k, v));
    p.put("clients", String.valueOf(spec.clients()));
    p.put("threadsPerClient", String.valueOf(spec.threadsPerClient()));
    p.put("totalThreads", String.valueOf(spec.totalThreads()));
    p.put("untilSteady", spec.untilSteady().map(u -> u.rule().windowSeconds() + "s within "
        + u.rule().band() + " (cv " + u.rule().maxCv() + "), at most " + u.max().toSeconds() + "s")
        .orElse("no"));
    p.put("load", String.valueOf(spec.load()));
    p.put("run", String.valueOf(spec.run()));
    p.put("target", spec.target().isPresent() ? String.valueOf(spec.target().getAsDouble()) : "none");
    p.put("warmup", spec.warmup().toString());
    p.put("hooks", String.join(",", spec.hooks()));
    p.put("db", spec.db());
    p.put("clientJvmOptions", String.join(" ", spec.jvmOptions()));
    p.put("clientReuse", String.valueOf(spec.reuseClients()));
    p.put("phaseTimeout", spec.phaseTimeout().toString());
    p.put("faults", spec.faults().toString());
    return p;
  }

  static int cores() {
    return Runtime.getRuntime().availableProcessors();
  }

  static double loadAverage() {
    return java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

}
