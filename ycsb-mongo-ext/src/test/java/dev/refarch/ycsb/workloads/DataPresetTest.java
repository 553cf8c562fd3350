package dev.refarch.ycsb.workloads;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.bson.BsonBinary;
import org.bson.BsonDocument;
import org.bson.BsonString;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import site.ycsb.generator.ConstantIntegerGenerator;

/** Each preset's record has the documented BSON size (the IT checks it in a real mongod). */
class DataPresetTest {

  @ParameterizedTest
  @EnumSource(DataPreset.class)
  void recordHasTheDocumentedSize(DataPreset preset) {
    ValueGenerator values = new ValueGenerator(
        IntStream.range(0, preset.fieldCount()).mapToObj(i -> "field" + i).toList(),
        new ConstantIntegerGenerator(preset.fieldLength()), 1, ValueType.BINARY, Optional.empty());
    BsonDocument doc = new BsonDocument("_id", new BsonString("user" + "1".repeat(19)));
    values.record(new SplittableRandom(1), 1).forEach((k, v) -> doc.append(k, new BsonBinary(v.toArray())));
    int bytes = new RawBsonDocument(doc, new BsonDocumentCodec()).getByteBuffer().remaining();
    assertThat(bytes).isEqualTo(preset.documentBytes());
  }
}
