package main

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/vmware/govmomi/pbm/methods"
	pbmsim "github.com/vmware/govmomi/pbm/simulator"
	"github.com/vmware/govmomi/pbm/types"
	"github.com/vmware/govmomi/simulator"
	"github.com/vmware/govmomi/vim25"
	"github.com/vmware/govmomi/vim25/mo"
	"github.com/vmware/govmomi/vim25/soap"
	vim "github.com/vmware/govmomi/vim25/types"
)

// association is the policy a disk was reconfigured with and the policy generation it saw.
type association struct {
	profileID  string
	generation int64
	checks     int
}

// policyStore is the state stock vcsim does not keep: which policy each disk carries.
type policyStore struct {
	mu       sync.Mutex
	settle   int
	assoc    map[string]*association
	profiles *pbmsim.ProfileManager
}

func newPolicyStore(settle int) *policyStore {
	return &policyStore{settle: settle, assoc: map[string]*association{}}
}

// associate records a disk's policy; default and empty profile specs clear it.
func (s *policyStore) associate(entity string, spec vim.BaseVirtualMachineProfileSpec) vim.BaseMethodFault {
	s.mu.Lock()
	defer s.mu.Unlock()
	defined, ok := spec.(*vim.VirtualMachineDefinedProfileSpec)
	if !ok {
		delete(s.assoc, entity)
		return nil
	}
	profile := s.profile(defined.ProfileId)
	if profile == nil {
		return &vim.InvalidArgument{InvalidProperty: "profileId"}
	}
	s.assoc[entity] = &association{profileID: defined.ProfileId, generation: profile.GenerationId}
	return nil
}

func (s *policyStore) profile(id string) *types.PbmCapabilityProfile {
	body := s.profiles.PbmRetrieveContent(&types.PbmRetrieveContent{
		ProfileIds: []types.PbmProfileId{{UniqueId: id}},
	}).(*methods.PbmRetrieveContentBody)
	if body.Fault_ != nil || body.Res == nil || len(body.Res.Returnval) == 0 {
		return nil
	}
	p, _ := body.Res.Returnval[0].(*types.PbmCapabilityProfile)
	return p
}

func registerPbm(store *policyStore, changes *changeLog) {
	simulator.RegisterEndpoint(func(s *simulator.Service, _ *simulator.Registry) {
		r := pbmsim.New()
		r.Handler = func(ctx *simulator.Context, m *simulator.Method) (mo.Reference, vim.BaseMethodFault) {
			return nil, changes.check(m.Name, m.This)
		}
		ref := vim.ManagedObjectReference{Type: "PbmProfileProfileManager", Value: "ProfileManager"}
		store.profiles = r.Get(ref).(*pbmsim.ProfileManager)
		r.Put(&profileManager{ProfileManager: store.profiles, store: store})
		r.Put(&complianceManager{
			ManagedObjectReference: vim.ManagedObjectReference{Type: "PbmComplianceManager", Value: "complianceManager"},
			store:                  store,
		})
		s.RegisterSDK(r) // merges over the stock PBM endpoint's objects at the same path
	})
}

// profileManager adds update and disk association queries to the simulator's profile manager.
type profileManager struct {
	*pbmsim.ProfileManager
	store *policyStore
}

func (m *profileManager) PbmUpdate(req *types.PbmUpdate) soap.HasFault {
	body := new(methods.PbmUpdateBody)
	m.store.mu.Lock()
	defer m.store.mu.Unlock()
	p := m.store.profile(req.ProfileId.UniqueId)
	if p == nil {
		body.Fault_ = simulator.Fault("", &vim.InvalidArgument{InvalidProperty: "profileId"})
		return body
	}
	if req.UpdateSpec.Name != "" {
		p.Name = req.UpdateSpec.Name
	}
	if req.UpdateSpec.Description != "" {
		p.Description = req.UpdateSpec.Description
	}
	if req.UpdateSpec.Constraints != nil {
		p.Constraints = req.UpdateSpec.Constraints
	}
	p.GenerationId++
	p.LastUpdatedTime = time.Now()
	body.Res = new(types.PbmUpdateResponse)
	return body
}

