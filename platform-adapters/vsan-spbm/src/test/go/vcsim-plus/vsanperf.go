package main

import (
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/vmware/govmomi/simulator"
	"github.com/vmware/govmomi/vim25/soap"
	vim "github.com/vmware/govmomi/vim25/types"
	"github.com/vmware/govmomi/vsan"
	"github.com/vmware/govmomi/vsan/methods"
	vsansim "github.com/vmware/govmomi/vsan/simulator"
	"github.com/vmware/govmomi/vsan/types"
)

// A test double of the vSAN performance service (VsanPerformanceManager at /vsanHealth), which
// neither stock vcsim nor govmomi's vSAN simulator has. Its requests and answers are govmomi's
// vSAN types, generated from VMware's vSAN WSDL. It keeps what a cluster's statistics collector
// would have recorded, one point per entity per collection interval, as tests record it through
// POST /refarch/vsan-perf, and answers from it:
//   - VsanPerfGetSupportedEntityTypes: the "virtual-machine" entity type with its graphs and
//     their units (the figures the adapter samples);
//   - VsanPerfQueryPerf: for each query spec, the entity's points with startTime < t <= endTime
//     (an endTime later than the server's clock counts as now, as the API reference says),
//     as CSV (sampleInfo "yyyy-mm-dd hh:mm:ss" in UTC, each metric's values in the same order);
//     "type:*" selects every entity of the type; a NotFound fault while the service is off
//     (as a real cluster answers before its performance service is turned on), InvalidArgument
//     for a spec whose start is not before its end or an entityRefId without a type.

// sampleTime is the layout of sampleInfo's timestamps.
const sampleTime = "2006-01-02 15:04:05"

// vmGraphs are the virtual-machine entity's metrics, label and graph unit: the labels the vSAN
// Management API reference lists for the entity (VsanPerfTopQuerySpec.metricId), the units ours.
// Metric ids leave statsType and rollupType empty: the reference calls both "unused".
var vmGraphs = []struct{ label, unit string }{
	{"iopsRead", "number"},
	{"iopsWrite", "number"},
	{"throughputRead", "rate_bytes"},
	{"throughputWrite", "rate_bytes"},
	{"latencyRead", "time_ms"},
	{"latencyWrite", "time_ms"},
}

// perfPoint is one collection interval of one entity, ending at time.
type perfPoint struct {
	time   time.Time
	values map[string]float64
}

type perfService struct {
	vim.ManagedObjectReference

	mu       sync.Mutex
	enabled  bool
	interval int32 // seconds, reported as each metric's metricsCollectInterval
	points   map[string][]perfPoint
	queries  int
}

func newPerfService(interval int) *perfService {
	return &perfService{
		ManagedObjectReference: vsan.VsanPerformanceManagerInstance,
		enabled:                true,
		interval:               int32(interval),
		points:                 map[string][]perfPoint{},
	}
}

func registerVsanPerf(p *perfService) {
	simulator.RegisterEndpoint(func(s *simulator.Service, r *simulator.Registry) {
		if !r.IsVPX() {
			return
		}
		sdk := vsansim.New()
		sdk.Put(p)
		s.RegisterSDK(sdk) // merges over govmomi's vSAN objects at the same path
		s.Handle("/refarch/vsan-perf", http.HandlerFunc(p.serve))
	})
}

func (p *perfService) VsanPerfGetSupportedEntityTypes(ctx *simulator.Context, req *types.VsanPerfGetSupportedEntityTypes) soap.HasFault {
	entity := types.VsanPerfEntityType{Name: "virtual-machine", Id: "virtual-machine",
		Description: "Virtual machine consumption"}
	for _, g := range vmGraphs {
		entity.Graphs = append(entity.Graphs, types.VsanPerfGraph{Id: g.label, Unit: g.unit,
			Metrics: []types.VsanPerfMetricId{p.metricID(g.label)}})
	}
	return &methods.VsanPerfGetSupportedEntityTypesBody{
		Res: &types.VsanPerfGetSupportedEntityTypesResponse{Returnval: []types.VsanPerfEntityType{entity}},
	}
}

func (p *perfService) metricID(label string) types.VsanPerfMetricId {
	return types.VsanPerfMetricId{Label: label, Group: "virtual-machine", MetricsCollectInterval: p.interval}
}

