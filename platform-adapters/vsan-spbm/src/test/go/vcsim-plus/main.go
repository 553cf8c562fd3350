// Command vcsim-plus is govmomi's vCenter simulator with the stateful storage-policy behaviour
// that stock vcsim lacks and that the vsan-spbm adapter's integration tests need:
// PbmUpdate, PbmQueryAssociatedProfile fed by ReconfigVM_Task's profile specs, PbmCheckCompliance
// that takes a few checks to settle (like a vSAN resync), host shutdown, standby and power-up,
// guests with VMware Tools that shut down (or hang) on ShutdownGuest, the vSAN performance service
// answering from points a test records (see vsanperf.go), and test-control endpoints under
// /refarch/ that count changing calls and refuse the n-th one (see changes.go).
//
// It prints the same "export GOVC_URL=..." line as vcsim so that one launcher serves both.
package main

import (
	"context"
	"crypto/tls"
	"flag"
	"fmt"
	"log"
	"net/url"
	"os"
	"os/signal"
	"syscall"

	"github.com/vmware/govmomi"
	"github.com/vmware/govmomi/object"
	"github.com/vmware/govmomi/simulator"
)

func main() {
	listen := flag.String("l", "127.0.0.1:0", "listen address")
	user := flag.String("username", "", "login user name (any when empty)")
	pass := flag.String("password", "", "login password (any when empty)")
	hosts := flag.Int("host", 4, "hosts per cluster (RAID-5 needs 4, RAID-6 needs 6)")
	vms := flag.Int("vm", 2, "virtual machines per resource pool")
	dataDisks := flag.Int("data-disks", 1, "extra disks added to every VM, beside its OS disk")
	settle := flag.Int("compliance-checks", 2, "compliance checks answered nonCompliant/inProgress after a policy is applied")
	trace := flag.String("trace-file", "", "write every SOAP request and response to this file")
	tools := flag.Bool("tools", true, "guests have VMware Tools, running while the VM is on")
	perfInterval := flag.Int("perf-interval", 300, "the vSAN performance service's collection interval, in seconds")
	flag.Parse()

	if *trace != "" {
		f, err := os.Create(*trace)
		if err != nil {
			log.Fatal(err)
		}
		defer f.Close()
		simulator.Trace, simulator.TraceFile = true, f
	}

	model := simulator.VPX()
	model.ClusterHost = *hosts
	model.Machine = *vms
	if err := model.Create(); err != nil {
		log.Fatal(err)
	}
	defer model.Remove()

	store := newPolicyStore(*settle)
	changes := newChangeLog()
	guests := newGuestTable(*tools)
	startTools(model, guests)
	for _, entity := range model.Map().All("HostSystem") {
		// Hosts as configured for DPM (a wake protocol): standby and power-up are allowed.
		entity.(*simulator.HostSystem).Capability.StandbySupported = true
	}
	model.Map().Handler = vimHandler(store, changes, guests)
	registerPbm(store, changes)
	registerControl(changes, guests)
	registerVsanPerf(newPerfService(*perfInterval))

	u := &url.URL{Host: *listen}
	if *user != "" {
		u.User = url.UserPassword(*user, *pass)
	}
	model.Service.RegisterEndpoints = true
	model.Service.Listen = u
	model.Service.TLS = new(tls.Config)
	server := model.Service.NewServer()
	defer server.Close()

	if err := addDataDisks(model, server.URL, *dataDisks); err != nil {
		log.Fatal(err)
	}

	fmt.Printf("export GOVC_URL=%s GOVC_SIM_PID=%d\n", server.URL, os.Getpid())

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	<-sig
}

// addDataDisks gives every VM n more disks of 10 GiB on its first datastore, so that the adapter's
// default disk selection ("all but the first disk") has something to choose.
func addDataDisks(model *simulator.Model, u *url.URL, n int) error {
	if n == 0 {
		return nil
	}
	ctx := context.Background()
	c, err := govmomi.NewClient(ctx, u, true)
	if err != nil {
		return err
	}
	defer c.Logout(ctx)
	for _, entity := range model.Map().All("VirtualMachine") {
		sim := entity.(*simulator.VirtualMachine)
		vm := object.NewVirtualMachine(c.Client, sim.Self)
		for i := 0; i < n; i++ {
			devices, err := vm.Device(ctx)
			if err != nil {
				return err
			}
			controller, err := devices.FindDiskController("")
			if err != nil {
				return err
			}
			disk := devices.CreateDisk(controller, sim.Datastore[0], "")
			disk.CapacityInKB = 10 * 1024 * 1024
			if err := vm.AddDevice(ctx, disk); err != nil {
				return err
			}
		}
	}
	return nil
}
