package dev.refarch.platform.vsan.testing;

import dev.refarch.platform.vsan.soap.Xml;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The vim25 side of {@link FakeVcenter}: VMs and hosts held as the captured
 * {@code RetrievePropertiesEx} answers, edited in place by reconfigure, power and host tasks.
 * Tasks finish at once unless a test makes a method's tasks fail or hang.
 */
public final class FakeInventory {

  private final FakePbm pbm;
  private final Document vms = Payloads.document("vim/RetrievePropertiesEx-vm-details.xml");
  private final Document hosts = Payloads.document("vim/RetrievePropertiesEx-hosts.xml");
  private final Map<String, String> taskStates = new ConcurrentHashMap<>();
  private final Map<String, String> outcomes = new ConcurrentHashMap<>();
  private final AtomicInteger nextTask = new AtomicInteger(1000);

  FakeInventory(FakePbm pbm) {
    this.pbm = pbm;
  }

  /**
   * Tasks of {@code method} end in error (the captured InvalidPowerState) from now on; a failed
   * {@code ReconfigVM_Task} changes nothing, as on vCenter.
   */
  public FakeInventory failTasks(String method) {
    outcomes.put(method, "error");
    return this;
  }

  /** Tasks of {@code method} stay running forever from now on. */
  public FakeInventory hangTasks(String method) {
    outcomes.put(method, "running");
    return this;
  }

  public String vmProperty(String vmName, String path) {
    return property(object(vms, vmName), path);
  }

  public String hostProperty(String hostName, String path) {
    return property(object(hosts, hostName), path);
  }

  String answer(Element method) {
    String name = method.getLocalName();
    Element target = Xml.child(method, "_this").orElse(null);
    switch (name) {
      case "CreateContainerView":
        return Payloads.text("vim/CreateContainerView.xml");
      case "DestroyView":
        return Payloads.text("vim/DestroyView.xml");
      case "RetrievePropertiesEx":
        return properties(method);
      case "ReconfigVM_Task":
        return reconfigure(method, target.getTextContent());
      case "PowerOnVM_Task":
        return power(name, target.getTextContent(), "poweredOn");
      case "PowerOffVM_Task":
        return power(name, target.getTextContent(), "poweredOff");
      case "EnterMaintenanceMode_Task":
        return host(name, target, "runtime.inMaintenanceMode", "true");
      case "ExitMaintenanceMode_Task":
        return host(name, target, "runtime.inMaintenanceMode", "false");
      case "DisconnectHost_Task":
        return host(name, target, "runtime.connectionState", "disconnected");
      case "ReconnectHost_Task":
        return host(name, target, "runtime.connectionState", "connected");
      case "ShutdownHost_Task":
        return host(name, target, "runtime.powerState", "poweredOff");
      case "PowerUpHostFromStandBy_Task":
        return host(name, target, "runtime.powerState", "poweredOn");
      default:
        return Payloads.text("pbm/PbmUpdate-MethodNotFound.xml").replace("PbmUpdate", name)
            .replace("PbmProfileProfileManager", target == null ? "" : target.getAttribute("type"));
    }
  }

  private String properties(Element method) {
    Element spec = Xml.child(method, "specSet").orElseThrow();
    String type = Xml.path(spec, "propSet", "type").orElseThrow().getTextContent();
    List<String> objects = Xml.children(spec, "objectSet").stream()
        .map(o -> Xml.child(o, "obj").orElseThrow().getTextContent()).toList();
    String firstType = Xml.path(spec, "objectSet", "obj").orElseThrow().getAttribute("type");
    if ("Task".equals(type)) {
      return task(objects.get(0));
    }
    if ("ContainerView".equals(firstType)) {
      return "HostSystem".equals(type) ? Xml.toString(hosts)
          : Payloads.text("vim/RetrievePropertiesEx-vm-names.xml");
    }
    Document copy = (Document) ("HostSystem".equals(type) ? hosts : vms).cloneNode(true);
    Element returnval = Xml.path(Payloads.bodyContent(copy), "returnval").orElseThrow();
    for (Element object : Xml.children(returnval, "objects")) {
      if (!objects.contains(Xml.text(object, "obj"))) {
        returnval.removeChild(object);
      }
    }
    return Xml.toString(copy);
  }

