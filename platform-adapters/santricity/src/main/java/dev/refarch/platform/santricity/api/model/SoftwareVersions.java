package dev.refarch.platform.santricity.api.model;

import java.util.List;

/**
 * Versions of the Web Services software ({@code SoftwareVersions}).
 *
 * @param currentVersions the running components
 */
public record SoftwareVersions(List<Version> currentVersions) {

  public SoftwareVersions {
    currentVersions = currentVersions == null ? List.of() : List.copyOf(currentVersions);
  }

  /**
   * {@code SoftwareVersion}.
   *
   * @param context the component, e.g. {@code SANtricity Web Services}
   * @param version its version, e.g. {@code 08.00.00.9011}
   */
  public record Version(String context, String version) {
  }
}
