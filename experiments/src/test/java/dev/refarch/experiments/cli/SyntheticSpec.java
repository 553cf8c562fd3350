package dev.refarch.experiments.cli;

/**
 * Spec texts for command-line tests whose trials need no MongoDB: the run phase only, on the
 * synthetic binding measured by this library (an unreachable {@code uri} cluster is never used).
 */
final class SyntheticSpec {

  private SyntheticSpec() {
  }

  /**
   * A spec named {@code id} with {@code properties} (YAML lines indented by two spaces) added
   * under the synthetic binding's, and {@code more} top-level YAML after them.
   */
  static String of(String id, String properties, String more) {
    return "id: " + id + "\n" + """
        cluster: {type: uri, uri: "mongodb://127.0.0.1:1/", topology: standalone}
        phases: [run]
        properties:
          db: dev.refarch.ycsb.measure.MeasuredDb
          measurement.delegate: dev.refarch.ycsb.testing.SyntheticDb
          synthetic.medianUs: "50"
          workload: site.ycsb.workloads.CoreWorkload
          recordcount: "1000"
        """ + properties + more;
  }
}
