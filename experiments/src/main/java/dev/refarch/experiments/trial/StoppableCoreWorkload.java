package dev.refarch.experiments.trial;

import java.util.Optional;
import java.util.Properties;
import site.ycsb.WorkloadException;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's {@code CoreWorkload}, except that it also stops when the runner asks
 * ({@link StopSignal}): trials that last until steady run it in place of {@code CoreWorkload}.
 * And, having no operation count, such a run's zipfian key choice spreads over
 * {@value #EXPECTED_NEW_KEYS} new keys (the runner sets it to the record count) where YCSB would
 * take {@code operationcount × insertproportion × 2} of them, as
 * {@link dev.refarch.ycsb.workloads.RefarchWorkload} does with {@code refarch.expectedNewKeys}
 * (a key the binding refuses beside CoreWorkload, which would ignore it).
 *
 * <p>Thread-safe as {@code CoreWorkload} is.
 */
public class StoppableCoreWorkload extends CoreWorkload {

  /** The new keys zipfian key choice spreads over; unset keeps YCSB's count. */
  public static final String EXPECTED_NEW_KEYS = "runner.expectedNewKeys";

  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(p);
    Optional<Long> newKeys = Optional.ofNullable(p.getProperty(EXPECTED_NEW_KEYS))
        .map(Long::parseLong);
    if (newKeys.isPresent() && p.getProperty(REQUEST_DISTRIBUTION_PROPERTY,
        REQUEST_DISTRIBUTION_PROPERTY_DEFAULT).equals("zipfian")) {
      long start = Long.parseLong(p.getProperty(INSERT_START_PROPERTY,
          INSERT_START_PROPERTY_DEFAULT));
      long count = Long.parseLong(p.getProperty(INSERT_COUNT_PROPERTY,
          String.valueOf(recordcount - start)));
      // as CoreWorkload.init builds it, with the expected inserts replaced
      keychooser = new ScrambledZipfianGenerator(start, start + count + newKeys.get());
    }
  }

  @Override
  public boolean isStopRequested() {
    return super.isStopRequested() || StopSignal.requested();
  }

  /** One draw of key choice, before the check that the key exists (for tests). */
  long drawKey() {
    return keychooser.nextValue().longValue();
  }
}
