package dev.refarch.platform.santricity.config;

import dev.refarch.platform.santricity.api.model.DriveType;
import dev.refarch.platform.santricity.api.model.RaidLevel;
import java.util.Map;

/**
 * The storage configurations of NetApp TR-4501 ("NetApp E-Series and MongoDB", E5600, SANtricity
 * 11.25) as {@code santricity.*} property sets, without the connection keys. The catalog's studies
 * C1–C4 combine these with their YCSB settings and fault schedules.
 *
 * <p>Sizes: the paper's 1.2 TB and 1.5 TB volumes are decimal terabytes, i.e. 1117 and 1397 GiB in
 * SANtricity's binary {@code gb} unit. Both pools reserve two drives' worth of preservation
 * capacity, as in the paper.
 *
 * <p>Stateless and thread-safe; every call returns a new map.
 *
 * <pre>{@code
 * Map<String, String> p = new HashMap<>(Tr4501.c2HddWithSsdCache());
 * p.put("santricity.url", "https://10.0.0.20:8443");
 * }</pre>
 */
public final class Tr4501 {

  public static final String SSD_POOL = "mongo_ssd_ddp";
  public static final String HDD_POOL = "mongo_hdd_ddp";

  private Tr4501() {
  }

  /** C1: one disk pool of 24 SSDs, eight 1.2 TB volumes, no SSD cache involved. */
  public static Map<String, String> c1AllSsd() {
    return allSsd();
  }

  /** C2, all-SSD (the upper bound): the C1 pool, cache disabled for its volumes. */
  public static Map<String, String> c2AllSsd() {
    return allSsd();
  }

  /** C2, HDD + SSD read cache: 20 HDD disk pool, eight 1.5 TB volumes, 4-SSD read cache on. */
  public static Map<String, String> c2HddWithSsdCache() {
    return hdd(CacheMode.ENABLED);
  }

  /** C2, HDD only: the same HDD pool and volumes, cache disabled for them. */
  public static Map<String, String> c2HddOnly() {
    return hdd(CacheMode.DISABLED);
  }

  /** C3: the HDD + SSD cache storage; the active dataset is varied in YCSB, not here. */
  public static Map<String, String> c3ActiveDataset() {
    return hdd(CacheMode.ENABLED);
  }

  /** C4, all-SSD: the C2 all-SSD storage with drive faults allowed; fail {@code pool:mongo_ssd_ddp}. */
  public static Map<String, String> c4DriveFailureSsd() {
    return faultsAllowed(allSsd());
  }

  /** C4, HDD + SSD cache: the hybrid storage with drive faults allowed; fail {@code pool:mongo_hdd_ddp}. */
  public static Map<String, String> c4DriveFailureHdd() {
    return faultsAllowed(hdd(CacheMode.ENABLED));
  }

  private static Map<String, String> allSsd() {
    return SantricitySettings.builder()
        .pool(SSD_POOL, RaidLevel.DDP, DriveType.SSD, 24).reservedDrives(2)
        .volumes(8, "mongo_ssd", 1117)
        .cache(CacheMode.DISABLED)
        .properties();
  }

  private static Map<String, String> hdd(CacheMode mode) {
    return SantricitySettings.builder()
        .pool(HDD_POOL, RaidLevel.DDP, DriveType.HDD, 20).reservedDrives(2)
        .volumes(8, "mongo_hdd", 1397)
        .cache(mode, 4)
        .set(SantricityKeys.CACHE_NAME.key(), "mongo_ssd_cache")
        .properties();
  }

  private static Map<String, String> faultsAllowed(Map<String, String> storage) {
    storage.put(SantricityKeys.FAULT_ALLOW.key(), "true");
    storage.put(SantricityKeys.FAULT_POLL_MILLIS.key(), "30000");
    storage.put(SantricityKeys.FAULT_TIMEOUT_MINUTES.key(), "240");
    return storage;
  }
}
