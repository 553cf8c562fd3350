package dev.refarch.experiments.run;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.refarch.experiments.spec.SloSpec;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Writes {@code slo-<trial>.json} (layout {@value #FORMAT}): the objective, every probe (its
 * target, measured throughput, the latency judged, whether it met the objective, whether it was
 * steady), the bracket the search ended with, and the answer — the highest throughput meeting the
 * objective — or why there is none. Reports read it.
 *
 * <p>Stateless and thread-safe.
 */
final class SloSearchJson {

  static final String FORMAT = "ycsb-mongo-refarch/slo-search/1";

  private SloSearchJson() {
  }

  /**
   * How a search ended.
   *
   * @param answerOpsPerSecond the highest throughput that met the objective, if any
   * @param lowOpsPerSecond the bracket's lower end (a target that met, or 0)
   * @param highOpsPerSecond its upper end (a target that missed, or the unthrottled maximum)
   * @param why how the answer was found, or why there is none
   */
  record Result(Optional<Double> answerOpsPerSecond, double lowOpsPerSecond,
      double highOpsPerSecond, String why) {

    static Result answer(double answer, double low, double high, String why) {
      return new Result(Optional.of(answer), low, high, why);
    }

    static Result none(double low, double high, String why) {
      return new Result(Optional.empty(), low, high, why);
    }

    String describe() {
      return answerOpsPerSecond.map(a -> String.format(Locale.ROOT, "%.0f ops/s", a))
          .orElse("none (" + why + ")");
    }
  }

  static String render(String trial, SloSpec slo, List<SloSearch.Probe> probes, Result result) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = new JsonFactory().createGenerator(out).useDefaultPrettyPrinter()) {
      g.writeStartObject();
      g.writeStringField("format", FORMAT);
      g.writeStringField("trial", trial);
      g.writeObjectFieldStart("slo");
      g.writeStringField("operation", slo.operation());
      g.writeStringField("metric", slo.metric());
      g.writeStringField("latency", slo.latency());
      g.writeNumberField("boundMs", slo.boundMs());
      g.writeEndObject();
      g.writeArrayFieldStart("probes");
      for (SloSearch.Probe p : probes) {
        g.writeStartObject();
        g.writeNumberField("step", p.step());
        g.writeStringField("trial", p.trial());
        if (p.target().isPresent()) {
          g.writeNumberField("targetOpsPerSecond", p.target().getAsDouble());
        } else {
          g.writeNullField("targetOpsPerSecond");
        }
        g.writeNumberField("throughput", round(p.stored().throughput()));
        Optional<Double> ms = p.stored().latencyMs(slo.operation(), slo.metric(), slo.latency());
        if (ms.isPresent()) {
          g.writeNumberField("latencyMs", round(ms.get()));
        } else {
          g.writeNullField("latencyMs");
        }
        g.writeBooleanField("met", p.met());
        Optional<Boolean> steady = p.stored().steady();
        if (steady.isPresent()) {
          g.writeBooleanField("steady", steady.get());
        }
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeObjectFieldStart("bracket");
      g.writeNumberField("lowOpsPerSecond", round(result.lowOpsPerSecond()));
      g.writeNumberField("highOpsPerSecond", round(result.highOpsPerSecond()));
      g.writeEndObject();
      if (result.answerOpsPerSecond().isPresent()) {
        g.writeNumberField("answerOpsPerSecond", round(result.answerOpsPerSecond().get()));
      } else {
        g.writeNullField("answerOpsPerSecond");
      }
      g.writeStringField("why", result.why());
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out + "\n";
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
