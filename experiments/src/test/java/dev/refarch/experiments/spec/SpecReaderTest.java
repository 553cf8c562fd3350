package dev.refarch.experiments.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.Topology;
import dev.refarch.ycsb.measure.Warmup;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SpecReaderTest {

  private static final String VALID = """
      id: threads
      title: client threads
      study: A1
      cluster: {type: local, topology: pss, settings: {local.wiredTigerCacheSizeGB: "0.5"}}
      workload: a
      properties:
        recordcount: "1000"
        mongodb.durability: durable
      clients: 2
      threads: 8
      repetitions: 2
      warmup: 5s
      phases: [load, run]
      sweep:
        mode: cartesian
        parameters:
          threadcount: [2, 4]
          mongodb.durability: [durable, balanced]
      baseline: {threadcount: 4, mongodb.durability: durable}
      slo: {operation: UPDATE, metric: p99, boundMs: 10, steps: 3}
      faults: "30s kill primary; 60s restart primary"
      references:
        - {parameters: {threadcount: 4}, metric: throughput, operation: OVERALL, value: 28529, unit: ops/s, source: Table 5}
      """;

  @Test
  void readsEverySection() {
    ExperimentSpec s = SpecReader.parse("valid.yaml", VALID, null);
    assertThat(s.id()).isEqualTo("threads");
    assertThat(s.cluster().topology()).isEqualTo(Topology.replicaSet(3));
    assertThat(s.cluster().settings()).containsEntry("local.wiredTigerCacheSizeGB", "0.5");
    assertThat(s.workload()).contains("a");
    assertThat(s.clients()).isEqualTo(2);
    assertThat(s.threads()).isEqualTo(8);
    assertThat(s.warmup()).isEqualTo(Warmup.seconds(5));
    assertThat(s.sweep().points()).hasSize(4);
    assertThat(s.baseline()).containsEntry("threadcount", "4");
    assertThat(s.slo().orElseThrow().steps()).isEqualTo(3);
    assertThat(s.faults().entries()).hasSize(2);
    assertThat(s.references().get(0).value()).hasValue(28529);
    assertThat(s.phaseTimeout()).isEqualTo(Duration.ofMinutes(30));
  }

  @Test
  void yamlAndBuilderProduceTheSameModel() {
    ExperimentSpec fromYaml = SpecReader.parse("b.yaml", """
        id: tiny
        workload: b
        properties: {recordcount: "10"}
        threads: 2
        sweep: {mode: zipped, parameters: {threadcount: [1, 2]}}
        """, null);
    ExperimentSpec built = ExperimentSpec.builder("tiny").workload("b").property("recordcount", "10")
        .threads(2).sweep(Sweep.zipped(Map.of("threadcount", List.of("1", "2")))).build();
    assertThat(fromYaml).isEqualTo(built);
  }

  @Test
  void scaleOverlaysMergePropertiesAndReplaceTheRest() {
    String yaml = """
        id: scaled
        properties: {a: "1", b: "2"}
        threads: 4
        scales:
          laptop: {properties: {b: "20"}, threads: 2}
          paper: {threads: 128}
        """;
    ExperimentSpec laptop = SpecReader.parse("s.yaml", yaml, "laptop");
    assertThat(laptop.properties()).containsEntry("a", "1").containsEntry("b", "20");
    assertThat(laptop.threads()).isEqualTo(2);
    assertThat(laptop.scale()).isEqualTo("laptop");
    assertThat(SpecReader.parse("s.yaml", yaml, "paper").threads()).isEqualTo(128);
    assertThat(SpecReader.scales("s.yaml", yaml)).containsExactly("laptop", "paper");
  }

  /** Each malformed spec with its exact error: file, line, key, value and what is allowed. */
  @ParameterizedTest(name = "{index}: {1}")
  @CsvSource(delimiterString = "=>", quoteCharacter = '"', textBlock = """
      "id: x\\nthreds: 4"                                   => bad.yaml:2: threds='threds' is not allowed; allowed: id, title, study, source, cluster, hooks, requires, workload, properties, clients, threads, repetitions, warmup, phases, sweep, slo, faults, variants, steady, baseline, references, manual, phaseTimeout, scales (did you mean 'threads'?)
      "title: no id"                                        => bad.yaml:1: id=(missing) is not allowed; allowed: a value: this key is required
      "id: a/b"                                             => bad.yaml:1: id='a/b' is not allowed; allowed: letters, digits, '.', '_' and '-'
      "id: x\\ncluster: {type: docker}"                     => bad.yaml:2: cluster.type='docker' is not allowed; allowed: local, uri, testcontainers, kubernetes
      "id: x\\ncluster: {topology: rs=2}"                   => bad.yaml:2: cluster.topology='rs=2' is not allowed; allowed: standalone, rs=1, rs=3 (2 data + arbiter), pss, rs=Nx (N data members), rs=N+arbiter, sharded:SxM[,cfg=C,routers=R]
      "id: x\\ncluster: {type: uri}"                        => bad.yaml:2: cluster.uri=(missing) is not allowed; allowed: a connection string (uri, or uris per topology) when cluster.type is uri
      "id: x\\ncluster: {size: 3}"                          => bad.yaml:2: cluster.size='size' is not allowed; allowed: type, topology, uri, uris, settings
      "id: x\\nclients: many"                               => bad.yaml:2: clients='many' is not allowed; allowed: an integer from 1 to 64
      "id: x\\nthreads: 0"                                 => bad.yaml:2: threads='0' is not allowed; allowed: an integer from 1 to 10000
      "id: x\\nrepetitions: 0"                              => bad.yaml:2: repetitions='0' is not allowed; allowed: an integer from 1 to 100
      "id: x\\nrepetitions: {min: 2, max: 4, budget: soon}" => bad.yaml:2: repetitions.budget='soon' is not allowed; allowed: a duration, e.g. 90s, 6m or 1h
      "id: x\\nwarmup: soon"                                => bad.yaml:2: warmup='soon' is not allowed; allowed: 0 (none), N or Ns (seconds from the first operation), Ns+jit (at least N seconds, then until this JVM's JIT compiler settles, at most 30 s more), Nops (the first N operations of this client)
      "id: x\\nphases: [load, verify]"                      => bad.yaml:2: phases='verify' is not allowed; allowed: load, run
      "id: x\\nworkload: g"                                 => bad.yaml:2: workload='g' is not allowed; allowed: a, b, c, d, e, f
      "id: x\\nproperties: {mongodb.durability: fast}"      => bad.yaml:2: properties.mongodb.durability='fast' is not allowed; allowed: throughput, balanced, balanced-majority, durable, durable-majority
      "id: x\\nproperties: {measurement.warmpu: 5}"         => bad.yaml:2: properties.measurement.warmpu='5' is not allowed; allowed: a known key under 'measurement.': measurement.dir, measurement.histogramInterval, measurement.timelineResolution, measurement.warmup, measurement.delegate, measurement.audit, measurement.interval, measurement.trackjvm, measurement.raw.output_file, measurement.raw.no_summary, measurement.histogram.verbose (unknown key; did you mean 'measurement.warmup'?)
      "id: x\\nproperties: {recordcount: [1, 2]}"           => bad.yaml:2: properties.recordcount='[list]' is not allowed; allowed: a single value
      "id: x\\nsweep: {mode: diagonal, parameters: {threadcount: [1]}}" => bad.yaml:2: sweep.mode='diagonal' is not allowed; allowed: cartesian, zipped
      "id: x\\nsweep: {mode: zipped}"                       => bad.yaml:2: sweep.parameters=(missing) is not allowed; allowed: a mapping of parameter to list of values (threadcount (per client), clients, topology, workload, target, variant (a name under variants:), or any property)
      "id: x\\nsweep:\\n  mode: zipped\\n  parameters:\\n    threadcount: [1, 2]\\n    recordcount: [1]" => bad.yaml:6: sweep.parameters.recordcount='1 values' is not allowed; allowed: 2 values, as many as the other parameters of a zipped sweep
      "id: x\\nproperties: {workload: a}"                 => bad.yaml:2: properties.workload='a' is not allowed; allowed: a class implementing site.ycsb.Workload on the class path, e.g. dev.refarch.ycsb.workloads.RefarchWorkload or site.ycsb.workloads.CoreWorkload (YCSB's workload files are chosen by the spec's workload: a (or a workload sweep parameter), not by this property)
      "id: x\\nproperties: {workload: java.lang.String}"  => bad.yaml:2: properties.workload='java.lang.String' is not allowed; allowed: a class implementing site.ycsb.Workload on the class path, e.g. dev.refarch.ycsb.workloads.RefarchWorkload or site.ycsb.workloads.CoreWorkload (java.lang.String is not a Workload)
      "id: x\\nsweep: {parameters: {threadcount: []}}"      => bad.yaml:2: sweep.parameters.threadcount='[]' is not allowed; allowed: one or more values
      "id: x\\nsweep: {parameters: {threadcount: [4, zero]}}" => bad.yaml:2: sweep.parameters.threadcount='zero' is not allowed; allowed: a number of at least 1
      "id: x\\nsweep: {parameters: {topology: [rs=1, rs=9]}}" => bad.yaml:2: sweep.parameters.topology='rs=9' is not allowed; allowed: standalone, rs=1, rs=3 (2 data + arbiter), pss, rs=Nx (N data members), rs=N+arbiter, sharded:SxM[,cfg=C,routers=R]
      "id: x\\nsweep: {parameters: {mongodb.durability: [durable, fast]}}" => bad.yaml:2: sweep.parameters.mongodb.durability='fast' is not allowed; allowed: throughput, balanced, balanced-majority, durable, durable-majority
      "id: x\\nsweep: {parameters: {threadcount: [1, 2]}}\\nbaseline: {threads: 1}" => bad.yaml:3: baseline.threads='1' is not allowed; allowed: a swept parameter: threadcount
      "id: x\\nsweep: {parameters: {threadcount: [1, 2]}}\\nbaseline: {threadcount: 3}" => bad.yaml:3: baseline.threadcount='3' is not allowed; allowed: one of its values: 1, 2
      "id: x\\nslo: {operation: UPDATE, metric: p98, boundMs: 10}" => bad.yaml:2: slo.metric='p98' is not allowed; allowed: mean, p50, p90, p95, p99, p99.9, p99.99, max
      "id: x\\nslo: {operation: UPDATE, boundMs: -1}"       => bad.yaml:2: slo.boundMs='-1' is not allowed; allowed: a positive number of milliseconds
      "id: x\\nslo: {metric: p99, boundMs: 10}"             => bad.yaml:2: operation=(missing) is not allowed; allowed: a value: this key is required
      "id: x\\nfaults: 30 kill primary"                     => bad.yaml:2: faults='30 kill primary' is not allowed; allowed: entries '[load+|run+]<time> <action> <target> [key=value ...]' separated by ';', times like 30s, 1500ms or 2m
      "id: x\\nreferences:\\n  - {metric: speed, value: 1}" => bad.yaml:3: references[].metric='speed' is not allowed; allowed: throughput, mean, p50, p90, p95, p99, p99.9, p99.99, max, interruption, lost-writes
      "id: x\\nreferences:\\n  - {metric: p99, value: fast}" => bad.yaml:3: references[].value='fast' is not allowed; allowed: a number
      "id: x\\nreferences:\\n  - {metric: p99, transfers: {direction: sideways}}" => bad.yaml:3: references[].transfers.direction='sideways' is not allowed; allowed: up, down, flat
      "id: x\\nreferences:\\n  - {metric: p99, transfers: {atLeast: 5, why: w}}" => bad.yaml:3: references[].transfers='(no direction or platform)' is not allowed; allowed: {direction: up|down, why: <why only the direction transfers>}, {direction: up|down, atLeast: <percent>[, atMost: <percent>], why: <the rule>}, {direction: flat, within: <percent>, why: <the rule>} or {platform: <why it does not transfer>}
      "id: x\\nreferences:\\n  - {metric: p99, transfers: {direction: up, atLeast: 50, atMost: 5, why: w}}" => bad.yaml:3: references[].transfers='atLeast 50.0, atMost 5.0' is not allowed; allowed: atLeast <= atMost
      "id: x\\nreferences:\\n  - {metric: p99, transfers: {direction: up, atLeast: 10}}" => bad.yaml:3: references[].transfers.why='(missing)' is not allowed; allowed: the rule the band comes from (e.g. "the paper's ratio, from its square root to its square") or why only the direction transfers
      "id: x\\nreferences:\\n  - {metric: p99, transfers: {direction: flat, why: w}}" => bad.yaml:3: references[].transfers.within='(missing)' is not allowed; allowed: a percentage: flat is a size, so it needs its band
      "id: x\\nreferences:\\n  - {metric: p99, transfers: {direction: up, because: w}}" => bad.yaml:3: references[].transfers.because='because' is not allowed; allowed: direction, atLeast, atMost, within, why, platform
      "id: x\\nsteady: {window: 1s}"                      => bad.yaml:2: steady='window 1s, band 0.1, cv 0.25, max 60s' is not allowed; allowed: steady window 2-600 s, band in (0, 1], cv in (0, 10]; got 1 s, 0.1, 0.25
      "id: x\\nsteady: {window: 10s, max: 5s}"            => bad.yaml:2: steady='window 10s, band 0.1, cv 0.25, max 5s' is not allowed; allowed: steady.max must be at least the window (10 s), got 5 s
      "id: x\\nsteady: {windwo: 10s}"                     => bad.yaml:2: steady.windwo='windwo' is not allowed; allowed: window, band, cv, max, min
      "id: x\\nsweep: {parameters: {variant: [host]}}\\nvariants: {disk: {faults: 5s kill primary}}" => bad.yaml:2: sweep.parameters.variant='host' is not allowed; allowed: a name under variants: disk
      "id: x\\nvariants: {disk: {fault: 5s kill primary}}" => bad.yaml:2: variants.disk.fault='fault' is not allowed; allowed: properties, faults
      "id: x\\nrequires: [vmware]"                          => bad.yaml:2: requires='vmware' is not allowed; allowed: vsan, santricity, kubernetes, mongos
      "id: x\\nid: y"                                       => bad.yaml:2: id='id' is not allowed; allowed: each key once per mapping (first at line 1)
      "id: x\\nscales: {laptop: {threads: 2}}"              => SCALE:bad.yaml:2: scale='huge' is not allowed; allowed: laptop
      "- just\\n- a list"                                   => bad.yaml:1: (document)='[list]' is not allowed; allowed: a mapping (key: value lines)
      "id: x\\nproperties: [1"                              => YAML
      """)
  void rejectsMalformedSpecWithItsExactError(String yaml, String expected) {
    String text = yaml.replace("\\n", "\n");
    boolean scale = expected.startsWith("SCALE:");
    var thrown = assertThatThrownBy(() -> SpecReader.parse("bad.yaml", text, scale ? "huge" : null))
        .isInstanceOf(SpecException.class);
    if (expected.equals("YAML")) {
      thrown.hasMessageStartingWith("bad.yaml:").hasMessageContaining("(yaml)=")
          .hasMessageContaining("allowed: well-formed YAML");
    } else {
      thrown.hasMessage(scale ? expected.substring("SCALE:".length()) : expected);
    }
  }

  @Test
  void readsStudyShapesRunLengthAndNamedFaults() {
    ExperimentSpec s = SpecReader.parse("v2.yaml", """
        id: v2
        clients: 4
        threads: 128
        warmup: 5s
        steady: {window: 8s, band: 0.2, max: 90s}
        sweep: {mode: zipped, parameters: {topology: [rs=1, rs=3], variant: [host, disk]}}
        variants:
          host: {faults: "120s kill primary"}
          disk: {properties: {mongodb.durability: durable}, faults: "60s pause primary"}
        cluster: {type: uri, uris: {rs=1: "mongodb://a/ycsb", rs=3: "mongodb://b/ycsb"}}
        references:
          - {parameters: {topology: rs=1}, metric: interruption, operation: UPDATE, transfers: {direction: up, atLeast: 50, why: "half the paper's"}, against: {topology: rs=3}}
          - {parameters: {topology: rs=3}, metric: throughput, transfers: {platform: "the paper's hosts"}}
          - {parameters: {}, metric: throughput, transfers: {direction: flat, within: 20, why: "steady"}, against: {experiment: D1-workload-a}}
        """, null);
    assertThat(s.threads()).isEqualTo(128);
    assertThat(s.untilSteady()).contains(new UntilSteady(new SteadyRule(8, 0.2, 0.25),
        Duration.ofSeconds(90)));
    assertThat(s.variants()).containsOnlyKeys("host", "disk");
    assertThat(s.variants().get("disk").properties()).containsEntry("mongodb.durability", "durable");
    assertThat(s.variants().get("host").faults().orElseThrow().entries()).hasSize(1);
    assertThat(s.cluster().uriFor(Topology.parse("rs=3"))).contains("mongodb://b/ycsb");
    Reference interruption = s.references().get(0);
    assertThat(interruption.value()).isEmpty();
    assertThat(interruption.transfer()).isEqualTo(Transfer.Shape.up(50, Double.POSITIVE_INFINITY,
        "half the paper's"));
    assertThat(interruption.against()).containsEntry("topology", "rs=3");
    assertThat(s.references().get(1).transfer()).isEqualTo(new Transfer.PlatformOnly("the paper's hosts"));
    assertThat(s.references().get(2).transfer()).isEqualTo(Transfer.Shape.flat(20, "steady"));
    assertThat(s.references().get(2).againstExperiment()).contains("D1-workload-a");
  }

  @Test
  void unknownHookListsTheKnownOnes() {
    assertThatThrownBy(() -> SpecReader.parse("h.yaml", "id: x\nhooks: [vsan]", null))
        .hasMessageStartingWith("h.yaml:2: hooks='vsan' is not allowed; allowed: ")
        .hasMessageContaining("santricity").hasMessageContaining("vsan-spbm");
  }
}
