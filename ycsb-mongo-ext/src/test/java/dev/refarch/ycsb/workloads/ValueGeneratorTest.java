package dev.refarch.ycsb.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.refarch.ycsb.mongo.TextValue;
import java.io.ByteArrayOutputStream;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.zip.Deflater;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteIterator;
import site.ycsb.NumericByteIterator;
import site.ycsb.generator.ConstantIntegerGenerator;

class ValueGeneratorTest {

  private static ValueGenerator generator(int length, double compressibility, ValueType type) {
    return new ValueGenerator(List.of("field0", "field1"), new ConstantIntegerGenerator(length),
        compressibility, type, Optional.of("ordinal"));
  }

  /** Compression ratio (raw / compressed) of many values, as a storage block would see them. */
  private static double ratio(ValueGenerator values, int count) {
    SplittableRandom random = new SplittableRandom(5);
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    for (int i = 0; i < count; i++) {
      raw.writeBytes(values.value(random).toArray());
    }
    byte[] input = raw.toByteArray();
    Deflater deflater = new Deflater();
    deflater.setInput(input);
    deflater.finish();
    byte[] buffer = new byte[input.length + 1024];
    int compressed = 0;
    while (!deflater.finished()) {
      compressed += deflater.deflate(buffer);
    }
    deflater.end();
    return (double) input.length / compressed;
  }

  @ParameterizedTest(name = "{0} B values, {1}:1")
  @CsvSource({"250, 1", "250, 2", "250, 4", "100, 2", "100, 3", "2000, 10"})
  void binaryValuesCompressAsConfigured(int length, double n) {
    assertThat(ratio(generator(length, n, ValueType.BINARY), 4_000)).isCloseTo(n, within(0.1 * n));
  }

  @ParameterizedTest(name = "{0}:1")
  @CsvSource({"1", "2", "4"})
  void stringValuesCompressAtLeastAsConfiguredAndAtMostAnEntropyCoderMore(double n) {
    double ratio = ratio(generator(250, n, ValueType.STRING), 4_000);
    assertThat(ratio).isBetween(0.95 * n, 1.4 * n);
  }

  @Test
  void stringValuesArePrintableText() {
    ByteIterator v = generator(300, 1, ValueType.STRING).value(new SplittableRandom(1));
    assertThat(v).isInstanceOf(TextValue.class);
    assertThat(((TextValue) v).text()).hasSize(300).matches("[A-Za-z0-9_-]+");
  }

  @Test
  void recordHasEveryFieldAtItsLengthAndTheOrdinal() {
    Map<String, ByteIterator> record = generator(188, 1, ValueType.BINARY)
        .record(new SplittableRandom(1), 77);
    assertThat(record).containsOnlyKeys("field0", "field1", "ordinal");
    assertThat(record.get("field0").toArray()).hasSize(188);
    assertThat(((NumericByteIterator) record.get("ordinal")).getLong()).isEqualTo(77);
  }

  @Test
  void everyValueIsFresh() {
    ValueGenerator g = generator(64, 1, ValueType.BINARY);
    SplittableRandom random = new SplittableRandom(1);
    assertThat(g.value(random).toArray()).isNotEqualTo(g.value(random).toArray());
  }
}
