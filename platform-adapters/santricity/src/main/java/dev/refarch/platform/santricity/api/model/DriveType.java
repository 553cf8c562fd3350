package dev.refarch.platform.santricity.api.model;

/** Drive media types as {@code driveMediaType} spells them. */
public enum DriveType {
  SSD("ssd"),
  HDD("hdd");

  private final String apiName;

  DriveType(String apiName) {
    this.apiName = apiName;
  }

  /** The value of {@code driveMediaType} / {@code driveType} in the API. */
  public String apiName() {
    return apiName;
  }
}
