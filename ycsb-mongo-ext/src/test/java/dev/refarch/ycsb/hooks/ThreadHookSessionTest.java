package dev.refarch.ycsb.hooks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class ThreadHookSessionTest {

  @BeforeEach
  void clear() {
    RecordingHook.EVENTS.clear();
  }

  private static Properties props(int threads, String hooks) {
    Properties p = new Properties();
    p.setProperty("hooks", hooks);
    p.setProperty("threadcount", String.valueOf(threads));
    p.setProperty("dotransactions", "true");
    return p;
  }

  @Test
  void beforeOnceOnFirstThreadAndAfterOnceWhenLastThreadLeaves() throws Exception {
    int threads = 8;
    Properties p = props(threads, "recording");
    CyclicBarrier allJoined = new CyclicBarrier(threads);
    CountDownLatch done = new CountDownLatch(threads);
    List<String> seenAtLeave = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      new Thread(() -> {
        try {
          ThreadHookSession s = ThreadHookSession.join(p);
          s.before();
          allJoined.await();
          synchronized (seenAtLeave) {
            seenAtLeave.add(String.valueOf(RecordingHook.EVENTS.size()));
          }
          s.leave(Optional.empty());
        } catch (Exception e) {
          throw new IllegalStateException(e);
        } finally {
          done.countDown();
        }
      }).start();
    }
    done.await();
    assertThat(RecordingHook.EVENTS).containsExactly("recording before run", "recording after run ok");
    // every thread was past before() and none had yet seen after()
    assertThat(seenAtLeave).hasSize(threads).containsOnly("1");
  }

  @Test
  void afterRunsWithFailureWhenOneThreadFailed() {
    Properties p = props(2, "recording");
    ThreadHookSession a = ThreadHookSession.join(p);
    a.before();
    ThreadHookSession b = ThreadHookSession.join(p);
    b.before();
    b.leave(Optional.of("init failed: connection refused"));
    assertThat(RecordingHook.EVENTS).containsExactly("recording before run");
    a.leave(Optional.empty());
    assertThat(RecordingHook.EVENTS).last()
        .isEqualTo("recording after run failed: init failed: connection refused");
  }

  @Test
  void everyThreadSeesAFailedBefore() {
    Properties p = props(2, "failing");
    ThreadHookSession a = ThreadHookSession.join(p);
    assertThatThrownBy(a::before).hasMessageContaining("simulated platform failure");
    ThreadHookSession b = ThreadHookSession.join(p);
    assertThatThrownBy(b::before).hasMessageContaining("simulated platform failure");
    assertThat(RecordingHook.EVENTS).containsExactly("failing before run",
        "failing after run failed: hook failing before run failed: simulated platform failure");
    a.leave(Optional.of("x"));
    b.leave(Optional.of("x"));
    assertThat(RecordingHook.EVENTS).hasSize(2);
  }

  @Test
  void loadPhaseComesFromYcsbsDoTransactionsFlag() {
    Properties p = props(1, "recording");
    p.setProperty("dotransactions", "false");
    ThreadHookSession s = ThreadHookSession.join(p);
    s.before();
    s.leave(Optional.empty());
    assertThat(RecordingHook.EVENTS).containsExactly("recording before load", "recording after load ok");
  }
}
