package dev.refarch.ycsb.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.refarch.platform.spi.config.ConfigurationException;
import dev.refarch.ycsb.testing.KeyValues;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class WorkloadSettingsTest {

  private static WorkloadSettings parse(String... kv) {
    return WorkloadSettings.fromProperties(KeyValues.of(kv));
  }

  @Test
  void defaultsKeepYcsbsData() {
    WorkloadSettings s = parse();
    assertThat(s.preset()).isEmpty();
    assertThat(s.compressibility()).isEqualTo(1.0);
    assertThat(s.valueType()).isEqualTo(ValueType.BINARY);
    assertThat(s.hasActiveSet()).isFalse();
    assertThat(s.insertKeys()).isEqualTo(InsertKeys.RESERVE);
  }

  @Test
  void presetSetsFieldCountAndLengthForYcsb() {
    Properties core = parse("refarch.data.preset", "diamanti-50x250").coreProperties(new Properties());
    assertThat(core.getProperty("fieldcount")).isEqualTo("50");
    assertThat(core.getProperty("fieldlength")).isEqualTo("250");
    assertThat(core.getProperty("fieldlengthdistribution")).isEqualTo("constant");
  }

  @Test
  void presetMayRepeatItsOwnValues() {
    assertThat(parse("refarch.data.preset", "diamanti-50x250", "fieldcount", "50",
        "fieldlength", "250").preset()).contains(DataPreset.DIAMANTI_50X250);
  }

  @Test
  void presetContradictedByFieldCountIsRejected() {
    assertThatThrownBy(() -> parse("refarch.data.preset", "netapp-2kb", "fieldcount", "20"))
        .isInstanceOf(ConfigurationException.class)
        .hasMessage("fieldcount='20' is not allowed; allowed: 10 (refarch.data.preset=netapp-2kb"
            + " sets it) (remove fieldcount or the preset)");
  }

  @Test
  void unknownPresetNamesTheClosest() {
    assertThatThrownBy(() -> parse("refarch.data.preset", "diamanti"))
        .hasMessageStartingWith("refarch.data.preset='diamanti' is not allowed; allowed:"
            + " ycsb-default, netapp-2kb, diamanti-50x250");
  }

  @Test
  void unknownRefarchKeyNamesTheClosest() {
    assertThatThrownBy(() -> parse("refarch.data.compresibility", "2"))
        .hasMessageEndingWith("(unknown key; did you mean 'refarch.data.compressibility'?)");
  }

  @Test
  void compressibilityBelowOneIsRejected() {
    assertThatThrownBy(() -> parse("refarch.data.compressibility", "0.5"))
        .hasMessage("refarch.data.compressibility='0.5' is not allowed; allowed: a number from 1.0"
            + " to 100.0");
  }

  @Test
  void activeSetIsAFractionOrACountNotBoth() {
    assertThat(parse("refarch.active.fraction", "0.5").activeCount(1_200)).isEqualTo(600);
    assertThat(parse("refarch.active.records", "800").activeCount(1_200)).isEqualTo(800);
    assertThatThrownBy(() -> parse("refarch.active.fraction", "0.5", "refarch.active.records", "6"))
        .hasMessageStartingWith("refarch.active.records='6' is not allowed");
    assertThatThrownBy(() -> parse("refarch.active.fraction", "1.5"))
        .hasMessage("refarch.active.fraction='1.5' is not allowed; allowed: a number above 0 and"
            + " at most 1");
  }

  @Test
  void activeRecordsBeyondTheLoadedKeysAreRejected() {
    assertThatThrownBy(() -> parse("refarch.active.records", "2000").activeCount(1_200))
        .hasMessageStartingWith("refarch.active.records='2000' is not allowed; allowed: at most"
            + " the 1200 loaded keys");
  }

  @Test
  void activeSetNeedsUniformOrZipfianRequests() {
    assertThatThrownBy(() -> parse("refarch.active.fraction", "0.5", "requestdistribution", "latest"))
        .hasMessageStartingWith("requestdistribution='latest' is not allowed; allowed: uniform,"
            + " zipfian (with an active dataset)");
  }

  @Test
  void constantScanLengthIsDrawnHereNotByYcsb() {
    WorkloadSettings s = parse("scanlengthdistribution", "constant");
    assertThat(s.scanLengthDistribution()).isEqualTo("constant");
    Properties given = new Properties();
    given.setProperty("scanlengthdistribution", "constant");
    assertThat(s.coreProperties(given).getProperty("scanlengthdistribution")).isEqualTo("uniform");
  }

  @Test
  void dataIntegrityIsRejected() {
    assertThatThrownBy(() -> parse("dataintegrity", "true"))
        .hasMessageStartingWith("dataintegrity='true' is not allowed");
  }

  @Test
  void builderProducesTheSameRecordAsProperties() {
    WorkloadSettings built = WorkloadSettings.builder().preset(DataPreset.NETAPP_2KB)
        .compressibility(2).valueType(ValueType.STRING).activeFraction(0.5)
        .insertKeys(InsertKeys.AFTER_LOAD).seed(7).build();
    assertThat(built).isEqualTo(parse("refarch.data.preset", "netapp-2kb",
        "refarch.data.compressibility", "2.0", "refarch.data.valueType", "string",
        "refarch.active.fraction", "0.5", "refarch.insertKeys", "after-load", "refarch.seed", "7"));
  }
}
