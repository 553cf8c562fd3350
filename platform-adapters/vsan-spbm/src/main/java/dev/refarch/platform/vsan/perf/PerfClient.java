package dev.refarch.platform.vsan.perf;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.vsan.soap.MoRef;
import dev.refarch.platform.vsan.soap.SoapClient;
import dev.refarch.platform.vsan.soap.SoapFault;
import dev.refarch.platform.vsan.soap.Xml;
import dev.refarch.platform.vsan.soap.XmlBuilder;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.w3c.dom.Element;

/**
 * The vSAN performance service of a vCenter, on the session of a {@link SoapClient}: {@code
 * VsanPerfGetSupportedEntityTypes} for what an entity type offers, {@code VsanPerfQueryPerf} for
 * its series. Request and answer shapes follow VMware's vSAN WSDL (as govmomi's generated {@code
 * vsan/types} have them): series come as CSV, {@code sampleInfo} a list of interval ends in UTC
 * ({@code yyyy-MM-dd HH:mm:ss}) and each metric's {@code values} in the same order.
 *
 * <p>Stateless apart from the session; used from one thread.
 *
 * <pre>{@code
 * PerfClient perf = new PerfClient(session.vim().soap());
 * Map<String, MetricUnit> units = perf.offer("virtual-machine").units();
 * List<PerfSeries> series = perf.query(cluster, List.of("virtual-machine:" + uuid), from, to);
 * }</pre>
 */
public final class PerfClient {

  /** The service's one instance, as every vCenter names it. */
  public static final MoRef MANAGER = new MoRef("VsanPerformanceManager",
      "vsan-performance-manager");

  private static final DateTimeFormatter SAMPLE_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  private final SoapClient soap;

  public PerfClient(SoapClient soap) {
    this.soap = soap;
  }

  /**
   * What {@code entityType} (e.g. {@code virtual-machine}) offers that the project can record.
   *
   * @throws PlatformException when the vCenter has no performance service to ask (no {@code
   *     /vsanHealth} endpoint, a fault)
   */
  public Offer offer(String entityType) {
    Element answer = call(vsan("VsanPerfGetSupportedEntityTypes").ref("_this", MANAGER));
    Map<String, MetricUnit> units = new LinkedHashMap<>();
    int interval = 0;
    for (Element type : Xml.children(answer, "returnval")) {
      if (!entityType.equals(Xml.text(type, "name"))) {
        continue;
      }
      for (Element graph : Xml.children(type, "graphs")) {
        String unit = Xml.text(graph, "unit");
        for (Element metric : Xml.children(graph, "metrics")) {
          String label = Xml.text(metric, "label");
          MetricUnit.of(unit, label).ifPresent(u -> units.putIfAbsent(label, u));
          interval = Math.max(interval, seconds(Xml.text(metric, "metricsCollectInterval")));
        }
      }
    }
    return new Offer(units, interval);
  }

  /**
   * An entity type's recordable metrics and the service's collection interval.
   *
   * @param units metric label to unit, in the service's order
   * @param intervalSeconds the interval its metric ids declare ({@code metricsCollectInterval}),
   *     0 when they declare none
   */
  public record Offer(Map<String, MetricUnit> units, int intervalSeconds) {

    public Offer {
      units = Collections.unmodifiableMap(new LinkedHashMap<>(units));
    }
  }

  /**
   * The series of each entity with a point ending in {@code (from, to]}; entities without one are
   * left out, as the service leaves them out.
   *
   * @param cluster the vSAN cluster the entities belong to
   * @param entityRefIds e.g. {@code virtual-machine:<instance uuid>}; {@code type:*} for all
   * @throws SoapFault {@code NotFound} when the cluster's performance service is off
   * @throws PlatformException when the answer cannot be read
   */
  public List<PerfSeries> query(MoRef cluster, List<String> entityRefIds, Instant from,
      Instant to) {
    XmlBuilder request = vsan("VsanPerfQueryPerf").ref("_this", MANAGER);
    for (String ref : entityRefIds) {
      request.element("querySpecs", spec -> spec.text("entityRefId", ref)
          .text("startTime", from.toString()).text("endTime", to.toString()));
    }
    request.ref("cluster", cluster);
    Element answer = call(request);
    List<PerfSeries> out = new ArrayList<>();
    for (Element entity : Xml.children(answer, "returnval")) {
      out.add(series(entity));
    }
    return out;
  }

  private Element call(XmlBuilder request) {
    return soap.call(SoapClient.Endpoint.VSAN, request);
  }

  private static XmlBuilder vsan(String method) {
    return XmlBuilder.request(SoapClient.Endpoint.VSAN.namespace(), method);
  }

  static PerfSeries series(Element entity) {
    String ref = Xml.text(entity, "entityRefId");
    String info = Xml.text(entity, "sampleInfo");
    List<Instant> times = new ArrayList<>();
    for (String t : csv(info)) {
      try {
        times.add(LocalDateTime.parse(t.trim(), SAMPLE_TIME).toInstant(ZoneOffset.UTC));
      } catch (DateTimeParseException e) {
        throw new PlatformException("VsanPerfQueryPerf", ref + " has a sampleInfo time '" + t
            + "' that is not yyyy-MM-dd HH:mm:ss");
      }
    }
    Map<String, List<OptionalDouble>> values = new LinkedHashMap<>();
    int interval = 0;
    for (Element series : Xml.children(entity, "value")) {
      Element id = Xml.child(series, "metricId").orElseThrow(() ->
          new PlatformException("VsanPerfQueryPerf", ref + " has a series without metricId"));
      String label = Xml.text(id, "label");
      interval = Math.max(interval, seconds(Xml.text(id, "metricsCollectInterval")));
      List<OptionalDouble> points = new ArrayList<>();
      String text = Xml.text(series, "values");
      if (text.isBlank()) { // values is optional: a series with no figure at all is all gaps
        times.forEach(t -> points.add(OptionalDouble.empty()));
      } else {
        for (String v : csv(text)) {
          points.add(number(v));
        }
      }
      if (points.size() != times.size()) {
        throw new PlatformException("VsanPerfQueryPerf", ref + " " + label + " has "
            + points.size() + " values for " + times.size() + " sample times");
      }
      values.put(label, points);
    }
    return new PerfSeries(ref, times, values, interval);
  }

  private static int seconds(String text) {
    return text.matches("\\d{1,9}") ? Integer.parseInt(text) : 0;
  }

  private static List<String> csv(String text) {
    return text.isBlank() ? List.of() : List.of(text.split(",", -1));
  }

  // The service marks a gap with a value that is not a number; a reader skips it.
  private static OptionalDouble number(String text) {
    try {
      double v = Double.parseDouble(text.trim());
      return Double.isFinite(v) ? OptionalDouble.of(v) : OptionalDouble.empty();
    } catch (NumberFormatException e) {
      return OptionalDouble.empty();
    }
  }
}
