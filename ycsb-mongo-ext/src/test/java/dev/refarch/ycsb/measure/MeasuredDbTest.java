package dev.refarch.ycsb.measure;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Properties;
import org.junit.jupiter.api.Test;
import site.ycsb.DBException;

class MeasuredDbTest {

  private static MeasuredDb with(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    MeasuredDb db = new MeasuredDb();
    db.setProperties(p);
    return db;
  }

  @Test
  void requiresADelegate() {
    assertThatThrownBy(() -> with().init()).isInstanceOf(DBException.class)
        .hasMessage("measurement.delegate=(missing) is not allowed; allowed: the class name of a"
            + " YCSB binding (a site.ycsb.DB)");
  }

  @Test
  void rejectsAnUnknownDelegateClass() {
    assertThatThrownBy(() -> with("measurement.delegate", "com.example.Nope").init())
        .hasMessage("measurement.delegate='com.example.Nope' is not allowed; allowed: a class on the"
            + " class path (no such class)");
  }

  @Test
  void rejectsADelegateThatIsNotABinding() {
    assertThatThrownBy(() -> with("measurement.delegate", "java.lang.String").init())
        .hasMessageContaining("a subclass of site.ycsb.DB");
  }

  @Test
  void rejectsAMisspeltMeasurementKey() {
    assertThatThrownBy(() -> with("measurement.delegate", "site.ycsb.BasicDB",
        "measurement.warmpu", "10").init())
        .hasMessageContaining("measurement.warmpu='10'").hasMessageContaining("did you mean 'measurement.warmup'?");
  }

  @Test
  void rejectsABadWarmup() {
    assertThatThrownBy(() -> with("measurement.delegate", "site.ycsb.BasicDB",
        "measurement.warmup", "soon").init())
        .hasMessageContaining("measurement.warmup='soon'");
  }
}
