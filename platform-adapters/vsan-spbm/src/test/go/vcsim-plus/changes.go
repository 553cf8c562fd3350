package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"

	"github.com/vmware/govmomi/simulator"
	vim "github.com/vmware/govmomi/vim25/types"
)

// changingMethods are the calls that change inventory or policy state: the steps of the adapter's
// hooks and faults. Reads (PropertyCollector, PBM queries, compliance checks) are not counted.
var changingMethods = map[string]bool{
	"ReconfigVM_Task": true, "PowerOnVM_Task": true, "PowerOffVM_Task": true,
	"ShutdownGuest": true, "PbmCreate": true, "PbmUpdate": true, "PbmDelete": true,
	"ShutdownHost_Task": true, "PowerDownHostToStandBy_Task": true,
	"PowerUpHostFromStandBy_Task": true, "EnterMaintenanceMode_Task": true,
	"ExitMaintenanceMode_Task": true, "DisconnectHost_Task": true, "ReconnectHost_Task": true,
}

// changeLog counts changing calls and, when a test asks, refuses the n-th one from then on with a
// SystemError — once, or for good (that call on that object, every time after) — so that the
// adapter's integration tests can fail a hook at every step in turn. State is per simulator.
type changeLog struct {
	mu      sync.Mutex
	seen    []string
	failAt  int
	forGood bool
	refused map[string]bool
}

func newChangeLog() *changeLog {
	return &changeLog{refused: map[string]bool{}}
}

// check records a call and returns the fault to answer instead, or nil to carry it out.
func (l *changeLog) check(method string, this vim.ManagedObjectReference) vim.BaseMethodFault {
	if !changingMethods[method] {
		return nil
	}
	call := method + " " + this.Value
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.refused[call] {
		return &vim.SystemError{Reason: "injected failure of " + call + " (refused for good)"}
	}
	l.seen = append(l.seen, call)
	if l.failAt == 0 || len(l.seen) != l.failAt {
		return nil
	}
	l.failAt = 0
	if l.forGood {
		l.refused[call] = true
	}
	return &vim.SystemError{Reason: fmt.Sprintf("injected failure of change %d, %s", len(l.seen), call)}
}

// serve answers GET /refarch/changes (the changes seen since the last arming, as JSON) and
// POST /refarch/changes?fail=N[&forGood=true][&refuse=METHOD+MOREF...] (start counting again and
// refuse the N-th change, and each listed call for good; fail=0 without refuse lifts every refusal).
func (l *changeLog) serve(w http.ResponseWriter, r *http.Request) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if r.Method == http.MethodPost {
		n, err := strconv.Atoi(r.URL.Query().Get("fail"))
		if err != nil || n < 0 {
			http.Error(w, "fail=N with N >= 0 expected", http.StatusBadRequest)
			return
		}
		l.failAt, l.forGood, l.seen, l.refused = n, r.URL.Query().Get("forGood") == "true", nil, map[string]bool{}
		for _, call := range r.URL.Query()["refuse"] {
			l.refused[call] = true
		}
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"changes": append([]string{}, l.seen...)})
}

// registerControl adds the test-control endpoints under /refarch/ to every simulator started.
func registerControl(changes *changeLog, guests *guestTable) {
	simulator.RegisterEndpoint(func(s *simulator.Service, _ *simulator.Registry) {
		s.Handle("/refarch/changes", http.HandlerFunc(changes.serve))
		s.Handle("/refarch/guest", http.HandlerFunc(guests.serve))
	})
}
