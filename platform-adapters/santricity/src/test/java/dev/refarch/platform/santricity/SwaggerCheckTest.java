package dev.refarch.platform.santricity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Exchange;
import dev.refarch.platform.santricity.testdouble.SantricityTestDouble.Flavor;
import org.junit.jupiter.api.Test;

/** The contract checker itself: it must catch each kind of deviation, or the contract test is hollow. */
class SwaggerCheckTest {

  private static final Swagger V12 = Swagger.load(Flavor.V12_0X);
  private static final Swagger V11 = Swagger.load(Flavor.V11_9X);

  private static Exchange request(String method, String path, String query, String body) {
    return new Exchange(method, "/devmgr/v2" + path, query, body, 204, "", "Basic");
  }

  @Test
  void acceptsAConformingRequest() {
    assertThat(V12.violations(request("POST", "/storage-systems/1/volumes", "",
        "{\"poolId\":\"p\",\"name\":\"v\",\"sizeUnit\":\"gb\",\"size\":\"10\",\"segSize\":128}")))
        .isEmpty();
  }

  @Test
  void catchesAMisspeltBodyField() {
    assertThat(V12.violations(request("POST", "/storage-systems/1/volumes", "",
        "{\"poolId\":\"p\",\"name\":\"v\",\"size\":\"10\",\"segSize\":128,\"sizeUnits\":\"gb\"}")))
        .singleElement().asString().contains("'sizeUnits' is not a property of VolumeCreateRequest");
  }

  @Test
  void catchesAMissingRequiredField() {
    assertThat(V12.violations(request("POST", "/storage-systems/1/storage-pools", "",
        "{\"name\":\"p\",\"raidLevel\":\"raidDiskPool\"}")))
        .singleElement().asString().contains("lacks required field 'diskDriveIds'");
  }

  @Test
  void catchesAFieldOnlyTheOtherGenerationHas() {
    String body = "{\"name\":\"p\",\"raidLevel\":\"raidDiskPool\",\"diskDriveIds\":[],"
        + "\"reconstructionDriveCount\":2}";
    assertThat(V12.violations(request("POST", "/storage-systems/1/storage-pools", "", body)))
        .isEmpty();
    assertThat(V11.violations(request("POST", "/storage-systems/1/storage-pools", "", body)))
        .singleElement().asString().contains("'reconstructionDriveCount' is not a property");
  }

  @Test
  void catchesAnUnknownPathMethodAndQueryParameter() {
    assertThat(V11.violations(request("GET", "/storage-systems/1/ssd-caches", "", "")))
        .singleElement().asString().contains("no path of swagger-11.9x.json");
    assertThat(V12.violations(request("PUT", "/storage-systems/1/volumes", "", "")))
        .singleElement().asString().contains("has no PUT");
    assertThat(V12.violations(request("GET", "/storage-systems/1/volume-statistics",
        "fresh=true", ""))).singleElement().asString().contains("'fresh' is not declared");
  }

  @Test
  void catchesAnUndeclaredResponseField() {
    Exchange answer = new Exchange("GET", "/devmgr/v2/storage-systems/1/volumes/v", "", "", 200,
        "{\"id\":\"v\",\"flashCached\":true,\"ssdCached\":true}", "Basic");
    assertThat(V12.violations(answer)).singleElement().asString()
        .contains("'ssdCached' is not a property of VolumeEx");
  }

  @Test
  void allowsOnlyTheDocumentedSymbolProcedure() {
    assertThat(V12.violations(request("POST", "/storage-systems/1/symbol/setDriveToFailed", "",
        "\"0100\""))).isEmpty();
    assertThat(V12.violations(request("POST", "/storage-systems/1/symbol/setDriveToOptimal", "",
        "\"0100\""))).singleElement().asString().contains("SYMbol pass-through other than");
  }
}
