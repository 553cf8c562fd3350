package dev.refarch.ycsb.hooks;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import dev.refarch.platform.spi.HookContext;
import dev.refarch.platform.spi.PhaseOutcome;
import dev.refarch.platform.spi.PlatformHook;
import dev.refarch.platform.spi.config.ConfigurationException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Test double of a platform hook: records each call, in memory and, when {@code testhook.file} is
 * set, as lines in that file (for forked YCSB clients). With {@code testhook.count=true} it also
 * records how many documents {@code usertable} holds at that moment, which proves whether a call
 * came before the first write or after the last one.
 */
public class RecordingHook implements PlatformHook {

  public static final List<String> EVENTS = Collections.synchronizedList(new ArrayList<>());

  private final String name;

  public RecordingHook() {
    this("recording");
  }

  protected RecordingHook(String name) {
    this.name = name;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return "records its calls (test double)";
  }

  @Override
  public void validate(Map<String, String> settings) {
    if (settings.containsKey("testhook.reject")) {
      throw new ConfigurationException("testhook.reject", settings.get("testhook.reject"),
          "nothing; this key exists to be rejected");
    }
  }

  @Override
  public void before(HookContext context) {
    context.record("applied", "true");
    emit(context, "before " + context.phase().label());
  }

  @Override
  public void after(HookContext context, PhaseOutcome outcome) {
    context.record("restored", "true");
    emit(context, "after " + context.phase().label() + " "
        + (outcome.succeeded() ? "ok" : "failed: " + outcome.failure().orElseThrow()));
  }

  private void emit(HookContext context, String event) {
    String line = name + " " + event + count(context.settings());
    EVENTS.add(line);
    String file = context.settings().get("testhook.file");
    if (file != null) {
      try {
        Files.writeString(Path.of(file), line + "\n", StandardCharsets.UTF_8,
            StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  private static String count(Map<String, String> settings) {
    if (!"true".equals(settings.get("testhook.count"))) {
      return "";
    }
    try (MongoClient client = MongoClients.create(settings.get("mongodb.url"))) {
      String db = settings.getOrDefault("testhook.database", "ycsb");
      return " docs=" + client.getDatabase(db).getCollection("usertable").countDocuments();
    }
  }
}