  private String reconfigure(Element method, String vmId) {
    if ("error".equals(outcomes.get("ReconfigVM_Task"))) {
      return task("ReconfigVM_Task", Optional.empty()); // a failed reconfigure changes nothing
    }
    Element spec = Xml.child(method, "spec").orElseThrow();
    Element vm = objectById(vms, vmId);
    Xml.child(spec, "numCPUs").ifPresent(n -> set(vm, "config.hardware.numCPU", n.getTextContent()));
    Xml.child(spec, "memoryMB").ifPresent(m -> set(vm, "config.hardware.memoryMB",
        m.getTextContent()));
    for (Element change : Xml.children(spec, "deviceChange")) {
      String key = Xml.path(change, "device", "key").orElseThrow().getTextContent();
      Xml.child(change, "profile").ifPresent(profile -> pbm.associate(vmId + ":" + key,
          "VirtualMachineDefinedProfileSpec".equals(Xml.xsiType(profile))
              ? Xml.text(profile, "profileId") : null));
    }
    return task("ReconfigVM_Task", Optional.empty());
  }

  private String power(String method, String vmId, String state) {
    Element vm = objectById(vms, vmId);
    if (state.equals(property(vm, "runtime.powerState"))) {
      return task(method, Optional.of("error"));
    }
    set(vm, "runtime.powerState", state);
    return task(method, Optional.empty());
  }

  private String host(String method, Element target, String path, String value) {
    set(objectById(hosts, target.getTextContent()), path, value);
    if (method.equals("ShutdownHost_Task") || method.equals("PowerUpHostFromStandBy_Task")) {
      set(objectById(hosts, target.getTextContent()), "runtime.connectionState",
          value.equals("poweredOn") ? "connected" : "notResponding");
    }
    return task(method, Optional.empty());
  }

  private String task(String method, Optional<String> forced) {
    String id = "task-" + nextTask.incrementAndGet();
    taskStates.put(id, forced.orElse(outcomes.getOrDefault(method, "success")));
    return Payloads.text("vim/ReconfigVM_Task.xml")
        .replace("ReconfigVM_TaskResponse", method + "Response").replace("task-101", id);
  }

  private String task(String id) {
    String state = taskStates.getOrDefault(id, "success");
    if (state.equals("error")) {
      return Payloads.text("vim/RetrievePropertiesEx-task-error.xml").replace("task-105", id);
    }
    return Payloads.text("vim/RetrievePropertiesEx-task-success.xml").replace("task-87", id)
        .replace(">success<", ">" + state + "<");
  }

  private static Element object(Document document, String name) {
    return objects(document).stream().filter(o -> name.equals(property(o, "name"))).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no object named " + name));
  }

  private static Element objectById(Document document, String id) {
    return objects(document).stream().filter(o -> id.equals(Xml.text(o, "obj"))).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no object " + id));
  }

  private static List<Element> objects(Document document) {
    Element returnval = Xml.child(Payloads.bodyContent(document), "returnval").orElseThrow();
    return Xml.children(returnval, "objects");
  }

  private static String property(Element object, String path) {
    return Xml.children(object, "propSet").stream()
        .filter(p -> path.equals(Xml.text(p, "name"))).findFirst()
        .map(p -> Xml.text(p, "val")).orElse("");
  }

  private static void set(Element object, String path, String value) {
    Xml.children(object, "propSet").stream().filter(p -> path.equals(Xml.text(p, "name")))
        .findFirst().flatMap(p -> Xml.child(p, "val"))
        .orElseThrow(() -> new IllegalArgumentException("no property " + path))
        .setTextContent(value);
  }
}
