package main

import (
	"net/http"
	"sync"

	"github.com/vmware/govmomi/simulator"
	"github.com/vmware/govmomi/vim25/methods"
	"github.com/vmware/govmomi/vim25/soap"
	vim "github.com/vmware/govmomi/vim25/types"
)

// guest is what a VM's guest does when asked to shut down.
type guest struct {
	tools bool // VMware Tools installed: running whenever the VM is on
	hangs bool // ShutdownGuest is accepted but the guest never powers off
}

// guestTable holds each VM's guest by name; VMs not listed have tools and shut down cleanly
// unless -tools=false.
type guestTable struct {
	mu       sync.Mutex
	byName   map[string]guest
	defaults guest
}

func newGuestTable(tools bool) *guestTable {
	return &guestTable{byName: map[string]guest{}, defaults: guest{tools: tools}}
}

func (t *guestTable) of(name string) guest {
	t.mu.Lock()
	defer t.mu.Unlock()
	if g, ok := t.byName[name]; ok {
		return g
	}
	return t.defaults
}

// serve answers POST /refarch/guest?vm=NAME&tools=true|false&hangs=true|false. The VM's
// guest.toolsRunningStatus follows at its next power change.
func (t *guestTable) serve(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if r.Method != http.MethodPost || q.Get("vm") == "" {
		http.Error(w, "POST vm=NAME&tools=true|false&hangs=true|false expected", http.StatusBadRequest)
		return
	}
	t.mu.Lock()
	t.byName[q.Get("vm")] = guest{tools: q.Get("tools") != "false", hangs: q.Get("hangs") == "true"}
	t.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func toolsStatus(running bool) string {
	if running {
		return string(vim.VirtualMachineToolsRunningStatusGuestToolsRunning)
	}
	return string(vim.VirtualMachineToolsRunningStatusGuestToolsNotRunning)
}

// startTools marks VMware Tools running in every powered-on VM whose guest has them.
func startTools(model *simulator.Model, guests *guestTable) {
	for _, entity := range model.Map().All("VirtualMachine") {
		vm := entity.(*simulator.VirtualMachine)
		on := vm.Runtime.PowerState == vim.VirtualMachinePowerStatePoweredOn
		vm.Guest.ToolsRunningStatus = toolsStatus(on && guests.of(vm.Name).tools)
	}
}

// guestVM adds what vCenter does with the guest: ShutdownGuest needs VMware Tools running
// (ToolsUnavailable otherwise, as the vim25 reference says) and may be ignored by a hung guest;
// VMware Tools stop when the VM powers off and run again when it powers on.
type guestVM struct {
	*simulator.VirtualMachine
	guests *guestTable
}

func (vm *guestVM) setTools(ctx *simulator.Context, running bool) {
	ctx.Update(vm.VirtualMachine, []vim.PropertyChange{
		{Name: "guest.toolsRunningStatus", Val: toolsStatus(running)},
	})
}

func (vm *guestVM) ShutdownGuest(ctx *simulator.Context, req *vim.ShutdownGuest) soap.HasFault {
	g := vm.guests.of(vm.Name)
	running := vm.Guest.ToolsRunningStatus == string(vim.VirtualMachineToolsRunningStatusGuestToolsRunning)
	if vm.Runtime.PowerState == vim.VirtualMachinePowerStatePoweredOn && !running {
		return &methods.ShutdownGuestBody{Fault_: simulator.Fault("VMware Tools is not running", &vim.ToolsUnavailable{})}
	}
	if g.hangs && vm.Runtime.PowerState == vim.VirtualMachinePowerStatePoweredOn {
		return &methods.ShutdownGuestBody{Res: new(vim.ShutdownGuestResponse)}
	}
	body := vm.VirtualMachine.ShutdownGuest(ctx, req)
	if body.Fault() == nil {
		vm.setTools(ctx, false)
	}
	return body
}

func (vm *guestVM) PowerOffVMTask(ctx *simulator.Context, req *vim.PowerOffVM_Task) soap.HasFault {
	vm.setTools(ctx, false)
	return vm.VirtualMachine.PowerOffVMTask(ctx, req)
}

func (vm *guestVM) PowerOnVMTask(ctx *simulator.Context, req *vim.PowerOnVM_Task) soap.HasFault {
	body := vm.VirtualMachine.PowerOnVMTask(ctx, req)
	if body.Fault() == nil {
		vm.setTools(ctx, vm.guests.of(vm.Name).tools)
	}
	return body
}
