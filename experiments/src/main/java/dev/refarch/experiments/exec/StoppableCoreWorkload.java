package dev.refarch.experiments.exec;

import dev.refarch.ycsb.workloads.WorkloadProperties;
import java.util.Optional;
import java.util.Properties;
import site.ycsb.WorkloadException;
import site.ycsb.generator.ScrambledZipfianGenerator;
import site.ycsb.workloads.CoreWorkload;

/**
 * YCSB's {@code CoreWorkload}, except that it also stops when the runner asks
 * ({@link StopSignal}): trials that last until steady run it in place of {@code CoreWorkload}.
 * And, having no operation count, such a run's zipfian key choice spreads over
 * {@code refarch.expectedNewKeys} new keys (which the runner sets to the record count) where YCSB
 * would take {@code operationcount × insertproportion × 2} of them, as
 * {@link dev.refarch.ycsb.workloads.RefarchWorkload} does.
 *
 * <p>Thread-safe as {@code CoreWorkload} is.
 */
public class StoppableCoreWorkload extends CoreWorkload {

  @Override
  public void init(Properties p) throws WorkloadException {
    super.init(p);
    Optional<Long> newKeys = WorkloadProperties.EXPECTED_NEW_KEYS.find(p);
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
