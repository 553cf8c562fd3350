package dev.refarch.platform.santricity.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.santricity.api.model.CallResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

class SantricityApiExceptionTest {

  @Test
  void namesOperationStatusAndNetAppsErrorBody() {
    SantricityApiException e = new SantricityApiException("create volume 'mongo_1' in pool 'p'",
        422, new CallResponse("Not enough free capacity", "", "", "insufficientCapacity",
            "symbol", List.of("size")), null);
    assertThat(e).hasMessage("create volume 'mongo_1' in pool 'p': SANtricity answered HTTP 422 "
        + "(refused by the array): Not enough free capacity [retcode insufficientCapacity, "
        + "codeType symbol] invalid fields: size");
    assertThat(e.retcode()).hasValue("insufficientCapacity");
    assertThat(e.operation()).isEqualTo("create volume 'mongo_1' in pool 'p'");
  }

  @Test
  void explainsAnOfflineArray() {
    SantricityApiException e = new SantricityApiException("list storage pools", 424, null,
        "storage system '1' is offline");
    assertThat(e.getMessage()).contains("HTTP 424 (storage system offline)")
        .endsWith("storage system '1' is offline");
  }
}
