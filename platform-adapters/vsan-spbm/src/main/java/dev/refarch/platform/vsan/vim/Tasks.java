package dev.refarch.platform.vsan.vim;

import dev.refarch.platform.spi.PlatformException;
import dev.refarch.platform.vsan.soap.MoRef;
import dev.refarch.platform.vsan.soap.SoapFault;
import dev.refarch.platform.vsan.soap.Xml;
import java.time.Duration;
import java.util.List;
import org.w3c.dom.Element;

/**
 * Waits for vSphere tasks by polling {@code info.state}, backing off from 50 ms to 1 s, so that a
 * quick simulator task costs one round trip and a long vSAN reconfiguration does not flood vCenter.
 *
 * <p>Thread-safe; holds no state of its own.
 *
 * <pre>{@code
 * tasks.await(taskRef, "reconfigure mongod-1", Duration.ofMinutes(10));
 * }</pre>
 */
public final class Tasks {

  private static final long FIRST_POLL_MILLIS = 50;
  private static final long MAX_POLL_MILLIS = 1000;

  private final PropertyReader reader;

  Tasks(PropertyReader reader) {
    this.reader = reader;
  }

  /**
   * Returns when the task succeeded.
   *
   * @param what what the task does, for messages, e.g. {@code power off mongod-1}
   * @throws SoapFault naming the fault when the task failed
   * @throws PlatformException saying how long it waited when the task did not finish in time
   */
  public void await(MoRef task, String what, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    long pause = FIRST_POLL_MILLIS;
    while (true) {
      PropertyReader.Content info = reader.of(task, List.of("info.state", "info.error"));
      switch (info.text("info.state")) {
        case "success":
          return;
        case "error":
          throw failure(what, info.element("info.error").orElse(null));
        default:
          break;
      }
      if (System.nanoTime() > deadline) {
        throw new PlatformException(what, "task " + task.value() + " still "
            + info.text("info.state") + " after " + timeout.toSeconds()
            + " s; raise vsan.timeoutSeconds or check the task in vCenter");
      }
      sleep(pause);
      pause = Math.min(MAX_POLL_MILLIS, pause * 2);
    }
  }

  private static SoapFault failure(String what, Element error) {
    if (error == null) {
      return new SoapFault(what, "", "task failed without a reason");
    }
    String type = Xml.child(error, "fault").map(Xml::xsiType).orElse("");
    return new SoapFault(what, type, Xml.text(error, "localizedMessage"));
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PlatformException("wait for a vSphere task", "interrupted", e);
    }
  }
}
