package dev.refarch.platform.santricity.api.model;

/**
 * A bearer token for session authentication ({@code GenerateAccessTokenResponse}). Never print
 * {@code accessToken}.
 *
 * @param accessToken the token
 * @param duration seconds the token stays valid
 */
public record AccessToken(String accessToken, Double duration) {

  @Override
  public String toString() {
    return "AccessToken[accessToken=***, duration=" + duration + "]";
  }
}