// PbmDelete refuses to delete a policy a disk still carries, answering the operation outcome's
// fault PbmResourceInUse as PBM does; other policies are deleted by the simulator.
func (m *profileManager) PbmDelete(req *types.PbmDelete) soap.HasFault {
	m.store.mu.Lock()
	inUse := map[string]int{}
	for _, a := range m.store.assoc {
		inUse[a.profileID]++
	}
	m.store.mu.Unlock()
	var free []types.PbmProfileId
	var outcomes []types.PbmProfileOperationOutcome
	for _, id := range req.ProfileId {
		if n := inUse[id.UniqueId]; n > 0 {
			outcomes = append(outcomes, types.PbmProfileOperationOutcome{ProfileId: id,
				Fault: &vim.LocalizedMethodFault{
					Fault:            &types.PbmResourceInUse{Type: "profile", Name: id.UniqueId},
					LocalizedMessage: fmt.Sprintf("the policy is in use by %d virtual disk(s)", n),
				}})
			continue
		}
		free = append(free, id)
	}
	body := m.ProfileManager.PbmDelete(&types.PbmDelete{This: req.This, ProfileId: free}).(*methods.PbmDeleteBody)
	if body.Res != nil {
		body.Res.Returnval = append(body.Res.Returnval, outcomes...)
	}
	return body
}

func (m *profileManager) PbmQueryAssociatedProfile(req *types.PbmQueryAssociatedProfile) soap.HasFault {
	body := &methods.PbmQueryAssociatedProfileBody{Res: new(types.PbmQueryAssociatedProfileResponse)}
	m.store.mu.Lock()
	defer m.store.mu.Unlock()
	if a, ok := m.store.assoc[req.Entity.Key]; ok {
		body.Res.Returnval = []types.PbmProfileId{{UniqueId: a.profileID}}
	}
	return body
}

// complianceManager answers like vSAN after a policy change: nonCompliant while the objects are
// being reconfigured (a few checks), outOfDate after the policy changed until it is reapplied,
// nonCompliant for good when the cluster has too few hosts for the rules, else compliant.
type complianceManager struct {
	vim.ManagedObjectReference
	store *policyStore
}

func (c *complianceManager) PbmCheckCompliance(ctx *simulator.Context, req *types.PbmCheckCompliance) soap.HasFault {
	body := &methods.PbmCheckComplianceBody{Res: new(types.PbmCheckComplianceResponse)}
	hosts := len(ctx.For(vim25.Path).Map.All("HostSystem"))
	c.store.mu.Lock()
	defer c.store.mu.Unlock()
	for _, entity := range req.Entities {
		result := types.PbmComplianceResult{CheckTime: time.Now(), Entity: entity, ComplianceStatus: "notApplicable"}
		if a, ok := c.store.assoc[entity.Key]; ok {
			result.Profile = &types.PbmProfileId{UniqueId: a.profileID}
			result.ComplianceStatus, result.ComplianceTaskStatus = c.status(a, hosts)
			result.Mismatch = result.ComplianceStatus == "outOfDate"
		}
		body.Res.Returnval = append(body.Res.Returnval, result)
	}
	return body
}

func (c *complianceManager) status(a *association, hosts int) (string, string) {
	p := c.store.profile(a.profileID)
	switch {
	case p == nil:
		return "unknown", "failed"
	case p.GenerationId != a.generation:
		return "outOfDate", "success"
	case hostsNeeded(p) > hosts:
		return "nonCompliant", "success"
	case a.checks < c.store.settle:
		a.checks++
		return "nonCompliant", "inProgress"
	default:
		return "compliant", "success"
	}
}

// hostsNeeded is vSAN's placement rule: RAID-1 needs 2*FTT+1 hosts, RAID-5 four, RAID-6 six.
func hostsNeeded(p *types.PbmCapabilityProfile) int {
	ftt, erasure := 1, false
	constraints, ok := p.Constraints.(*types.PbmCapabilitySubProfileConstraints)
	if !ok {
		return 0
	}
	for _, sub := range constraints.SubProfiles {
		for _, capability := range sub.Capability {
			for _, constraint := range capability.Constraint {
				for _, prop := range constraint.PropertyInstance {
					switch prop.Id {
					case "hostFailuresToTolerate":
						if v, ok := prop.Value.(int32); ok {
							ftt = int(v)
						}
					case "replicaPreference":
						if v, ok := prop.Value.(string); ok {
							erasure = strings.Contains(v, "RAID-5/6")
						}
					}
				}
			}
		}
	}
	if erasure {
		return 2*ftt + 2
	}
	return 2*ftt + 1
}
