package dev.refarch.platform.local.fault;

import dev.refarch.platform.local.process.MemberSpec;
import dev.refarch.platform.local.process.Role;
import java.nio.file.Path;
import java.util.List;

/** Member specs for tests whose members are never started. */
final class MemberSpecs {

  private MemberSpecs() {
  }

  static MemberSpec spec(String name, Role role, String group) {
    return new MemberSpec(name, role, group, 30000, Path.of("/tmp", name), Path.of("/opt/mongod"),
        List.of());
  }
}
