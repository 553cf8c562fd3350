package main

import (
	"fmt"

	"github.com/vmware/govmomi/simulator"
	"github.com/vmware/govmomi/vim25/methods"
	"github.com/vmware/govmomi/vim25/mo"
	"github.com/vmware/govmomi/vim25/soap"
	"github.com/vmware/govmomi/vim25/types"
)

// vimHandler first lets the change log refuse a call a test asked to fail, then routes the few
// vim25 calls whose behaviour we extend to wrappers of the simulator's objects. The wrapper goes
// into the caller's session registry, because the simulator dispatches a session's calls to the
// session registry's object (falling back to the global one) after consulting this handler. The
// global registry keeps the simulator's own objects, so its internal type assertions
// (*simulator.HostSystem, *simulator.VirtualMachine) keep working.
func vimHandler(store *policyStore, changes *changeLog, guests *guestTable) func(*simulator.Context, *simulator.Method) (mo.Reference, types.BaseMethodFault) {
	return func(ctx *simulator.Context, m *simulator.Method) (mo.Reference, types.BaseMethodFault) {
		if fault := changes.check(m.Name, m.This); fault != nil {
			return nil, fault
		}
		var wrapper mo.Reference
		switch obj := ctx.Map.Get(m.This).(type) {
		case *simulator.VirtualMachine:
			switch m.Name {
			case "ReconfigVM_Task":
				wrapper = &policyRecordingVM{VirtualMachine: obj, store: store}
			case "ShutdownGuest", "PowerOffVM_Task", "PowerOnVM_Task":
				wrapper = &guestVM{VirtualMachine: obj, guests: guests}
			}
		case *simulator.HostSystem:
			switch m.Name {
			case "ShutdownHost_Task", "PowerUpHostFromStandBy_Task", "PowerDownHostToStandBy_Task":
				wrapper = &powerManagedHost{HostSystem: obj}
			}
		}
		if wrapper != nil && ctx.Session != nil {
			ctx.Session.Registry.Put(wrapper)
		}
		return wrapper, nil
	}
}

// policyRecordingVM records the storage policy named by each disk's VirtualDeviceConfigSpec.profile
// before handing the reconfigure to the simulator, as vCenter associates it with the disk.
type policyRecordingVM struct {
	*simulator.VirtualMachine
	store *policyStore
}

func (vm *policyRecordingVM) ReconfigVMTask(ctx *simulator.Context, req *types.ReconfigVM_Task) soap.HasFault {
	for _, change := range req.Spec.DeviceChange {
		spec := change.GetVirtualDeviceConfigSpec()
		if spec.Operation != types.VirtualDeviceConfigSpecOperationEdit || len(spec.Profile) == 0 {
			continue
		}
		key := spec.Device.GetVirtualDevice().Key
		entity := fmt.Sprintf("%s:%d", vm.Self.Value, key)
		if fault := vm.store.associate(entity, spec.Profile[0]); fault != nil {
			return &methods.ReconfigVM_TaskBody{Fault_: simulator.Fault("", fault)}
		}
	}
	return vm.VirtualMachine.ReconfigVMTask(ctx, req)
}

// powerManagedHost adds host power as the vim25 reference describes it: shutdown (powering off
// the host's VMs, as a failed host does; the host is then poweredOff and not responding), standby
// (refused while a VM on the host is powered on, as the task "completes only if there are no
// powered-on virtual machines on the host"), and power-up, which wakes a host from standby only
// and answers InvalidState for a host that was shut down ("a state from which it cannot be woken
// up (e.g., disconnected, poweredOff)").
type powerManagedHost struct {
	*simulator.HostSystem
}

func (h *powerManagedHost) ShutdownHostTask(ctx *simulator.Context, req *types.ShutdownHost_Task) soap.HasFault {
	task := simulator.CreateTask(h.HostSystem, "shutdownHost", func(*simulator.Task) (types.AnyType, types.BaseMethodFault) {
		if !req.Force && !h.Runtime.InMaintenanceMode {
			return nil, &types.InvalidState{}
		}
		// The VMs are off when the shutdown task completes, as they are when a host fails.
		for _, ref := range h.Vm {
			if vm, ok := ctx.Map.Get(ref).(*simulator.VirtualMachine); ok &&
				vm.Runtime.PowerState == types.VirtualMachinePowerStatePoweredOn {
				body := vm.PowerOffVMTask(ctx, &types.PowerOffVM_Task{This: ref}).(*methods.PowerOffVM_TaskBody)
				if task, ok := ctx.Map.Get(body.Res.Returnval).(*simulator.Task); ok {
					task.Wait()
				}
			}
		}
		ctx.Update(h.HostSystem, []types.PropertyChange{
			{Name: "runtime.powerState", Val: types.HostSystemPowerStatePoweredOff},
			{Name: "runtime.connectionState", Val: types.HostSystemConnectionStateNotResponding},
		})
		return nil, nil
	})
	return &methods.ShutdownHost_TaskBody{Res: &types.ShutdownHost_TaskResponse{Returnval: task.Run(ctx)}}
}

func (h *powerManagedHost) PowerDownHostToStandByTask(ctx *simulator.Context, req *types.PowerDownHostToStandBy_Task) soap.HasFault {
	task := simulator.CreateTask(h.HostSystem, "powerDownHostToStandBy", func(*simulator.Task) (types.AnyType, types.BaseMethodFault) {
		for _, ref := range h.Vm {
			if vm, ok := ctx.Map.Get(ref).(*simulator.VirtualMachine); ok &&
				vm.Runtime.PowerState == types.VirtualMachinePowerStatePoweredOn {
				return nil, &types.InvalidState{}
			}
		}
		ctx.Update(h.HostSystem, []types.PropertyChange{
			{Name: "runtime.powerState", Val: types.HostSystemPowerStateStandBy},
		})
		return nil, nil
	})
	return &methods.PowerDownHostToStandBy_TaskBody{Res: &types.PowerDownHostToStandBy_TaskResponse{Returnval: task.Run(ctx)}}
}

func (h *powerManagedHost) PowerUpHostFromStandByTask(ctx *simulator.Context, req *types.PowerUpHostFromStandBy_Task) soap.HasFault {
	task := simulator.CreateTask(h.HostSystem, "powerUpHostFromStandBy", func(*simulator.Task) (types.AnyType, types.BaseMethodFault) {
		if h.Runtime.PowerState != types.HostSystemPowerStateStandBy {
			return nil, &types.InvalidState{}
		}
		ctx.Update(h.HostSystem, []types.PropertyChange{
			{Name: "runtime.powerState", Val: types.HostSystemPowerStatePoweredOn},
			{Name: "runtime.connectionState", Val: types.HostSystemConnectionStateConnected},
		})
		return nil, nil
	})
	return &methods.PowerUpHostFromStandBy_TaskBody{Res: &types.PowerUpHostFromStandBy_TaskResponse{Returnval: task.Run(ctx)}}
}
