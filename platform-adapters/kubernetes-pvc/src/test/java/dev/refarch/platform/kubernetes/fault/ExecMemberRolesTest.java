package dev.refarch.platform.kubernetes.fault;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.kubernetes.testing.FakeKubernetes;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.server.mock.OutputStreamMessage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Roles come from db.hello() run with mongosh inside a member, through the exec API. */
@EnableKubernetesMockClient
class ExecMemberRolesTest {

  KubernetesMockServer server;
  KubernetesClient client;

  static final String HELLO = String.join("\n",
      "primary=refarch-rs0-1.refarch-rs0.test.svc.cluster.local:27017",
      "host=refarch-rs0-0.refarch-rs0.test.svc.cluster.local:27017",
      "host=refarch-rs0-1.refarch-rs0.test.svc.cluster.local:27017",
      "arbiter=refarch-rs0-arbiter-0.refarch-rs0-arbiter.test.svc.cluster.local:27017", "");

  @Test
  void parsesThePrimarySecondariesAndArbiter() {
    assertThat(ExecMemberRoles.parse("Warning: something\n" + HELLO)).containsExactlyInAnyOrderEntriesOf(
        Map.of("refarch-rs0-0", "secondary", "refarch-rs0-1", "primary",
            "refarch-rs0-arbiter-0", "arbiter"));
  }

  @Test
  void asksAReadyMemberThroughExec() throws InterruptedException {
    Pod ready = FakeKubernetes.readyMongodPod("refarch-rs0-0");
    server.expect().get().withPath("/api/v1/namespaces/test/pods/refarch-rs0-0")
        .andReturn(200, ready).always();
    ExecMemberRoles roles = new ExecMemberRoles(client, "mongod");
    // the first attempt finds no exec endpoint; its request shows the exact path to expect
    assertThat(org.assertj.core.api.Assertions.catchThrowable(() ->
        roles.roles("test", "rs0", List.of("refarch-rs0-0")))).isNotNull();
    String path = server.getLastRequest().getPath();
    assertThat(path).contains("/pods/refarch-rs0-0/exec?command=mongosh", "container=mongod");
    server.expect().withPath(path).andUpgradeToWebSocket().open(new OutputStreamMessage(HELLO))
        .done().always();

    assertThat(roles.roles("test", "rs0", List.of("refarch-rs0-0")))
        .containsEntry("refarch-rs0-1", "primary").containsEntry("refarch-rs0-0", "secondary");
  }
}
