// Command k8sall is one binary holding the parts of a single-node Kubernetes v1.31 that the
// project's local cluster (src/bin/k8s-up) starts: kube-apiserver, kube-controller-manager,
// kube-scheduler, kubelet, and CoreDNS with only the plugins that answer cluster names. One
// binary links the shared Kubernetes libraries once, so a cold build compiles them once.
//
// Not built in: kube-proxy (every Service the project creates is headless, so cluster DNS
// answers pod addresses and no virtual IP needs routing) and kubectl (fabric8 and curl do what
// the project needs; any kubectl >= 1.30 works with the generated admin kubeconfig).
//
// Usage: k8sall COMPONENT [FLAGS...]
package main

import (
	"fmt"
	"os"

	"github.com/coredns/coredns/core/dnsserver"
	"github.com/coredns/coredns/coremain"
	_ "github.com/coredns/coredns/plugin/bind"
	_ "github.com/coredns/coredns/plugin/errors"
	_ "github.com/coredns/coredns/plugin/health"
	_ "github.com/coredns/coredns/plugin/kubernetes"
	_ "github.com/coredns/coredns/plugin/ready"
	"github.com/spf13/cobra"
	"k8s.io/component-base/cli"
	_ "k8s.io/component-base/logs/json/register"
	_ "k8s.io/component-base/metrics/prometheus/clientgo"
	_ "k8s.io/component-base/metrics/prometheus/version"
	apiserver "k8s.io/kubernetes/cmd/kube-apiserver/app"
	controllermanager "k8s.io/kubernetes/cmd/kube-controller-manager/app"
	scheduler "k8s.io/kubernetes/cmd/kube-scheduler/app"
	kubelet "k8s.io/kubernetes/cmd/kubelet/app"
)

// The CoreDNS plugins compiled in, in the order CoreDNS runs them: no forward, no cache of
// outside answers, nothing that could send a query off this machine.
var dnsPlugins = []string{"bind", "errors", "health", "ready", "kubernetes"}

var components = map[string]func() *cobra.Command{
	"kube-apiserver":          apiserver.NewAPIServerCommand,
	"kube-controller-manager": controllermanager.NewControllerManagerCommand,
	"kube-scheduler":          func() *cobra.Command { return scheduler.NewSchedulerCommand() },
	"kubelet":                 kubelet.NewKubeletCommand,
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: k8sall {kube-apiserver|kube-controller-manager|kube-scheduler|kubelet|coredns} [flags]")
		os.Exit(2)
	}
	name, args := os.Args[1], os.Args[2:]
	if name == "coredns" {
		dnsserver.Directives = dnsPlugins
		os.Args = append([]string{"coredns"}, args...)
		coremain.Run()
		return
	}
	command, ok := components[name]
	if !ok {
		fmt.Fprintf(os.Stderr, "k8sall: unknown component %q\n", name)
		os.Exit(2)
	}
	c := command()
	c.SetArgs(args)
	os.Exit(cli.Run(c))
}