func (p *perfService) VsanPerfQueryPerf(ctx *simulator.Context, req *types.VsanPerfQueryPerf) soap.HasFault {
	body := &methods.VsanPerfQueryPerfBody{}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.queries++
	if !p.enabled {
		body.Fault_ = simulator.Fault("vSAN performance service is not enabled", &vim.NotFound{})
		return body
	}
	var out []types.VsanPerfEntityMetricCSV
	for _, spec := range req.QuerySpecs {
		kind, id, ok := strings.Cut(spec.EntityRefId, ":")
		if !ok || kind == "" || id == "" {
			body.Fault_ = simulator.Fault("entityRefId "+spec.EntityRefId+" is not <type>:<uuid>",
				&vim.InvalidArgument{InvalidProperty: "querySpecs.entityRefId"})
			return body
		}
		if spec.StartTime == nil || spec.EndTime == nil || !spec.StartTime.Before(*spec.EndTime) {
			body.Fault_ = simulator.Fault("startTime must be before endTime",
				&vim.InvalidArgument{InvalidProperty: "querySpecs.startTime"})
			return body
		}
		end := *spec.EndTime
		if now := time.Now(); end.After(now) {
			end = now // "replaced by current server time if it is later" (VsanPerfQuerySpec)
		}
		for _, ref := range p.entities(kind, id) {
			if csv, ok := p.csv(ref, *spec.StartTime, end); ok {
				out = append(out, csv)
			}
		}
	}
	body.Res = &types.VsanPerfQueryPerfResponse{Returnval: out}
	return body
}

// entities are the recorded entity refs of a type, one or all ("*"), sorted.
func (p *perfService) entities(kind, id string) []string {
	if id != "*" {
		return []string{kind + ":" + id}
	}
	var refs []string
	for ref := range p.points {
		if strings.HasPrefix(ref, kind+":") {
			refs = append(refs, ref)
		}
	}
	sort.Strings(refs)
	return refs
}

func (p *perfService) csv(ref string, start, end time.Time) (types.VsanPerfEntityMetricCSV, bool) {
	var times []string
	values := map[string][]string{}
	for _, point := range p.points[ref] {
		if !point.time.After(start) || point.time.After(end) {
			continue
		}
		times = append(times, point.time.UTC().Format(sampleTime))
		for _, g := range vmGraphs {
			v, ok := point.values[g.label]
			text := "None" // a gap: not a number, which a reader must skip
			if ok {
				text = strconv.FormatFloat(v, 'f', -1, 64)
			}
			values[g.label] = append(values[g.label], text)
		}
	}
	if len(times) == 0 {
		return types.VsanPerfEntityMetricCSV{}, false
	}
	csv := types.VsanPerfEntityMetricCSV{EntityRefId: ref, SampleInfo: strings.Join(times, ",")}
	for _, g := range vmGraphs {
		csv.Value = append(csv.Value, types.VsanPerfMetricSeriesCSV{
			MetricId: p.metricID(g.label), Values: strings.Join(values[g.label], ",")})
	}
	return csv, true
}

// serve answers the test-control endpoint:
//   - POST /refarch/vsan-perf?entity=virtual-machine:UUID&time=EPOCH_SECONDS&iopsRead=N&...
//     records one point (metrics left out are gaps);
//   - POST /refarch/vsan-perf?enabled=true|false turns the service on or off;
//   - GET /refarch/vsan-perf gives {"enabled":..,"queries":..,"points":..} (queries answered).
func (p *perfService) serve(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	p.mu.Lock()
	defer p.mu.Unlock()
	if r.Method == http.MethodPost {
		if e := q.Get("enabled"); e != "" {
			p.enabled = e == "true"
		} else if err := p.record(q); err != "" {
			http.Error(w, err, http.StatusBadRequest)
			return
		}
	}
	n := 0
	for _, points := range p.points {
		n += len(points)
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"enabled": p.enabled, "queries": p.queries, "points": n})
}

func (p *perfService) record(q map[string][]string) string {
	get := func(k string) string {
		if v := q[k]; len(v) > 0 {
			return v[0]
		}
		return ""
	}
	entity := get("entity")
	if !strings.Contains(entity, ":") {
		return "entity=<type>:<uuid> expected"
	}
	seconds, err := strconv.ParseInt(get("time"), 10, 64)
	if err != nil {
		return "time=<epoch seconds> expected"
	}
	point := perfPoint{time: time.Unix(seconds, 0).UTC(), values: map[string]float64{}}
	for _, g := range vmGraphs {
		if text := get(g.label); text != "" {
			v, err := strconv.ParseFloat(text, 64)
			if err != nil {
				return g.label + "=<number> expected"
			}
			point.values[g.label] = v
		}
	}
	p.points[entity] = append(p.points[entity], point)
	sort.Slice(p.points[entity], func(i, j int) bool {
		return p.points[entity][i].time.Before(p.points[entity][j].time)
	})
	return ""
}
