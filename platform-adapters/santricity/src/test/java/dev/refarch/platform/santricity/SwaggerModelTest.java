package dev.refarch.platform.santricity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.santricity.api.model.AccessToken;
import dev.refarch.platform.santricity.api.model.CallResponse;
import dev.refarch.platform.santricity.api.model.Controller;
import dev.refarch.platform.santricity.api.model.Drive;
import dev.refarch.platform.santricity.api.model.DriveIoStats;
import dev.refarch.platform.santricity.api.model.FlashCacheEx;
import dev.refarch.platform.santricity.api.model.Location;
import dev.refarch.platform.santricity.api.model.OperationProgress;
import dev.refarch.platform.santricity.api.model.Pool;
import dev.refarch.platform.santricity.api.model.SoftwareVersions;
import dev.refarch.platform.santricity.api.model.SsdCacheResponse;
import dev.refarch.platform.santricity.api.model.SsdCacheStatistics;
import dev.refarch.platform.santricity.api.model.StorageSystem;
import dev.refarch.platform.santricity.api.model.SystemIdentity;
import dev.refarch.platform.santricity.api.model.Volume;
import dev.refarch.platform.santricity.api.model.VolumeIoStats;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Flavor;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every JSON record of {@code api.model} reads only fields its swagger definition declares, in both
 * API generations where the definition exists; so the client never waits for a field the array
 * does not send under that name.
 */
class SwaggerModelTest {

  /** Record → definition; records of 12.0x-only resources are marked. */
  private static final Map<Class<?>, String> BOTH = new LinkedHashMap<>();
  private static final Map<Class<?>, String> ONLY_12 = new LinkedHashMap<>();

  static {
    BOTH.put(StorageSystem.class, "StorageSystemResponse");
    BOTH.put(SystemIdentity.class, "StorageSystemIdentificationResponse");
    BOTH.put(SoftwareVersions.class, "SoftwareVersions");
    BOTH.put(SoftwareVersions.Version.class, "SoftwareVersion");
    BOTH.put(Pool.class, "VolumeGroupEx");
    BOTH.put(Pool.GroupData.class, "VolumeGroupTypeData");
    BOTH.put(Pool.DiskPoolData.class, "DiskPoolData");
    BOTH.put(Volume.class, "VolumeEx");
    BOTH.put(Drive.class, "DriveEx");
    BOTH.put(Location.class, "Location");
    BOTH.put(Controller.class, "Controller");
    BOTH.put(OperationProgress.class, "OperationProgress");
    BOTH.put(CallResponse.class, "CallResponse");
    BOTH.put(VolumeIoStats.class, "VolumeIOStats");
    BOTH.put(DriveIoStats.class, "DiskIOStats");
    BOTH.put(FlashCacheEx.class, "FlashCacheEx");
    BOTH.put(FlashCacheEx.Base.class, "FlashCacheBase");
    BOTH.put(AccessToken.class, "GenerateAccessTokenResponse");
    ONLY_12.put(SsdCacheResponse.class, "SsdCacheResponse");
    ONLY_12.put(SsdCacheStatistics.class, "SsdCacheStatisticsResponse");
    ONLY_12.put(SsdCacheStatistics.Counters.class, "FlashCacheStatistics");
  }

  /** Records that are not JSON shapes: the SSD cache as both resources normalise it. */
  private static final Set<String> NOT_JSON = Set.of("SsdCache");

  @Test
  void everyModelRecordReadsOnlyDeclaredFields() {
    for (Flavor flavor : Flavor.values()) {
      Swagger swagger = Swagger.load(flavor);
      Map<Class<?>, String> mapped = new LinkedHashMap<>(BOTH);
      if (flavor == Flavor.V12_0X) {
        mapped.putAll(ONLY_12);
      }
      mapped.forEach((type, definition) -> {
        Set<String> declared = swagger.properties(definition);
        Set<String> read = Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName)
            .collect(Collectors.toCollection(TreeSet::new));
        assertThat(declared).as(type.getSimpleName() + " vs " + definition + " in "
            + swagger.file()).containsAll(read);
      });
    }
  }

  @Test
  void everyModelRecordIsMappedToADefinition() throws IOException {
    Path sources = Path.of("src/main/java/dev/refarch/platform/santricity/api/model");
    Set<String> records = new TreeSet<>();
    Pattern record = Pattern.compile("record (\\w+)\\(");
    try (Stream<Path> files = Files.list(sources)) {
      for (Path file : files.collect(Collectors.toList())) {
        Matcher m = record.matcher(Files.readString(file));
        while (m.find()) {
          records.add(m.group(1));
        }
      }
    }
    Set<String> mapped = Stream.concat(BOTH.keySet().stream(), ONLY_12.keySet().stream())
        .map(Class::getSimpleName).collect(Collectors.toCollection(TreeSet::new));
    mapped.addAll(NOT_JSON);
    assertThat(mapped).containsExactlyInAnyOrderElementsOf(records);
  }
}
