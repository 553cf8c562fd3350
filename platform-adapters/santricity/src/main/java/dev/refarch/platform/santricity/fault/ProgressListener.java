package dev.refarch.platform.santricity.fault;

/**
 * Receives reconstruction progress as it is polled, e.g. to put it into a trial's timeline.
 * Called from the injector's polling thread; implementations must be thread-safe and quick.
 *
 * <pre>{@code
 * injector.addListener(sample -> timeline.add(sample.epochMillis(), "storage", sample.action()
 *     + " " + sample.percentComplete() + "%"));
 * }</pre>
 */
@FunctionalInterface
public interface ProgressListener {

  void onSample(ProgressSample sample);
}
